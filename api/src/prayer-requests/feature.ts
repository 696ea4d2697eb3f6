import { prayerRequestsExport } from './export';
import type { Feature } from '../resources/feature';
import { prayerRequestRoutes } from './routes';
import { addMissing } from '../resources/seed';
import { addPrayerRequest } from './repository';

const PRAYER_REQUESTS = [
  'Please pray for my mother, who is in hospital this week.',
  'For success in my final examinations.',
  'Thanksgiving for a safe journey home.',
];

export const prayerRequestsFeature: Feature = {
  name: 'prayer requests',
  routes: [prayerRequestRoutes],
  kinds: ['prayer request'],
  exports: [prayerRequestsExport],
  seed: ({ db }) =>
    addMissing(
      PRAYER_REQUESTS,
      (request) =>
        db.kysely.selectFrom('prayerRequests').select('_id').where('request', '=', request).executeTakeFirst(),
      (request) => addPrayerRequest(db, request),
    ),
};
