import { Link } from 'react-router-dom';
import {
  ButtonLink,
  formatDate,
  ListTable,
  PageHeader,
  Panel,
  Picture,
  useSearchFilter,
  type Column,
  WriteOnly,
} from 'shared';
import { useResource } from 'shared/data';
import { books, booksApi, type Book } from './api';

const columns: Column<Book>[] = [
  {
    header: 'Cover',
    cell: (book) => <Picture src={book.bookImage} alt={`Cover of ${book.bookName}`} loading="lazy" />,
  },
  { header: 'Title', cell: (book) => book.bookName },
  { header: 'Date Added', cell: (book) => formatDate(book.dateAdded) },
  {
    header: 'Link',
    maxWidth: '260px',
    cell: (book) => (
      <a href={book.bookLink} target="_blank" rel="noopener noreferrer">
        {book.bookLink}
      </a>
    ),
  },
  {
    header: 'Details',
    cell: (book) => (
      <Link to={`/bookshelf/${book._id}`} aria-label={`View details of ${book.bookName}`}>
        View Details
      </Link>
    ),
  },
];

/** /bookshelf (spec §2): the shelf, filtered by the header's search on the title. */
export function BookListScreen() {
  const load = useResource(books.list(), (signal) => booksApi.list(signal));
  const rows = useSearchFilter(load.data, (book) => [book.bookName]);

  return (
    <Panel>
      <PageHeader
        actions={
          <WriteOnly>
            <ButtonLink to="/bookshelf-organizer">Add New Book</ButtonLink>
          </WriteOnly>
        }
      />
      <ListTable
        load={load}
        emptyText="No books available."
        caption="Books"
        columns={columns}
        rows={rows}
        rowKey={(book) => book._id}
      />
    </Panel>
  );
}
