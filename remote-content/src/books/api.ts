import type { Schemas } from 'api/contract';
import { type FormValuesOf } from 'shared';
import { recordKind, resourceWithCalls } from 'shared/data';
import { bookForm } from './form';

/** A book of the shelf (spec §3). `bookImage` is the cover's absolute URL. */
export type Book = Schemas['Book'];

/** What the add and edit forms hold (the category is '' until one is chosen; on edit the cover may be its URL). */
export type BookInput = FormValuesOf<typeof bookForm.fields>;

/** Its query keys (with the invalidation every write below does), and its calls. */
export const [books, booksApi] = resourceWithCalls('books', bookForm, {
  list: '/api/v1/all/books/',
  get: '/api/v1/single/book/{id}',
  add: ['post', '/api/v1/add/book/{userId}'],
  edit: ['post', '/api/v1/edit/book/{userId}/{bookId}'],
  remove: ['delete', '/api/v1/book/{userId}/{bookId}'],
});

/** A book as its screens show it: its toasts, back links and labels follow from this. */
export const bookKind = recordKind<Book, typeof bookForm.fields>({
  noun: 'Book',
  resource: books,
  form: bookForm,
  calls: booksApi,
  list: '/bookshelf',
  details: (id) => `/bookshelf/${id}`,
  edit: (id) => `/edit-book/${id}`,
  missing: { notFound: 'Book not found.', backLabel: 'Back to BookShelf' },
});
