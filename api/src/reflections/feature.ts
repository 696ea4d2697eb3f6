import { resourceFeature } from '../resources/feature';
import { resourceSeed } from '../resources/seed';
import { reflectionResources } from './resource';
import { editorImageRoute } from './routes';
import type { ReflectionInput } from './schemas';

/** Today's reflection for each audience. */
function todays(): [ReflectionInput, ReflectionInput] {
  const date = new Date().toISOString().slice(0, 10);
  return [
    {
      date,
      topic: 'Faith that moves mountains',
      reflection: '<p>Faith is not the absence of doubt but <strong>trust</strong> in the One who calls us.</p>',
      bibleReading: 'Matthew 17:14–20',
      devotionalContent: '<ol><li>For those who struggle to believe</li><li>For our parish community</li></ol>',
      devotionalConfession: '<p>Name one worry and hand it over to God in prayer today.</p>',
      furtherReading: 'Hebrews 11:1–6',
      mass: 'Wisdom 1:1–7; Psalm 139; Luke 17:1–6',
    },
    {
      date,
      topic: 'The tiny mustard seed',
      reflection: '<p>Jesus says even a <em>tiny</em> faith can do great things!</p>',
      bibleReading: 'Matthew 17:20',
      devotionalContent: '<ul><li>Thank God for your family</li><li>Pray for a friend</li></ul>',
      devotionalConfession: '<p>Draw a mustard seed and a big tree, and tell someone what it means.</p>',
      furtherReading: 'Mark 4:30–32',
      mass: 'Luke 17:5–6',
    },
  ];
}

export const reflectionsFeature = resourceFeature(reflectionResources, {
  name: 'reflections',
  // Beside the generated routes: the pictures a reflection's text shows, uploaded from its editor.
  routes: [editorImageRoute],
  kinds: ['reflection image'],
  files: [{ table: 'editorImages', column: 'name' }],
  seed: async (context) => {
    const seeds = reflectionResources.map((resource, index) =>
      resourceSeed(resource, 'date', [{ fields: todays()[index]! }]),
    );
    let added = 0;
    for (const seed of seeds) added += await seed(context);
    return added;
  },
});
