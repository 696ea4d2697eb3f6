import { activityExport } from './export';
import type { Feature } from '../resources/feature';
import { activityRoutes } from './routes';

export const activityFeature: Feature = { name: 'activity', routes: [activityRoutes], exports: [activityExport] };
