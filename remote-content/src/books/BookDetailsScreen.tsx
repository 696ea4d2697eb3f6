import { Picture } from 'shared';
import { RecordDetailsScreen } from 'shared/data';
import { bookKind } from './api';
import { bookForm } from './form';

/** /bookshelf/{id} (spec §2): category, date added and link, with Edit Book and Delete Book. */
export function BookDetailsScreen() {
  return (
    <RecordDetailsScreen
      kind={bookKind}
      form={bookForm}
      title={(book) => book.bookName}
      picture={(book) => <Picture $size="large" src={book.bookImage} alt={`Cover of ${book.bookName}`} />}
      history="books"
    />
  );
}
