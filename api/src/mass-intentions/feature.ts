import { massIntentionsExport } from './export';
import type { Feature } from '../resources/feature';
import { massIntentionRoutes } from './routes';
import { addMissing } from '../resources/seed';
import { addMassIntention } from './repository';
import type { MassIntentionInput } from './schemas';

const MASS_INTENTIONS: MassIntentionInput[] = [
  { fullname: 'Mary Okafor', email: 'mary.okafor@example.com', intention: 'Thanksgiving for a safe delivery' },
  { fullname: 'John Mensah', email: 'john.mensah@example.com', intention: 'For the repose of the soul of my father' },
  { fullname: 'Grace Adeyemi', email: 'grace.adeyemi@example.com', intention: 'For healing and good health' },
];

/** Mass intentions and the Masses they are placed in (masses/, whose routes these register). */
export const massesFeature: Feature = {
  name: 'Masses and intentions',
  routes: [massIntentionRoutes],
  kinds: ['mass intention', 'regular Mass', 'Mass'],
  exports: [massIntentionsExport],
  seed: ({ db }) =>
    addMissing(
      MASS_INTENTIONS,
      ({ email, intention }) =>
        db.kysely
          .selectFrom('massIntentions')
          .select('_id')
          .where('email', '=', email)
          .where('intention', '=', intention)
          .executeTakeFirst(),
      (input) => addMassIntention(db, input),
    ),
};
