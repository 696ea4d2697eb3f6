import { useParams } from 'react-router-dom';
import { LoadingBlock, MissingRecord, useRequest } from 'shared';
import { booksApi } from './api';
import { BookForm } from './BookForm';

/** /bookshelf-organizer */
export function AddBookScreen() {
  return <BookForm mode="add" />;
}

/** /edit-book/{id}: the form prefilled with the stored book. */
export function EditBookScreen() {
  const { id = '' } = useParams();
  const { data: book, loading } = useRequest((signal) => booksApi.get(id, signal), id);
  if (loading) return <LoadingBlock />;
  if (!book) {
    return <MissingRecord message="Book not found." backTo="/bookshelf" backLabel="Back to BookShelf" />;
  }
  return <BookForm mode="edit" book={book} />;
}
