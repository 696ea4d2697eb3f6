import { type FileValue, apiClient, pathId, unwrap, toFormData, sendForm, type ProgressListener } from 'shared';
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
const body = (input: BookInput) => {
  const fields: Record<keyof Schemas['BookFields'], string> = {
    bookName: input.bookName.trim(),
    bookLink: input.bookLink.trim(),
    category: input.category,
  };
  return toFormData({ ...fields, bookImage: input.bookImage });
};

/** Its query keys, and the invalidation every write below does. */
export const books = resource('books');

export const booksApi = {
  list: (signal?: AbortSignal) => unwrap<Book[]>(apiClient.get('/all/books/', { signal })),
  get: (id: string, signal?: AbortSignal) => unwrap<Book>(apiClient.get(`/single/book/${pathId(id)}`, { signal })),
  create: async (userId: string, input: BookInput, onProgress?: ProgressListener) =>
    books.write(sendForm<Book>('post', `/add/book/${pathId(userId)}`, body(input), onProgress)),
  update: async (userId: string, id: string, input: BookInput, onProgress?: ProgressListener) =>
    books.write(sendForm<Book>('post', `/edit/book/${pathId(userId)}/${pathId(id)}`, body(input), onProgress)),
  remove: async (userId: string, id: string) =>
    books.write((await apiClient.delete<{ message: string }>(`/book/${pathId(userId)}/${pathId(id)}`)).data),
};
