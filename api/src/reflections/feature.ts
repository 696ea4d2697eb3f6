import { reflectionsExports } from './export';
import type { Feature } from '../resources/feature';
import { addMissing } from '../resources/seed';
import { addReflection } from './repository';
import { reflectionRoutes } from './routes';
import type { Audience, ReflectionInput } from './schemas';

/** Today's reflection for each audience. */
function todays(): [Audience, ReflectionInput][] {
  const today = new Date().toISOString().slice(0, 10);
  return [
    [
      'adult',
      {
        date: today,
        topic: 'Faith that moves mountains',
        reflection: '<p>Faith is not the absence of doubt but <strong>trust</strong> in the One who calls us.</p>',
        bibleReading: 'Matthew 17:14–20',
        devotionalContent: '<ol><li>For those who struggle to believe</li><li>For our parish community</li></ol>',
        devotionalConfession: '<p>Name one worry and hand it over to God in prayer today.</p>',
        furtherReading: 'Hebrews 11:1–6',
        mass: 'Wisdom 1:1–7; Psalm 139; Luke 17:1–6',
      },
    ],
    [
      'children',
      {
        date: today,
        topic: 'The tiny mustard seed',
        reflection: '<p>Jesus says even a <em>tiny</em> faith can do great things!</p>',
        bibleReading: 'Matthew 17:20',
        devotionalContent: '<ul><li>Thank God for your family</li><li>Pray for a friend</li></ul>',
        devotionalConfession: '<p>Draw a mustard seed and a big tree, and tell someone what it means.</p>',
        furtherReading: 'Mark 4:30–32',
        mass: 'Luke 17:5–6',
      },
    ],
  ];
}

export const reflectionsFeature: Feature = {
  name: 'reflections',
  routes: [reflectionRoutes],
  kinds: ['adult reflection', 'children reflection', 'reflection image'],
  history: ['adult-reflections', 'children-reflections'],
  exports: reflectionsExports,
  // The pictures a reflection's text shows, uploaded from its editor.
  files: [{ table: 'editorImages', column: 'name' }],
  seed: ({ db }) =>
    addMissing(
      todays(),
      ([audience, { date }]) =>
        db.kysely
          .selectFrom('reflections')
          .select('_id')
          .where('audience', '=', audience)
          .where('date', '=', date)
          .executeTakeFirst(),
      ([audience, reflection]) => addReflection(db, audience, reflection),
    ),
};
