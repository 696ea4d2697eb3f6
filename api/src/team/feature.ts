import type { Feature } from '../resources/feature';
import { teamRoutes } from './routes';

export const teamFeature: Feature = { name: 'team', routes: [teamRoutes], kinds: ['team'] };
