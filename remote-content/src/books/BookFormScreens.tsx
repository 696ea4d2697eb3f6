import { recordScreens, useRecord } from 'shared/data';
import { books, booksApi } from './api';
import { BookForm } from './BookForm';

/** The book of /bookshelf/{id} and /edit-book/{id}, or the screen to show while it is not there. */
export const useBook = () =>
  useRecord(books, booksApi.get, {
    what: 'This book',
    notFound: ['Book not found.', '/bookshelf', 'Back to BookShelf'],
  });

/** /bookshelf-organizer, and /edit-book/{id}: the form prefilled with the stored book. */
export const { AddScreen: AddBookScreen, EditScreen: EditBookScreen } = recordScreens(BookForm, useBook);
