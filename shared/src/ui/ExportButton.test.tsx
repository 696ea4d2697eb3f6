import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi } from '../testing/apiStub';
import { watchDownloads } from '../testing/downloads';
import { renderRoutes, signIn } from '../testing/render';
import { ExportButton } from './ExportButton';

const CSV = '\uFEFFRequest,Submitted\r\nFor my mother,27/11/2026\r\n';

describe('ExportButton', () => {
  afterEach(() => jest.restoreAllMocks());

  it("downloads the list as the server writes it, with the screen's filter, search and time zone", async () => {
    signIn();
    const downloads = watchDownloads();
    const file = new Blob([CSV], { type: 'text/csv' });
    const calls = stubApi({
      'GET /export/prayer-requests.csv': () => [
        200,
        file,
        { 'content-disposition': 'attachment; filename="prayer-requests-2026-11-27.csv"' },
      ],
    });
    renderRoutes(
      [{ path: '/prayer-requests', element: <ExportButton list="prayer-requests" filters={{ state: 'Answered' }} /> }],
      '/prayer-requests?q=%20mother%20&state=answered',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toEqual({
      q: 'mother',
      state: 'Answered',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(downloads[0]!.name).toBe('prayer-requests-2026-11-27.csv');
    // The server's bytes as they came, BOM and all: nothing is decoded or written again on the way.
    expect(downloads[0]!.file).toBe(file);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('leaves out a filter that is not set and a search that is empty', async () => {
    signIn();
    const downloads = watchDownloads();
    const calls = stubApi({ 'GET /export/activity.csv': () => [200, new Blob([CSV]), {}] });
    renderRoutes([
      { path: '/', element: <ExportButton list="activity" filters={{ member: undefined, kind: 'book' }} /> },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(calls[0]!.params).toEqual({ kind: 'book', tz: expect.any(String) });
    // Without a file name from the server, the list's.
    expect(downloads[0]!.name).toBe('activity.csv');
  });

  it("says in the server's words why an export was refused, and downloads nothing", async () => {
    signIn();
    const downloads = watchDownloads();
    const refusal = 'Your role (Manager) cannot read the activity record, so it cannot export them';
    stubApi({
      'GET /export/activity.csv': () => [
        403,
        new Blob([JSON.stringify({ message: refusal })], { type: 'application/json' }),
      ],
    });
    renderRoutes([{ path: '/', element: <ExportButton list="activity" /> }]);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(downloads).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('is busy while the file comes, and a second click asks nothing more', async () => {
    signIn();
    const downloads = watchDownloads();
    let answer: (value: [number, Blob]) => void = () => undefined;
    const calls = stubApi({
      'GET /export/books.csv': () => new Promise<[number, Blob]>((resolve) => (answer = resolve)),
    });
    renderRoutes([{ path: '/', element: <ExportButton list="books" /> }]);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const busy = screen.getByRole('button', { name: 'Exporting…' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    answer([200, new Blob([CSV])]);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(calls).toHaveLength(1);
  });
});
