import { useNavigate, useParams } from 'react-router-dom';
import {
  DetailsBody,
  DetailsHeader,
  DetailsList,
  MissingRecord,
  formatDate,
  NotLoadedScreen,
  notify,
  Panel,
  Picture,
  useUserId,
} from 'shared';
import { useResource } from 'shared/data';
import { books, booksApi } from './api';

/** /bookshelf/{id} (spec §2): category, date added and link, with Edit Book and Delete Book. */
export function BookDetailsScreen() {
  const { id = '' } = useParams();
  const userId = useUserId();
  const navigate = useNavigate();
  const load = useResource(books.detail(id), (signal) => booksApi.get(id, signal));
  const book = load.data;
  if (!book) {
    const missing = <MissingRecord message="Book not found." backTo="/bookshelf" backLabel="Back to BookShelf" />;
    return <NotLoadedScreen load={load} what="This book" missing={missing} />;
  }

  const remove = async () => {
    await booksApi.remove(userId, book._id);
    notify.success('Book deleted successfully');
    void navigate('/bookshelf');
  };

  return (
    <Panel>
      <DetailsHeader
        title={book.bookName}
        backTo="/bookshelf"
        editTo={`/edit-book/${book._id}`}
        editLabel="Edit Book"
        deleteLabel="Delete Book"
        confirmMessage="Are you sure you want to delete this book?"
        onDelete={remove}
      />
      <DetailsBody>
        <Picture $size="large" src={book.bookImage} alt={`Cover of ${book.bookName}`} />
        <DetailsList>
          <dt>Category</dt>
          <dd>{book.category || '—'}</dd>
          <dt>Date Added</dt>
          <dd>{formatDate(book.dateAdded)}</dd>
          <dt>Link</dt>
          <dd>
            <a href={book.bookLink} target="_blank" rel="noopener noreferrer">
              {book.bookLink}
            </a>
          </dd>
        </DetailsList>
      </DetailsBody>
    </Panel>
  );
}
