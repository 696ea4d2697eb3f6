import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callApi, DeleteButton, session } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import { RecordHistory } from './history';
import { useRecord } from './record';
import { resource, useResource } from './resource';
import { useRemove } from './save';

const userId = signIn();
const book = { _id: 'a'.repeat(24), bookName: 'Confessions' };
const books = resource('books');

const getBook = async (id: string, signal: AbortSignal) =>
  (await callApi('get', '/api/v1/single/book/{id}', { params: { id }, signal })).data;
const removeBook = (user: string, bookId: string) =>
  books.write(callApi('delete', '/api/v1/book/{userId}/{bookId}', { params: { userId: user, bookId } }));

/** A details screen as the remotes build theirs: the record, its History and its Delete. */
function BookDetails() {
  const { record, fallback } = useRecord(books, getBook, {
    what: 'This book',
    notFound: ['Book not found.', '/bookshelf', 'Back to BookShelf'],
  });
  const remove = useRemove(record, removeBook, 'Book deleted successfully', '/bookshelf');
  if (!record) return fallback;
  return (
    <>
      <h1>{record.bookName}</h1>
      <DeleteButton label="Delete Book" confirmMessage="Are you sure you want to delete this book?" onDelete={remove} />
      <RecordHistory of="books" resource={books} record={record} fields={[{ name: 'bookName', label: 'Title' }]} />
    </>
  );
}

function BookList() {
  const load = useResource(books.list(), async (signal) => (await callApi('get', '/api/v1/all/books/', { signal })).data);
  return <p>{load.data ? `${load.data.length} books` : 'Loading books'}</p>;
}

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

describe('a delete from a details screen', () => {
  it('asks nothing more of the server about the record it deleted, and the list loads afresh', async () => {
    let stored = [book];
    const calls = stubApi({
      [`GET /single/book/${book._id}`]: () =>
        stored.length ? [200, { message: 'ok', data: book }] : [404, { message: 'Book not found' }],
      [`GET /books/${book._id}/versions`]: () =>
        stored.length ? [200, { message: 'ok', data: [] }] : [404, { message: 'Book not found' }],
      'GET /all/books/': () => [200, { message: 'ok', data: stored }],
      [`DELETE /book/${userId}/${book._id}`]: () => {
        stored = [];
        return [200, { message: 'Book deleted successfully' }];
      },
    });
    const { router } = renderRoutes(
      [
        { path: '/bookshelf/:id', element: <BookDetails /> },
        { path: '/bookshelf', element: <BookList /> },
      ],
      `/bookshelf/${book._id}`,
    );
    expect(await screen.findByRole('heading', { name: 'Confessions' })).toBeInTheDocument();
    expect(await screen.findByText('No earlier versions yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Book' }));
    const before = calls.length;
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('0 books')).toBeInTheDocument();
    expect(await screen.findByText('Book deleted successfully')).toBeInTheDocument();
    const after = calls.slice(before).map((call) => `${call.method} ${call.url}`);
    expect(after).toEqual([`DELETE /book/${userId}/${book._id}`, 'GET /all/books/']);
    expect(screen.queryByText('Book not found')).not.toBeInTheDocument();

    // Its address visited again is a new visit: the record is asked for, not shown from before.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Book not found.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confessions' })).not.toBeInTheDocument();
  });
});
