import type { Feature } from '../resources/feature';
import { authRoutes } from './routes';

export const signInFeature: Feature = { name: 'sign-in', routes: [authRoutes] };
