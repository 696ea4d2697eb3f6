import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from 'shared';
import { type Book } from './api';
import { chooseExport, renderRoutes, signIn, stubApi, watchDownloads } from 'shared/testing';
import App from '../App';

const userId = '0123456789abcdef01234567';
const book: Book = {
  _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  bookName: 'The Imitation of Christ',
  bookLink: 'https://example.org/imitation',
  bookImage: 'http://localhost/uploads/cover-1.png',
  category: 'Devotional',
  dateAdded: '2026-03-04T10:00:00.000Z',
};
const other: Book = {
  ...book,
  _id: 'b'.repeat(24),
  id: 'b'.repeat(24),
  bookName: 'Confessions',
  bookLink: 'https://example.org/confessions',
};

const render = (path: string) => renderRoutes([{ path: '*', element: <App /> }], path);
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

describe('BookShelf list', () => {
  it('shows cover, title, date added, link and a details link', async () => {
    stubApi({ 'GET /all/books/': () => ok([book, other]) });
    render('/bookshelf');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Books' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Cover', 'Title', 'Date Added', 'Link', 'Action']);
    expect(within(table).getByRole('img', { name: 'Cover of The Imitation of Christ' })).toHaveAttribute(
      'src',
      book.bookImage,
    );
    expect(within(table).getAllByText('04/03/2026')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: book.bookLink })).toHaveAttribute('href', book.bookLink);
    expect(within(table).getByRole('link', { name: 'View details of Confessions' })).toHaveAttribute(
      'href',
      `/bookshelf/${other._id}`,
    );
    expect(screen.getByRole('link', { name: 'Add New Book' })).toHaveAttribute('href', '/bookshelf-organizer');
  });

  it('shows the empty text', async () => {
    stubApi({ 'GET /all/books/': () => ok([]) });
    render('/bookshelf');
    expect(await screen.findByText('No books available.')).toBeInTheDocument();
  });

  it("filters by title with the header's search term", async () => {
    stubApi({ 'GET /all/books/': () => ok([book, other]) });
    render('/bookshelf?q=confess');
    const table = await screen.findByRole('table', { name: 'Books' });
    expect(within(table).getByText('Confessions')).toBeInTheDocument();
    expect(within(table).queryByText('The Imitation of Christ')).not.toBeInTheDocument();
  });

  it('exports what the search shows as a CSV file, for a Guest User too', async () => {
    signIn(userId, []);
    const downloads = watchDownloads();
    const file = new Blob(['\uFEFFTitle\r\nConfessions\r\n']);
    const calls = stubApi({
      'GET /all/books/': () => ok([book, other]),
      'GET /export/books.csv': () => [
        200,
        file,
        { 'content-disposition': 'attachment; filename="books-2026-11-27.csv"' },
      ],
    });
    render('/bookshelf?q=confess');
    await screen.findByRole('table', { name: 'Books' });
    expect(screen.queryByRole('link', { name: 'Add New Book' })).not.toBeInTheDocument();
    await chooseExport();
    await waitFor(() => expect(downloads).toEqual([{ name: 'books-2026-11-27.csv', file }]));
    expect(calls.find((call) => call.url === '/export/books.csv')!.params).toMatchObject({ q: 'confess' });
    jest.restoreAllMocks();
  });

  it('sorts by a header on screen, in the address, and Back from a book returns to the sorted list', async () => {
    const third: Book = { ...book, _id: 'c'.repeat(24), id: 'c'.repeat(24), bookName: 'abandonment to Providence' };
    stubApi({
      'GET /all/books/': () => ok([book, other, third]),
      [`GET /single/book/${other._id}`]: () => ok(other),
    });
    const { router } = render('/bookshelf');
    const table = await screen.findByRole('table', { name: 'Books' });
    const titles = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    expect(titles()).toEqual(['The Imitation of Christ', 'Confessions', 'abandonment to Providence']);
    const title = within(table).getByRole('columnheader', { name: 'Title' });
    expect(title).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(title).getByRole('button', { name: 'Title' }));
    expect(router.state.location.search).toBe('?sort=bookName');
    expect(title).toHaveAttribute('aria-sort', 'ascending');
    expect(titles()).toEqual(['abandonment to Providence', 'Confessions', 'The Imitation of Christ']);
    await userEvent.click(within(title).getByRole('button', { name: 'Title' }));
    expect(router.state.location.search).toBe('?sort=-bookName');
    expect(titles()).toEqual(['The Imitation of Christ', 'Confessions', 'abandonment to Providence']);
    // A column of links and one of actions do not sort.
    expect(within(table).getByRole('columnheader', { name: 'Action' })).not.toHaveAttribute('aria-sort');

    await userEvent.click(within(table).getByRole('link', { name: 'View details of Confessions' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/bookshelf');
    expect(router.state.location.search).toBe('?sort=-bookName');
    const again = await screen.findByRole('table', { name: 'Books' });
    expect(within(again).getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'descending');
  });
});

describe('Add Book', () => {
  it("shows the spec's messages", async () => {
    stubApi({});
    render('/bookshelf-organizer');
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    for (const message of ['Category is required', 'Title is required', 'Link is required', 'Image is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await userEvent.type(screen.getByLabelText('Link'), 'not a link');
    expect(await screen.findByText('Invalid link format')).toBeInTheDocument();
  });

  it('refuses a title longer than the API accepts in the form, before anything is sent', async () => {
    const calls = stubApi({});
    render('/bookshelf-organizer');
    await userEvent.click(screen.getByLabelText('Title'));
    await userEvent.paste('x'.repeat(301));
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('Title must be at most 300 characters')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('offers the four categories and images only', () => {
    stubApi({});
    render('/bookshelf-organizer');
    const options = within(screen.getByLabelText('Category'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options.slice(1)).toEqual([
      'Personalized Recommendation',
      'Devotional',
      'Spiritual Books',
      'Study Materials',
    ]);
    expect(screen.getByLabelText('Image')).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/bookshelf');
  });

  it('sends the book with its category and cover, then shows the list', async () => {
    const calls = stubApi({
      [`POST /add/book/${userId}`]: () => [201, { message: 'Book added successfully', data: book }],
      'GET /all/books/': () => ok([book]),
    });
    const { router } = render('/bookshelf-organizer');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Devotional');
    await userEvent.type(screen.getByLabelText('Title'), '  The Imitation of Christ ');
    await userEvent.type(screen.getByLabelText('Link'), book.bookLink);
    const cover = new File(['png'], 'cover.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Image'), cover);
    expect(await screen.findByAltText('Image preview')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));

    expect(await screen.findByText('Book added successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookshelf'));
    const body = calls.find((call) => call.method === 'POST')!.body as FormData;
    expect(body.get('bookName')).toBe('The Imitation of Christ');
    expect(body.get('bookLink')).toBe(book.bookLink);
    expect(body.get('category')).toBe('Devotional');
    expect((body.get('bookImage') as File).name).toBe('cover.png');
  });

  it('says the picture limit and refuses a larger cover before sending, in the server’s words', async () => {
    const calls = stubApi({});
    render('/bookshelf-organizer');
    const picker = screen.getByLabelText('Image');
    await waitFor(() => expect(picker).toHaveAccessibleDescription('JPEG, PNG, GIF or WebP, at most 5 MB.'));
    const big = new File(['png'], 'cover.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 << 20 });
    await userEvent.upload(picker, big);
    expect(await screen.findByText('The cover is too large (at most 5 MB)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('refuses a picture that is not an image, and keeps what was typed when the server refuses', async () => {
    stubApi({
      [`POST /add/book/${userId}`]: () => [415, { message: 'bookImage must be a JPEG, PNG, GIF or WebP image' }],
    });
    const { router } = render('/bookshelf-organizer');
    await userEvent.upload(
      screen.getByLabelText('Image'),
      new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }),
      {
        applyAccept: false,
      },
    );
    expect(await screen.findByText('Image must be a JPEG, PNG, GIF or WebP image')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Study Materials');
    await userEvent.type(screen.getByLabelText('Title'), 'Catechism');
    await userEvent.type(screen.getByLabelText('Link'), 'https://example.org/ccc');
    await userEvent.upload(screen.getByLabelText('Image'), new File(['gif'], 'c.gif', { type: 'image/gif' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('bookImage must be a JPEG, PNG, GIF or WebP image')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bookshelf-organizer');
    expect(screen.getByLabelText('Title')).toHaveValue('Catechism');
    expect(screen.getByLabelText('Category')).toHaveValue('Study Materials');
  });
});

describe('Book details', () => {
  it('shows category, date added and link, with Edit Book', async () => {
    stubApi({ [`GET /single/book/${book._id}`]: () => ok(book) });
    render(`/bookshelf/${book._id}`);
    expect(await screen.findByRole('heading', { name: book.bookName })).toBeInTheDocument();
    expect(screen.getByText('Devotional')).toBeInTheDocument();
    expect(screen.getByText('04/03/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: book.bookLink })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Book' })).toHaveAttribute('href', `/edit-book/${book._id}`);
  });

  it('deletes after confirmation and returns to the shelf', async () => {
    const calls = stubApi({
      [`GET /single/book/${book._id}`]: () => ok(book),
      [`DELETE /book/${userId}/${book._id}`]: () => [200, { message: 'Book deleted successfully' }],
      'GET /all/books/': () => ok([]),
    });
    const { router } = render(`/bookshelf/${book._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Book' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this book?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Book' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Book deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookshelf'));
    expect(await screen.findByText('No books available.')).toBeInTheDocument();
  });

  it('says so when the book does not exist', async () => {
    stubApi({ [`GET /single/book/${book._id}`]: () => [404, { message: 'Book not found' }] });
    render(`/bookshelf/${book._id}`);
    expect(await screen.findByText('Book not found.')).toBeInTheDocument();
  });
});

describe('Book history', () => {
  const versionId = 'c'.repeat(24);
  const kept = { id: versionId, savedAt: '2026-03-05T09:30:00.000Z', savedBy: { id: userId, name: 'Maria' } };
  const older = { ...book, bookName: 'The Imitation', bookLink: 'https://example.org/old' };

  it('lists the versions; one opens read-only with what changed, and Restore asks first, then shows it', async () => {
    let current = book;
    const calls = stubApi({
      [`GET /single/book/${book._id}`]: () => ok(current),
      [`GET /books/${book._id}/versions`]: () => ok([kept]),
      [`GET /books/${book._id}/versions/${versionId}`]: () => ok({ ...kept, fields: older }),
      [`POST /books/${book._id}/versions/${versionId}/restore/${userId}`]: () => {
        current = older;
        return [200, { message: 'Version restored successfully', data: older }];
      },
    });
    render(`/bookshelf/${book._id}`);
    expect(await screen.findByRole('heading', { name: book.bookName })).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    const version = await within(history).findByRole('button', { name: /05\/03\/2026 \d\d:30 Maria/ });
    await userEvent.click(version);

    const dialog = await screen.findByRole('dialog', { name: /^Version of 05\/03\/2026 \d\d:30 by Maria$/ });
    const title = await within(dialog).findByRole('heading', { name: 'Title' });
    const compared = title.nextElementSibling as HTMLElement;
    expect(compared).toHaveTextContent('The Imitation of Christ');
    expect(within(compared).getByText('of Christ', { selector: 'del' })).toBeInTheDocument();
    expect(within(dialog).getByText('old', { selector: 'ins' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    const confirm = screen.getByRole('dialog', { name: 'Please confirm' });
    expect(confirm).toHaveTextContent('Are you sure you want to restore this version?');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText('Version restored successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The Imitation' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when there is no earlier version, and a Guest User sees versions but no Restore', async () => {
    signIn(userId, []);
    stubApi({
      [`GET /single/book/${book._id}`]: () => ok(book),
      [`GET /books/${book._id}/versions`]: () => ok([{ ...kept, savedBy: null }]),
      [`GET /books/${book._id}/versions/${versionId}`]: () => ok({ ...kept, savedBy: null, fields: older }),
    });
    render(`/bookshelf/${book._id}`);
    expect(await screen.findByRole('heading', { name: book.bookName })).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    await userEvent.click(await within(history).findByRole('button', { name: /Saved before history was kept/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Link' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Restore this version' })).not.toBeInTheDocument();
  });

  it('shows the empty text', async () => {
    stubApi({
      [`GET /single/book/${book._id}`]: () => ok(book),
      [`GET /books/${book._id}/versions`]: () => ok([]),
    });
    render(`/bookshelf/${book._id}`);
    expect(await screen.findByText('No earlier versions yet.')).toBeInTheDocument();
  });
});

describe('Edit Book', () => {
  it('is prefilled and keeps the old cover when none is chosen, then shows the details', async () => {
    const calls = stubApi({
      [`GET /single/book/${book._id}`]: () => ok(book),
      [`POST /edit/book/${userId}/${book._id}`]: () => [200, { message: 'Book updated successfully', data: book }],
    });
    const { router } = render(`/edit-book/${book._id}`);
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue(book.bookName);
    expect(screen.getByLabelText('Category')).toHaveValue('Devotional');
    expect(screen.getByLabelText('Link')).toHaveValue(book.bookLink);
    expect(screen.getByAltText('Image preview')).toHaveAttribute('src', book.bookImage);
    await userEvent.clear(title);
    await userEvent.type(title, 'The Imitation of Christ (new edition)');
    await userEvent.click(screen.getByRole('button', { name: 'Save & Continue' }));

    expect(await screen.findByText('Book updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bookshelf/${book._id}`));
    const body = calls.find((call) => call.method === 'POST')!.body as FormData;
    expect(body.get('bookName')).toBe('The Imitation of Christ (new edition)');
    expect(body.get('bookImage')).toBe(book.bookImage);
    expect(body.get('category')).toBe('Devotional');
  });
});

describe('A Guest User (looks at everything, changes nothing)', () => {
  beforeEach(() => signIn(userId, []));

  it('sees the shelf without Add New Book, and a book without Edit Book or Delete Book', async () => {
    stubApi({ 'GET /all/books/': () => ok([book, other]), [`GET /single/book/${book._id}`]: () => ok(book) });
    render('/bookshelf');
    await screen.findByRole('table', { name: 'Books' });
    expect(screen.queryByRole('link', { name: 'Add New Book' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: `View details of ${book.bookName}` }));
    expect(await screen.findByRole('heading', { name: book.bookName })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Book' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Book' })).not.toBeInTheDocument();
  });

  it('reads the role again when a write is refused: made a Guest User meanwhile, the Delete goes', async () => {
    signIn(userId, ['content']);
    const refusal = 'A Guest User can look at everything but change nothing';
    stubApi({
      [`GET /single/book/${book._id}`]: () => ok(book),
      [`DELETE /book/${userId}/${book._id}`]: () => [403, { message: refusal }],
      'GET /account': () => ok({ role: 'Guest User', permissions: [] }),
    });
    render(`/bookshelf/${book._id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Book' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Book' })).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Edit Book' })).not.toBeInTheDocument();
  });

  it('reads the role from GET /account after a sign-in, and shows no writes before it is known', async () => {
    signIn(userId, 'from GET /account');
    let answer: (role: [number, unknown]) => void = () => undefined;
    const calls = stubApi({
      'GET /all/books/': () => ok([book]),
      'GET /account': () => new Promise((resolve) => (answer = resolve)),
    });
    render('/bookshelf');
    await screen.findByRole('table', { name: 'Books' });
    expect(screen.queryByRole('link', { name: 'Add New Book' })).not.toBeInTheDocument();
    answer(ok({ role: 'Manager', permissions: ['content'] }));
    expect(await screen.findByRole('link', { name: 'Add New Book' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/account')).toHaveLength(1);
  });
});

describe('Add Book opened by its URL by a Guest User', () => {
  it('shows why there is no form, with Back', async () => {
    signIn(userId, []);
    stubApi({});
    render('/bookshelf-organizer');
    expect(
      await screen.findByText('Your role cannot make changes here. An Admin can change it in Settings → Team.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save & Continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toBeInTheDocument();
  });
});
