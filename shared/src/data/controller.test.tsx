import { render as renderElement, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { AppProviders, callApi, defineForm, session, type ProgressListener } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import { useRecordController, type RecordControllerOptions } from './controller';
import { recordKind, recordKindOf } from './kind';
import { RecordLoaded } from './RecordScreens';
import { resource } from './resource';
import { useRemoveRow } from './save';

const userId = signIn();
interface Book {
  _id: string;
  bookName: string;
}
const book: Book = { _id: 'a'.repeat(24), bookName: 'Confessions' };
const form = defineForm([
  { name: 'bookName', label: 'Title', kind: 'text' },
  { name: 'bookImage', label: 'Image', kind: 'image' },
]);
type Values = { bookName: string; bookImage: File | string | null };

/** The writes, each a mock a test makes answer, fail or report progress. */
const writes = {
  create: jest.fn<Promise<unknown>, [string, Values, ProgressListener?]>(),
  update: jest.fn<Promise<unknown>, [string, string, Values, ProgressListener?]>(),
  remove: jest.fn<Promise<unknown>, [string, string]>(),
};
const reads = {
  list: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/all/books/', { signal })).data as Book[],
  get: async (id: string, signal?: AbortSignal) =>
    (await callApi('get', '/api/v1/single/book/{id}', { params: { id }, signal })).data as Book,
};
const spec = {
  noun: 'Book',
  form,
  list: '/bookshelf',
  details: (id: string) => `/bookshelf/${id}`,
  missing: { notFound: 'Book not found.', backLabel: 'Back to BookShelf' },
};
const byId = recordKind<Book, typeof form.fields>({ ...spec, resource: resource('books'), calls: { ...reads, ...writes } });
const inList = recordKind<Book, typeof form.fields>({
  ...spec,
  resource: resource('books-in-list'),
  calls: { list: reads.list, ...writes },
  addsAgain: true,
});

/** Shows a controller's state as text and its callbacks as buttons: the hook has no markup of its own. */
function Probe({ kind = byId, options }: { kind?: typeof byId; options?: RecordControllerOptions<Book> }) {
  const controller = useRecordController(kind, options);
  const values: Values = { bookName: 'City of God', bookImage: new File(['x'], 'cover.png', { type: 'image/png' }) };
  return (
    <>
      <p>{`${controller.mode}, ${controller.status}: ${controller.record?.bookName ?? 'no record'}`}</p>
      <p>{`Back to ${controller.backTo}; form ${controller.formKey}; progress ${controller.progress ?? 'none'}`}</p>
      <button onClick={() => void controller.save(values)}>Save</button>
      <button onClick={() => void controller.remove()}>Delete</button>
    </>
  );
}

/** The probe at the add, edit and details addresses, with the list and details to go back to. */
function render(path: string, element = <Probe />) {
  return renderRoutes(
    [
      { path: '/bookshelf', element: <p>The shelf</p> },
      { path: '/bookshelf/:id', element: <p>The details</p> },
      { path: '/add-book', element },
      { path: '/edit-book/:id', element },
    ],
    path,
  );
}

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
  for (const write of Object.values(writes)) write.mockReset();
});

describe('a kind of record', () => {
  it('derives the toasts, labels and back links from its noun and addresses', () => {
    expect(byId.toasts).toEqual({
      added: 'Book added successfully',
      updated: 'Book updated successfully',
      deleted: 'Book deleted successfully',
    });
    expect(byId.labels).toEqual({
      edit: 'Edit Book',
      delete: 'Delete Book',
      confirmDelete: 'Are you sure you want to delete this book?',
    });
    expect(byId.missing.what).toBe('This book');
    expect(byId.fileFields).toEqual(['bookImage']);
    expect(byId.backFrom()).toEqual({ to: '/bookshelf' });
    expect(byId.backFrom({ ...book, _id: 'b1' })).toEqual({ to: '/bookshelf/b1' });
    const noDetails = recordKind<Book, typeof form.fields>({
      noun: 'Bank account',
      form,
      list: '/bank-accounts',
      resource: resource('accounts'),
      calls: { list: reads.list, ...writes },
      deleteWhat: 'this account',
    });
    expect(noDetails.backFrom({ ...book, _id: 'b1' })).toEqual({ to: '/bank-accounts' });
    expect(noDetails.toasts.updated).toBe('Bank account updated successfully');
    expect(noDetails.labels.confirmDelete).toBe('Are you sure you want to delete this account?');
  });
});

describe('useRecordController', () => {
  it('loads the record of the id in the address: loading, then ready', async () => {
    stubApi({ [`GET /single/book/${book._id}`]: () => [200, { message: 'ok', data: book }] });
    render(`/edit-book/${book._id}`);
    expect(screen.getByText('edit, loading: no record')).toBeInTheDocument();
    expect(await screen.findByText('edit, ready: Confessions')).toBeInTheDocument();
    expect(screen.getByText(`Back to /bookshelf/${book._id}; form 0; progress none`)).toBeInTheDocument();
  });

  it('says missing on a 404 and failed on another error', async () => {
    stubApi({ [`GET /single/book/${book._id}`]: () => [404, { message: 'Book not found' }] });
    const { unmount } = render(`/edit-book/${book._id}`);
    expect(await screen.findByText('edit, missing: no record')).toBeInTheDocument();
    unmount();
    stubApi({ [`GET /single/book/${'c'.repeat(24)}`]: () => [500, { message: 'Something went wrong' }] });
    render(`/edit-book/${'c'.repeat(24)}`);
    expect(await screen.findByText('edit, failed: no record')).toBeInTheDocument();
  });

  it('looks a kind without a single-record call up in its list', async () => {
    stubApi({ 'GET /all/books/': () => [200, { message: 'ok', data: [book] }] });
    const { unmount } = render(`/edit-book/${book._id}`, <Probe kind={inList} />);
    expect(await screen.findByText('edit, ready: Confessions')).toBeInTheDocument();
    unmount();
    render(`/edit-book/${'d'.repeat(24)}`, <Probe kind={inList} />);
    expect(await screen.findByText('edit, missing: no record')).toBeInTheDocument();
  });

  it('adds with the upload’s progress, says the toast, then goes to the list', async () => {
    const calls = stubApi({});
    let finish: () => void = () => undefined;
    writes.create.mockImplementation((_user, _values, onProgress) => {
      onProgress?.(40);
      return new Promise((resolve) => {
        finish = () => resolve({ message: 'ok' });
      });
    });
    const { router } = render('/add-book');
    expect(screen.getByText('add, ready: no record')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Back to /bookshelf; form 0; progress 40')).toBeInTheDocument();
    expect(writes.create).toHaveBeenCalledWith(userId, expect.objectContaining({ bookName: 'City of God' }), expect.any(Function));
    finish();
    expect(await screen.findByText('Book added successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookshelf'));
    expect(calls).toEqual([]);
  });

  it('edits the loaded record, says the toast, then goes to its details', async () => {
    stubApi({ [`GET /single/book/${book._id}`]: () => [200, { message: 'ok', data: book }] });
    writes.update.mockResolvedValue({ message: 'ok' });
    const { router } = render(`/edit-book/${book._id}`);
    await screen.findByText('edit, ready: Confessions');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Book updated successfully')).toBeInTheDocument();
    expect(writes.update).toHaveBeenCalledWith(userId, book._id, expect.anything(), expect.any(Function));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bookshelf/${book._id}`));
  });

  it('stays on an add form that empties after a save, with a new form key', async () => {
    stubApi({});
    writes.create.mockResolvedValue({ message: 'ok' });
    const { router } = render('/add-book', <Probe kind={inList} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Book added successfully')).toBeInTheDocument();
    expect(screen.getByText('Back to /bookshelf; form 1; progress none')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/add-book');
  });

  it('edits a record at hand without loading it, and calls onSaved instead of going back', async () => {
    const calls = stubApi({});
    writes.update.mockResolvedValue({ message: 'ok' });
    const onSaved = jest.fn();
    const { router } = render('/add-book', <Probe options={{ record: book, onSaved }} />);
    expect(screen.getByText('edit, ready: Confessions')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Book updated successfully')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/add-book');
    expect(calls).toEqual([]);
  });

  it('keeps the screen as it is when a save fails: no toast, no leaving', async () => {
    stubApi({});
    writes.create.mockRejectedValue(new Error('refused'));
    const { router } = render('/add-book');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes.create).toHaveBeenCalled());
    expect(screen.getByText('Back to /bookshelf; form 0; progress none')).toBeInTheDocument();
    expect(screen.queryByText('Book added successfully')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/add-book');
  });

  it('deletes the record, says the toast, then goes to the list', async () => {
    stubApi({ [`GET /single/book/${book._id}`]: () => [200, { message: 'ok', data: book }] });
    writes.remove.mockResolvedValue({ message: 'ok' });
    const { router } = render(`/edit-book/${book._id}`);
    await screen.findByText('edit, ready: Confessions');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Book deleted successfully')).toBeInTheDocument();
    expect(writes.remove).toHaveBeenCalledWith(userId, book._id);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookshelf'));
  });
});

describe('RecordLoaded', () => {
  function Loaded() {
    const controller = useRecordController(byId);
    return <RecordLoaded controller={controller}>{(record) => <h1>{record.bookName}</h1>}</RecordLoaded>;
  }

  it('shows the spinner, then the record', async () => {
    stubApi({ [`GET /single/book/${book._id}`]: () => [200, { message: 'ok', data: book }] });
    render(`/edit-book/${book._id}`, <Loaded />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Confessions' })).toBeInTheDocument();
  });

  it("shows the kind's not-found text with its way back to the list", async () => {
    stubApi({ [`GET /single/book/${book._id}`]: () => [404, { message: 'Book not found' }] });
    render(`/edit-book/${book._id}`, <Loaded />);
    expect(await screen.findByText('Book not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to BookShelf' })).toHaveAttribute('href', '/bookshelf');
  });

  it('shows a failure with what could not be loaded, and Retry', async () => {
    let answer: [number, unknown] = [500, { message: 'Something went wrong' }];
    stubApi({ [`GET /single/book/${book._id}`]: () => answer });
    render(`/edit-book/${book._id}`, <Loaded />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This book could not be loaded.');
    answer = [200, { message: 'ok', data: book }];
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Confessions' })).toBeInTheDocument();
  });
});

describe('a kind carried in navigation state, listed by week, found by its date', () => {
  interface Reading {
    _id: string;
    date: string;
    week: number;
  }
  const reading: Reading = { _id: 'r'.repeat(24), date: '2026-01-08', week: 2 };
  const readingWrites = {
    create: jest.fn<Promise<unknown>, [string, { week: number }]>(),
    update: jest.fn<Promise<unknown>, [string, string, { week: number }]>(),
    remove: jest.fn<Promise<unknown>, [string, string]>(),
  };
  const kind = recordKindOf<Reading, { week: number }>({
    noun: 'Reading',
    resource: resource('readings'),
    calls: readingWrites,
    list: '/plan',
    listOf: ({ week }) => `/plan?week=${week}`,
    details: (date) => `/plan/${date}`,
    key: ({ date }) => date,
    carried: 'reading',
    missing: { notFound: 'No reading data provided.', backLabel: 'Go Back' },
    buttons: { edit: 'Edit', delete: 'Delete' },
    deleteNote: 'Its week stays.',
  });
  const then = jest.fn();
  const onRemoved = jest.fn();

  function Reader({ modal = false }: { modal?: boolean }) {
    const controller = useRecordController(kind, modal ? { onRemoved } : { then });
    const state = JSON.stringify(controller.backState ?? null);
    return (
      <RecordLoaded controller={controller}>
        {(record) => (
          <>
            <p>{`${controller.mode}: week ${record.week}; back to ${controller.backTo} with ${state}`}</p>
            <button onClick={() => void controller.save({ week: 3 })}>Save</button>
            <button onClick={() => void controller.remove()}>Delete</button>
          </>
        )}
      </RecordLoaded>
    );
  }
  function open(state?: unknown, element = <Reader />) {
    const router = createMemoryRouter(
      [
        { path: '/plan', element: <p>The plan</p> },
        { path: '/plan/:id', element: <p>The details</p> },
        { path: '/edit/:id', element },
      ],
      { initialEntries: [{ pathname: `/edit/${reading._id}`, state }] },
    );
    renderElement(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    return router;
  }

  beforeEach(() => {
    stubApi({});
    for (const write of Object.values(readingWrites)) write.mockReset();
    then.mockReset();
    onRemoved.mockReset();
  });

  it('derives its labels and confirmation from what it declares', () => {
    expect(kind.labels).toEqual({
      edit: 'Edit',
      delete: 'Delete',
      confirmDelete: 'Are you sure you want to delete this reading? Its week stays.',
    });
    expect(kind.fileFields).toEqual([]);
    expect(kind.backFrom(reading)).toEqual({ to: `/plan/${reading.date}`, state: { reading } });
  });

  it('takes the record from the state, goes back by its key with it, and after an edit to the answer’s', async () => {
    const moved = { ...reading, date: '2026-01-15', week: 3 };
    readingWrites.update.mockResolvedValue({ message: 'ok', data: moved });
    const router = open({ reading });
    expect(
      screen.getByText(`edit: week 2; back to /plan/${reading.date} with ${JSON.stringify({ reading })}`),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reading updated successfully')).toBeInTheDocument();
    expect(readingWrites.update).toHaveBeenCalledWith(userId, reading._id, { week: 3 }, undefined);
    expect(then).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/plan/${moved.date}`));
    expect(router.state.location.state).toEqual({ reading: moved });
  });

  it('says the not-found text without the state: a kind with no read call loads nothing', async () => {
    const calls = stubApi({});
    open();
    expect(await screen.findByText('No reading data provided.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/plan');
    expect(calls).toEqual([]);
  });

  it('goes after a delete to the list where the record showed', async () => {
    readingWrites.remove.mockResolvedValue({ message: 'ok' });
    const router = open({ reading });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Reading deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?week=2'));
    expect(router.state.location.pathname).toBe('/plan');
  });

  it('calls onRemoved instead of leaving, for a modal', async () => {
    readingWrites.remove.mockResolvedValue({ message: 'ok' });
    const router = open({ reading }, <Reader modal />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Reading deleted successfully')).toBeInTheDocument();
    expect(onRemoved).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe(`/edit/${reading._id}`);
  });
});

describe('useRemoveRow of a kind', () => {
  it("deletes a row by the kind's call, with its toast", async () => {
    stubApi({});
    writes.remove.mockResolvedValue({ message: 'ok' });
    function Row() {
      const remove = useRemoveRow<Book>(byId);
      return <button onClick={() => void remove(book)}>Delete</button>;
    }
    render('/add-book', <Row />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Book deleted successfully')).toBeInTheDocument();
    expect(writes.remove).toHaveBeenCalledWith(userId, book._id);
  });
});
