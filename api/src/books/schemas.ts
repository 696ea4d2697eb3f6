import { Type, type Static } from '@sinclair/typebox';
import { Entity, HttpUrl, Input, OneOf, RequiredText } from '../http/contract';
import type { TableOf } from '../db/schema';
import type { StoredRow } from '../resources/row';

export const BOOK_CATEGORIES = [
  'Personalized Recommendation',
  'Devotional',
  'Spiritual Books',
  'Study Materials',
] as const;
export type BookCategory = (typeof BOOK_CATEGORIES)[number];

export const LIMITS = { bookName: 300, bookLink: 2000 } as const;

/** The text fields of the add and edit forms (multipart, with the cover as bookImage). */
export const BookFields = Input(
  'BookFields',
  {
    bookName: RequiredText(LIMITS.bookName),
    bookLink: HttpUrl(LIMITS.bookLink),
    // Optional at the API, as in the spec's own payload (the forms require it): absent is stored empty
    // on add, and keeps the stored category on edit.
    category: Type.Optional(OneOf(BOOK_CATEGORIES, { description: 'One of the four book categories' })),
  },
  { bookName: 'Title', bookLink: 'Link', category: 'Category' },
);
export type BookInput = Static<typeof BookFields>;

/** A book of the shelf (spec §3). */
export const Book = Entity('Book', {
  _id: Type.String(),
  id: Type.String({ description: 'The same as _id (the mobile app reads either)' }),
  bookName: Type.String(),
  bookLink: Type.String({ format: 'uri' }),
  bookImage: Type.String({ format: 'uri', description: 'Absolute URL of the cover image' }),
  category: Type.Union([OneOf(BOOK_CATEGORIES), Type.Literal('')], { description: "'' when none was given" }),
  dateAdded: Type.String({ format: 'date-time' }),
});
export type Book = Static<typeof Book>;

/** A stored book (table `books`). */
export interface BookRow extends StoredRow, Omit<BookInput, 'category'> {
  /** '' when none was given. */
  category: BookCategory | '';
  /** The cover's file name in DATA_DIR/uploads (never a URL). */
  bookImage: string;
  dateAdded: string;
}

declare module '../db/schema' {
  interface Database {
    books: TableOf<BookRow>;
  }
}
