import type { Feature } from '../resources/feature';
import { analyticsRoutes } from './routes';

export const dashboardFeature: Feature = { name: 'dashboard', routes: [analyticsRoutes] };
