import { detailsColumn, formatDate, linkColumn, ListPage, Picture, type ListLayout } from 'shared';
import { useList } from 'shared/data';
import { books, booksApi, type Book } from './api';

const shelf: ListLayout<Book> = {
  columns: [
    {
      header: 'Cover',
      fit: true,
      cell: (book) => <Picture src={book.bookImage} alt={`Cover of ${book.bookName}`} loading="lazy" />,
    },
    {
      header: 'Title',
      maxWidth: '320px',
      sort: { key: 'bookName', value: (book) => book.bookName },
      cell: (book) => book.bookName,
    },
    {
      header: 'Date Added',
      fit: true,
      sort: { key: 'dateAdded', value: (book) => new Date(book.dateAdded) },
      cell: (book) => formatDate(book.dateAdded),
    },
    linkColumn('Link', '260px', (book) => book.bookLink),
    detailsColumn((book) => ({ to: `/bookshelf/${book._id}`, name: book.bookName })),
  ],
  caption: 'Books',
  emptyText: 'No books available.',
  add: { to: '/bookshelf-organizer', label: 'Add New Book' },
  exportList: 'books',
};

/** /bookshelf (spec §2): the shelf, filtered by the header's search on the title. */
export function BookListScreen() {
  const list = useList(books, booksApi.list, (book) => [book.bookName]);
  return <ListPage {...list} {...shelf} />;
}
