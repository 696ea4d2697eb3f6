import { type FileValue, apiClient, pathId, unwrap, toFormData, sendForm, type ProgressListener } from 'shared';

export const BOOK_CATEGORIES = [
  'Personalized Recommendation',
  'Devotional',
  'Spiritual Books',
  'Study Materials',
] as const;
export type BookCategory = (typeof BOOK_CATEGORIES)[number];

/** A book of the shelf (spec §3). `bookImage` is the cover's absolute URL. */
export interface Book {
  _id: string;
  id: string;
  bookName: string;
  bookLink: string;
  bookImage: string;
  category: string;
  dateAdded: string;
}

/** What the add and edit forms send; on edit `bookImage` may be the current cover's URL. */
export interface BookInput {
  bookName: string;
  bookLink: string;
  category: string;
  bookImage: FileValue;
}

const body = (input: BookInput) =>
  toFormData({
    bookName: input.bookName.trim(),
    bookLink: input.bookLink.trim(),
    category: input.category,
    bookImage: input.bookImage,
  });

export const booksApi = {
  list: (signal?: AbortSignal) => unwrap<Book[]>(apiClient.get('/all/books/', { signal })),
  get: (id: string, signal?: AbortSignal) => unwrap<Book>(apiClient.get(`/single/book/${pathId(id)}`, { signal })),
  create: async (userId: string, input: BookInput, onProgress?: ProgressListener) =>
    sendForm<Book>('post', `/add/book/${pathId(userId)}`, body(input), onProgress),
  update: async (userId: string, id: string, input: BookInput, onProgress?: ProgressListener) =>
    sendForm<Book>('post', `/edit/book/${pathId(userId)}/${pathId(id)}`, body(input), onProgress),
  remove: async (userId: string, id: string) =>
    (await apiClient.delete<{ message: string }>(`/book/${pathId(userId)}/${pathId(id)}`)).data,
};
