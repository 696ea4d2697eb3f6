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
  RowAction,
} from 'shared';
import { useResource } from 'shared/data';
import { books, booksApi, type Book } from './api';

const columns: Column<Book>[] = [
  {
    header: 'Cover',
    fit: true,
    cell: (book) => <Picture src={book.bookImage} alt={`Cover of ${book.bookName}`} loading="lazy" />,
  },
  { header: 'Title', maxWidth: '320px', cell: (book) => book.bookName },
  { header: 'Date Added', fit: true, cell: (book) => formatDate(book.dateAdded) },
  {
    header: 'Link',
    maxWidth: '260px',
    cell: (book) => (
      <a href={book.bookLink} title={book.bookLink} target="_blank" rel="noopener noreferrer">
        {book.bookLink}
      </a>
    ),
  },
  {
    header: 'Details',
    fit: true,
    cell: (book) => (
      <RowAction to={`/bookshelf/${book._id}`} aria-label={`View details of ${book.bookName}`}>
        View Details
      </RowAction>
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
