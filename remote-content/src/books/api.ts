import { type FileValue, callApi, type ProgressListener } from 'shared';
import { BookFields, type Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** The four categories, as the server accepts them. */
export const BOOK_CATEGORIES = BookFields.category.enum;

/** A book of the shelf (spec §3). `bookImage` is the cover's absolute URL. */
export type Book = Schemas['Book'];

/**
 * What the add and edit forms hold and send: the contract's fields (the category is '' until one
 * is chosen) and the cover, which on edit may be the current cover's URL.
 */
export type BookInput = Omit<Schemas['BookFields'], 'category'> & { category: string; bookImage: FileValue };

/** The form as the contract names its fields (a field the server renames or adds breaks this build). */
const form = (input: BookInput) => ({
  bookName: input.bookName.trim(),
  bookLink: input.bookLink.trim(),
  category: input.category,
  bookImage: input.bookImage,
});

/** Its query keys, and the invalidation every write below does. */
export const books = resource('books');

export const booksApi = {
  list: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/all/books/', { signal })).data,
  get: async (id: string, signal?: AbortSignal) =>
    (await callApi('get', '/api/v1/single/book/{id}', { params: { id }, signal })).data,
  create: async (userId: string, input: BookInput, onProgress?: ProgressListener) =>
    books.write(callApi('post', '/api/v1/add/book/{userId}', { params: { userId }, form: form(input), onProgress })),
  update: async (userId: string, id: string, input: BookInput, onProgress?: ProgressListener) =>
    books.write(
      callApi('post', '/api/v1/edit/book/{userId}/{bookId}', {
        params: { userId, bookId: id },
        form: form(input),
        onProgress,
      }),
    ),
  remove: async (userId: string, id: string) =>
    books.write(callApi('delete', '/api/v1/book/{userId}/{bookId}', { params: { userId, bookId: id } })),
};
