import { defineResource } from '../resources/definition';
import { Book, BookFields, type BookRow } from './schemas';

/** The book shelf (spec §3). */
export const bookResource = defineResource<BookRow>({
  table: 'books',
  entity: Book,
  fields: BookFields,
  addedAt: 'dateAdded',
  listed: 'newest first',
  file: {
    field: 'bookImage',
    column: 'bookImage',
    kind: 'image',
    words: 'The cover',
    onAdd: 'JPEG, PNG, GIF or WebP image (by content)',
    onEdit: "A new JPEG, PNG, GIF or WebP image, or the book's current image URL; absent keeps the image",
    required: 'The cover is required',
    sentAsText: 'The cover must be a picture file',
    foreign: "The cover must be a picture file or the book's current cover URL",
  },
  answer: (row, fileUrl) => ({ id: row._id, bookImage: fileUrl(row.bookImage) }),
  history: 'books',
  export: {
    name: 'books',
    what: 'books',
    columns: [
      { header: 'Title', column: 'bookName', sort: 'text' },
      { header: 'Category', column: 'category' },
      { header: 'Link', column: 'bookLink' },
      { header: 'Date Added', column: 'dateAdded', as: 'date', sort: 'date' },
    ],
    searched: (cell) => [cell('Title')],
  },
  activity: { kind: 'book', nameColumn: 'bookName' },
  routes: {
    list: { urls: ['/all/books/', '/all/books'] },
    single: { url: '/single/book/:id' },
    add: { url: '/add/book/:userId', summary: 'Add a book (multipart: bookName, bookLink, category, bookImage)' },
    edit: {
      method: 'POST',
      url: '/edit/book/:userId/:bookId',
      summary: 'Edit a book (multipart, same fields; bookImage optional)',
    },
    delete: { url: '/book/:userId/:bookId' },
  },
});
