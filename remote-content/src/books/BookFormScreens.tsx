import { useParams } from 'react-router-dom';
import { MissingRecord, NotLoadedScreen } from 'shared';
import { useResource } from 'shared/data';
import { books, booksApi } from './api';
import { BookForm } from './BookForm';

/** /bookshelf-organizer */
export function AddBookScreen() {
  return <BookForm mode="add" />;
}

/** /edit-book/{id}: the form prefilled with the stored book. */
export function EditBookScreen() {
  const { id = '' } = useParams();
  const load = useResource(books.detail(id), (signal) => booksApi.get(id, signal));
  const book = load.data;
  if (!book) {
    const missing = <MissingRecord message="Book not found." backTo="/bookshelf" backLabel="Back to BookShelf" />;
    return <NotLoadedScreen load={load} what="This book" missing={missing} />;
  }
  return <BookForm mode="edit" book={book} />;
}
