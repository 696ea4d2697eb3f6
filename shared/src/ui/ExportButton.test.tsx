import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi } from '../testing/apiStub';
import { chooseExport, watchDownloads } from '../testing/downloads';
import { renderRoutes, signIn } from '../testing/render';
import { ExportButton } from './ExportButton';
import { rememberParish } from '../parish/parish';

const CSV = '\uFEFFRequest,Submitted\r\nFor my mother,27/11/2026\r\n';

describe('ExportButton', () => {
  afterEach(() => jest.restoreAllMocks());

  it("downloads the list as the server writes it, with the screen's filter, search, sort and time zone", async () => {
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
      '/prayer-requests?q=%20mother%20&state=answered&sort=-createdAt',
    );
    await chooseExport('CSV (.csv)');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toEqual({
      q: 'mother',
      state: 'Answered',
      // The file's rows in the order the list shows.
      sort: '-createdAt',
      tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(downloads[0]!.name).toBe('prayer-requests-2026-11-27.csv');
    // The server's bytes as they came, BOM and all: nothing is decoded or written again on the way.
    expect(downloads[0]!.file).toBe(file);
    expect(screen.getByRole('button', { name: /^Export/ })).toBeEnabled();
    // The choices closed with the choice.
    expect(screen.queryByRole('button', { name: 'CSV (.csv)' })).not.toBeInTheDocument();
  });

  it('says by the CSV choice that Excel drops leading zeros there, and points to the Excel export', async () => {
    signIn();
    renderRoutes([{ path: '/', element: <ExportButton list="bank-accounts" /> }]);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const choices = screen.getByRole('group', { name: 'Export as' });
    const note = 'Excel drops the leading zeros of a CSV (007 becomes 7); the Excel file keeps them.';
    expect(within(choices).getByText(note)).toBeVisible();
    expect(within(choices).getByRole('button', { name: 'CSV (.csv)' })).toHaveAccessibleDescription(note);
    expect(within(choices).getByRole('button', { name: 'Excel (.xlsx)' })).not.toHaveAccessibleDescription();
  });

  it('leaves out a filter that is not set and a search that is empty', async () => {
    signIn();
    const downloads = watchDownloads();
    const calls = stubApi({ 'GET /export/activity.csv': () => [200, new Blob([CSV]), {}] });
    renderRoutes([
      { path: '/', element: <ExportButton list="activity" filters={{ member: undefined, kind: 'book' }} /> },
    ]);
    await chooseExport('CSV (.csv)');
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
    await chooseExport('CSV (.csv)');
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(downloads).toHaveLength(0);
    expect(screen.getByRole('button', { name: /^Export/ })).toBeEnabled();
  });

  it('is busy while the file comes, and a second click asks nothing more', async () => {
    signIn();
    const downloads = watchDownloads();
    let answer: (value: [number, Blob]) => void = () => undefined;
    const calls = stubApi({
      'GET /export/books.csv': () => new Promise<[number, Blob]>((resolve) => (answer = resolve)),
    });
    renderRoutes([{ path: '/', element: <ExportButton list="books" /> }]);
    await chooseExport('CSV (.csv)');
    const busy = screen.getByRole('button', { name: /^Exporting…/ });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    // It keeps the focus the choice gave back, and offers nothing until the file has come.
    expect(busy).toHaveFocus();
    await userEvent.click(busy);
    expect(screen.queryByRole('group', { name: 'Export as' })).not.toBeInTheDocument();
    answer([200, new Blob([CSV])]);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(calls).toHaveLength(1);
  });

  it('downloads the same list as an Excel workbook, named as the server names it', async () => {
    signIn();
    const downloads = watchDownloads();
    const workbook = new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const calls = stubApi({
      'GET /export/bank-accounts.xlsx': () => [
        200,
        workbook,
        { 'content-disposition': 'attachment; filename="bank-accounts-2026-11-27.xlsx"' },
      ],
    });
    renderRoutes(
      [{ path: '/bank-accounts', element: <ExportButton list="bank-accounts" /> }],
      '/bank-accounts?q=First',
    );
    await chooseExport('Excel (.xlsx)');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(calls[0]!.params).toEqual({ q: 'First', tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(downloads[0]!.name).toBe('bank-accounts-2026-11-27.xlsx');
    expect(downloads[0]!.file).toBe(workbook);
  });

  it("writes the file's dates in the parish's zone, whatever the browser's", async () => {
    signIn();
    watchDownloads();
    const calls = stubApi({ 'GET /export/books.csv': () => [200, new Blob([CSV])] });
    rememberParish({ name: 'St Mary', currency: 'NGN', timeZone: 'Pacific/Kiritimati', weekStart: 1 });
    renderRoutes([{ path: '/bookshelf', element: <ExportButton list="books" /> }], '/bookshelf');
    await chooseExport('CSV (.csv)');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.params).toEqual({ tz: 'Pacific/Kiritimati' });
  });

  it('shows its choices on Export; Escape closes them and gives the focus back, as a click elsewhere does', async () => {
    signIn();
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <ExportButton list="books" />
            <p>Elsewhere</p>
          </>
        ),
      },
    ]);
    const toggle = screen.getByRole('button', { name: /^Export/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const choices = screen.getByRole('group', { name: 'Export as' });
    expect(toggle).toHaveAttribute('aria-controls', choices.id);
    expect(
      within(choices)
        .getAllByRole('button')
        .map((choice) => choice.textContent),
    ).toEqual(['CSV (.csv)', 'Excel (.xlsx)']);
    // The keyboard reaches the choices after Export.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'CSV (.csv)' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Export as' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();

    await userEvent.click(toggle);
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('group', { name: 'Export as' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
