import { DetailsBody, DetailsHeader, DetailsList, DetailsRows, Panel, Picture } from 'shared';
import { RecordHistory, useRemove } from 'shared/data';
import { books, booksApi } from './api';
import { useBook } from './BookFormScreens';
import { bookForm } from './form';

/** /bookshelf/{id} (spec §2): category, date added and link, with Edit Book and Delete Book. */
export function BookDetailsScreen() {
  const { record: book, fallback } = useBook();
  const remove = useRemove(book, booksApi.remove, 'Book deleted successfully', '/bookshelf');
  if (!book) return fallback;

  return (
    <>
      <DetailsHeader
        title={book.bookName}
        backTo="/bookshelf"
        editTo={`/edit-book/${book._id}`}
        editLabel="Edit Book"
        deleteLabel="Delete Book"
        confirmMessage="Are you sure you want to delete this book?"
        onDelete={remove}
      />
      <Panel>
        <DetailsBody>
          <Picture $size="large" src={book.bookImage} alt={`Cover of ${book.bookName}`} />
          <DetailsList>
            <DetailsRows form={bookForm} record={book} />
          </DetailsList>
        </DetailsBody>
        <RecordHistory of="books" resource={books} record={book} fields={bookForm.fields} />
      </Panel>
    </>
  );
}
