import type { Feature } from '../resources/feature';
import { exportRoutes } from './routes';

/** The CSV and Excel exports of every feature's lists, which the registry gathers. */
export const exportsFeature: Feature = { name: 'exports', routes: (derived) => [exportRoutes(derived.exports)] };
