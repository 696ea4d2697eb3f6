import type { Feature } from '../resources/feature';
import { forgotPasswordRoutes } from './forgot-password';
import { accountRoutes } from './routes';

export const accountFeature: Feature = {
  name: 'account',
  routes: [accountRoutes, forgotPasswordRoutes],
  kinds: ['account'],
};
