import type { Feature } from '../resources/feature';
import { addAbout } from './repository';
import { aboutRoutes } from './routes';

const ABOUT_TEXT =
  'St. Mary Parish is a welcoming Catholic community. We gather for Mass every day, pray together and serve our neighbours.';

export const aboutFeature: Feature = {
  name: 'About Us',
  routes: [aboutRoutes],
  kinds: ['About Us'],
  history: ['about'],
  seed: async ({ db }) => {
    if (await db.kysely.selectFrom('about').select('_id').executeTakeFirst()) return 0;
    await addAbout(db, ABOUT_TEXT);
    return 1;
  },
};
