import type { Feature } from '../resources/feature';
import { deployTokenRoutes } from './routes';

export const deployTokensFeature: Feature = {
  name: 'deploy tokens',
  routes: [deployTokenRoutes],
  kinds: ['deploy token'],
};
