import type { Feature } from '../resources/feature';
import { twoFactorRoutes } from './routes';

export const twoFactorFeature: Feature = {
  name: 'two-step sign-in',
  routes: [twoFactorRoutes],
  kinds: ['account', 'team'],
};
