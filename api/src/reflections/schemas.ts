import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, RequiredText } from '../http/contract';

export const AUDIENCES = ['adult', 'children'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const LIMITS = { date: 10, text: 300, richText: 100_000 } as const;

const text = (description?: string) => RequiredText(LIMITS.text, { description });
const rich = (description: string) => RequiredText(LIMITS.richText, { description });

/** The eight fields of the add and edit calls (spec §3), the same for both audiences. */
export const ReflectionInput = Input(
  'ReflectionInput',
  {
    date: RequiredText(LIMITS.date, { description: 'YYYY-MM-DD; one reflection per date and audience' }),
    topic: text(),
    reflection: rich('Rich text (HTML, sanitised on write)'),
    bibleReading: text(),
    devotionalContent: rich("Rich text, 'Prayer Points'"),
    devotionalConfession: rich("Rich text, 'Exercise'"),
    furtherReading: text("'Bible Meditation'"),
    mass: text("'Mass Reading'"),
  },
  {
    date: 'Date',
    topic: 'Topic',
    reflection: 'Reflection',
    bibleReading: 'Bible reading',
    devotionalContent: 'Prayer points',
    devotionalConfession: 'Exercise',
    furtherReading: 'Bible meditation',
    mass: 'Mass reading',
  },
);
export type ReflectionInput = Static<typeof ReflectionInput>;

export const Reflection = Entity('Reflection', {
  _id: Type.String(),
  date: Type.String({ format: 'date' }),
  topic: Type.String(),
  reflection: Type.String(),
  bibleReading: Type.String(),
  devotionalContent: Type.String(),
  devotionalConfession: Type.String(),
  furtherReading: Type.String(),
  mass: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Reflection = Static<typeof Reflection>;

/** The fields holding rich text (sanitised on write). */
export const RICH_TEXT_FIELDS = ['reflection', 'devotionalContent', 'devotionalConfession'] as const;
