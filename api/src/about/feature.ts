import { resourceFeature } from '../resources/feature';
import { resourceRepository } from '../resources/repository';
import { aboutResource } from './resource';

const ABOUT_TEXT =
  'St. Mary Parish is a welcoming Catholic community. We gather for Mass every day, pray together and serve our neighbours.';

export const aboutFeature = resourceFeature(aboutResource, {
  name: 'About Us',
  // The text, unless the parish wrote one.
  seed: async ({ db, uploads }) => {
    const about = resourceRepository(aboutResource);
    if ((await about.list(db)).length) return 0;
    await about.add(db, uploads, { text: ABOUT_TEXT });
    return 1;
  },
});
