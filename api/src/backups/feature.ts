import type { Feature } from '../resources/feature';
import { backupRoutes } from './routes';

export const backupsFeature: Feature = { name: 'backups', routes: [backupRoutes], kinds: ['backup'] };
