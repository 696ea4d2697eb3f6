import type { Feature } from '../resources/feature';
import { mailRoutes } from './routes';

export const mailFeature: Feature = { name: 'mail', routes: [mailRoutes] };
