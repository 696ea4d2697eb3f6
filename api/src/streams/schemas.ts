import { Type, type Static } from '@sinclair/typebox';
import { Entity, HttpUrl, Input, OneOf, RequiredText } from '../http/contract';
import type { TableOf } from '../db/schema';
import type { StoredRow } from '../resources/row';

/** Spelled as the spec spells them ('Lithurgical'). */
export const STREAM_CATEGORIES = ['Live Events', 'Prayer Session', 'Lithurgical Celebration'] as const;
export type StreamCategory = (typeof STREAM_CATEGORIES)[number];

export const LIMITS = { name: 300, streamingLink: 2000 } as const;

/** The text fields of the add and edit forms (multipart, with the thumbnail as `file`). */
export const StreamFields = Input(
  'StreamFields',
  {
    name: RequiredText(LIMITS.name, { description: 'The title' }),
    streamingLink: HttpUrl(LIMITS.streamingLink),
    // Optional at the API, as in the spec's own payload (the forms require it): absent is stored empty
    // on add, and keeps the stored category on edit.
    category: Type.Optional(OneOf(STREAM_CATEGORIES, { description: 'One of the three stream categories' })),
  },
  { name: 'Title', streamingLink: 'Stream link', category: 'Category' },
);
export type StreamInput = Static<typeof StreamFields>;

/** A live stream (spec §3). */
export const Stream = Entity('Stream', {
  _id: Type.String(),
  id: Type.String({ description: 'The same as _id' }),
  name: Type.String(),
  streamingLink: Type.String({ format: 'uri' }),
  image: Type.String({ format: 'uri', description: 'Absolute URL of the thumbnail' }),
  category: Type.Union([OneOf(STREAM_CATEGORIES), Type.Literal('')], { description: "'' when none was given" }),
  dateAdded: Type.String({ format: 'date-time' }),
});
export type Stream = Static<typeof Stream>;

/** A stored live stream (table `streams`). */
export interface StreamRow extends StoredRow, Omit<StreamInput, 'category'> {
  /** '' when none was given. */
  category: StreamCategory | '';
  /** The thumbnail's file name in DATA_DIR/uploads (never a URL). */
  image: string;
  createdAt: string;
}

declare module '../db/schema' {
  interface Database {
    streams: TableOf<StreamRow>;
  }
}
