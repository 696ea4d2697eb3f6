import type { Feature } from '../resources/feature';
import { parishRoutes } from './routes';

export const parishFeature: Feature = { name: 'parish', routes: [parishRoutes], kinds: ['parish'] };
