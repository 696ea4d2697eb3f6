import type { Feature } from '../resources/feature';
import { clientReportRoutes } from './client-reports';
import { previewRoutes } from './preview';
import { versionRoutes } from './routes';
import { releaseRoutes } from './upload-routes';

export const releasesFeature: Feature = {
  name: 'releases',
  routes: [versionRoutes, clientReportRoutes, previewRoutes, releaseRoutes],
  kinds: ['release'],
};
