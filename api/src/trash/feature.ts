import type { Feature } from '../resources/feature';
import { trashRoutes } from './routes';

export const trashFeature: Feature = {
  name: 'trash',
  routes: [trashRoutes],
  kinds: ['trash'],
  // A record in the trash keeps its files until the entry is restored, deleted or pruned.
  files: [{ table: 'trashFiles', column: 'name' }],
};
