import type { Feature } from '../resources/feature';
import { accountRoutes } from './routes';

export const accountFeature: Feature = { name: 'account', routes: [accountRoutes], kinds: ['account'] };
