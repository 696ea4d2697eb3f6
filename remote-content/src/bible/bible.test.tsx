import { render as renderDom, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders, session } from 'shared';
import { type Reading } from './api';
import { signIn, stubApi } from 'shared/testing';
import App from '../App';

const userId = '0123456789abcdef01234567';
const reading: Reading = { _id: 'a'.repeat(24), day: 3, week: 1, date: '2026-01-03', passage: 'Genesis 7–9' };
const other: Reading = { _id: 'b'.repeat(24), day: 4, week: 1, date: '2026-01-04', passage: 'Genesis 10–12' };

/** The remote in a data router, opened at `path` with optional navigation state (as the list passes it). */
function render(path: string, state?: unknown) {
  const [pathname, search = ''] = path.split('?');
  const router = createMemoryRouter([{ path: '*', element: <App /> }], {
    initialEntries: [{ pathname, search: search ? `?${search}` : '', state }],
  });
  const result = renderDom(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

describe('Bible list', () => {
  it("shows week 1 by default, each reading as 'Day n' with its date and View Details", async () => {
    const calls = stubApi({ 'GET /weekly/reading/1': () => ok([reading, other]) });
    render('/bible-list');
    const table = await screen.findByRole('table', { name: 'Readings of week 1' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day', 'Date', 'Passage', 'Action']);
    expect(within(table).getByText('Day 3')).toBeInTheDocument();
    expect(within(table).getByText('03/01/2026')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'View details of Day 4' })).toHaveAttribute(
      'href',
      `/bible-plan-details/${other._id}`,
    );
    expect(screen.getByLabelText('Week')).toHaveValue('1');
    const weeks = within(screen.getByLabelText('Week')).getAllByRole('option');
    expect(weeks).toHaveLength(52);
    expect(weeks[0]).toHaveTextContent('Week 1');
    expect(weeks[51]).toHaveTextContent('Week 52');
    expect(screen.getByRole('link', { name: 'Add New Plan' })).toHaveAttribute('href', '/bible-plan-organizer');
    expect(calls.map((call) => call.url)).toEqual(['/weekly/reading/1']);
  });

  it('keeps the chosen week in the URL and shows the empty text', async () => {
    stubApi({ 'GET /weekly/reading/1': () => ok([reading]), 'GET /weekly/reading/12': () => ok([]) });
    const { router } = render('/bible-list');
    await screen.findByText('Day 3');
    await userEvent.selectOptions(screen.getByLabelText('Week'), 'Week 12');
    expect(await screen.findByText('No readings available for this week.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?week=12');
  });

  it('opens on the week of the URL, and week 1 for a week that does not exist', async () => {
    const calls = stubApi({ 'GET /weekly/reading/7': () => ok([]), 'GET /weekly/reading/1': () => ok([]) });
    render('/bible-list?week=7');
    expect(await screen.findByText('No readings available for this week.')).toBeInTheDocument();
    expect(screen.getByLabelText('Week')).toHaveValue('7');
    render('/bible-list?week=60');
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/weekly/reading/1'));
  });

  it('opens the details with the reading in navigation state', async () => {
    stubApi({ 'GET /weekly/reading/1': () => ok([reading]) });
    const { router } = render('/bible-list');
    await userEvent.click(await screen.findByRole('link', { name: 'View details of Day 3' }));
    expect(router.state.location.pathname).toBe(`/bible-plan-details/${reading._id}`);
    expect(screen.getByRole('heading', { name: 'Day 3' })).toBeInTheDocument();
    expect(screen.getByText('Genesis 7–9')).toBeInTheDocument();
    expect(screen.getByText('03/01/2026')).toBeInTheDocument();
  });
});

describe('Add Bible Plan', () => {
  it("shows the spec's messages and the limits of day and week", async () => {
    stubApi({});
    render('/bible-plan-organizer');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of ['Day is required', 'Week is required', 'Date is required', 'Passage is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await userEvent.type(screen.getByLabelText('Day'), '0');
    expect(await screen.findByText('Day must be at least 1')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Week'), '53');
    expect(await screen.findByText('Week must be at most 52')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Week'));
    await userEvent.type(screen.getByLabelText('Week'), '0');
    expect(await screen.findByText('Week must be at least 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/bible-list');
  });

  it('sends day, week, date and passage, then shows the list of that week', async () => {
    const calls = stubApi({
      [`POST /add/reading/${userId}`]: ({ body }) => [
        201,
        { message: 'Reading added successfully', data: { ...(body as object), _id: reading._id } },
      ],
      'GET /weekly/reading/2': () => ok([]),
    });
    const { router } = render('/bible-plan-organizer');
    await userEvent.type(screen.getByLabelText('Day'), '8');
    await userEvent.type(screen.getByLabelText('Week'), '2');
    await userEvent.type(screen.getByLabelText('Date'), '08/01/2026');
    await userEvent.type(screen.getByLabelText('Passage'), '  Genesis 22 ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reading added successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/bible-list'));
    expect(router.state.location.search).toBe('?week=2');
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      day: 8,
      week: 2,
      date: '2026-01-08',
      passage: 'Genesis 22',
    });
  });

  it('keeps what was typed when the server refuses', async () => {
    stubApi({ [`POST /add/reading/${userId}`]: () => [409, { message: 'Day 8 already has a reading in the plan' }] });
    const { router } = render('/bible-plan-organizer');
    await userEvent.type(screen.getByLabelText('Day'), '8');
    await userEvent.type(screen.getByLabelText('Week'), '2');
    await userEvent.type(screen.getByLabelText('Date'), '08/01/2026');
    await userEvent.type(screen.getByLabelText('Passage'), 'Genesis 22');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Day 8 already has a reading in the plan')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/bible-plan-organizer');
    expect(screen.getByLabelText('Passage')).toHaveValue('Genesis 22');
  });

  it("fills in the day a link names (the dashboard's calendar), with its day of the year and week", async () => {
    const calls = stubApi({
      [`POST /add/reading/${userId}`]: () => [201, { message: 'ok', data: { ...reading, _id: 'c'.repeat(24) } }],
      'GET /weekly/reading/48': () => ok([]),
    });
    render('/bible-plan-organizer?date=2026-12-02');
    expect(screen.getByLabelText('Day')).toHaveValue(336);
    expect(screen.getByLabelText('Week')).toHaveValue(48);
    await userEvent.type(screen.getByLabelText('Passage'), 'Revelation 3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      day: 336,
      week: 48,
      date: '2026-12-02',
      passage: 'Revelation 3',
    });
  });

  it('takes a date picked from the calendar, by the keys, and sends it', async () => {
    const calls = stubApi({
      [`POST /add/reading/${userId}`]: ({ body }) => [
        201,
        { message: 'Reading added successfully', data: { ...(body as object), _id: reading._id } },
      ],
      'GET /weekly/reading/2': () => ok([]),
    });
    render('/bible-plan-organizer');
    await userEvent.type(screen.getByLabelText('Day'), '8');
    await userEvent.type(screen.getByLabelText('Week'), '2');
    await userEvent.type(screen.getByLabelText('Date'), '01/01/2026');
    const choose = screen.getByRole('button', { name: 'Choose date for Date' });
    await userEvent.click(choose);
    const calendar = screen.getByRole('dialog', { name: 'Choose date for Date' });
    expect(await within(calendar).findByRole('grid', { name: 'January 2026' })).toBeInTheDocument();
    // A week on from the typed day, then Enter.
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName('Thursday, 8 January 2026');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('Date')).toHaveValue('08/01/2026');
    expect(choose).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Passage'), 'Genesis 22');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reading added successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({ date: '2026-01-08' });
  });

  it('fills in nothing from a link whose date is not a calendar day', async () => {
    stubApi({});
    render('/bible-plan-organizer?date=2026-02-30');
    expect(screen.getByLabelText('Day')).toHaveValue(null);
    expect(screen.getByLabelText('Date')).toHaveValue('');
  });
});

/** A reading without earlier versions: its details screen's History. */
const noHistory = { [`GET /readings/${reading._id}/versions`]: () => ok([]) };

describe('Bible plan details', () => {
  it("says 'No reading data provided.' with Go Back when opened without state", async () => {
    stubApi({});
    render(`/bible-plan-details/${reading._id}`);
    expect(screen.getByText('No reading data provided.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/bible-list');
    render(`/edit-bible-plan/${reading._id}`);
    expect(screen.getAllByText('No reading data provided.')).toHaveLength(2);
  });

  it('asks before deleting, like every other delete, then returns to the list', async () => {
    const calls = stubApi({
      ...noHistory,
      [`DELETE /delete/reading/${userId}/${reading._id}`]: () => [200, { message: 'Reading deleted successfully' }],
      'GET /weekly/reading/1': () => ok([]),
    });
    const { router } = render(`/bible-plan-details/${reading._id}`, { reading });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this reading?');
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Reading deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/bible-list'));
    expect(await screen.findByText('No readings available for this week.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('edits: prefilled from state, then the details of the updated reading', async () => {
    const updated = { ...reading, passage: 'Genesis 7–10' };
    const calls = stubApi({
      ...noHistory,
      [`PUT /edit/reading/${userId}/${reading._id}`]: () => [
        200,
        { message: 'Reading updated successfully', data: updated },
      ],
    });
    const { router } = render(`/bible-plan-details/${reading._id}`, { reading });
    await userEvent.click(await screen.findByRole('link', { name: 'Edit' }));
    expect(router.state.location.pathname).toBe(`/edit-bible-plan/${reading._id}`);
    expect(screen.getByLabelText('Day')).toHaveValue(3);
    expect(screen.getByLabelText('Week')).toHaveValue(1);
    expect(screen.getByLabelText('Date')).toHaveValue('03/01/2026');
    const passage = screen.getByLabelText('Passage');
    await userEvent.clear(passage);
    await userEvent.type(passage, 'Genesis 7–10');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reading updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bible-plan-details/${reading._id}`));
    expect(screen.getByText('Genesis 7–10')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      day: 3,
      week: 1,
      date: '2026-01-03',
      passage: 'Genesis 7–10',
    });
  });
});

describe('Bible plan history', () => {
  it('restores an earlier passage from History, and the details show it at once', async () => {
    const versionId = 'c'.repeat(24);
    const kept = { id: versionId, savedAt: '2026-03-05T09:30:00.000Z', savedBy: { id: userId, name: 'Maria' } };
    const older = { ...reading, passage: 'Exodus 1–3' };
    stubApi({
      [`GET /readings/${reading._id}/versions`]: () => ok([kept]),
      [`GET /readings/${reading._id}/versions/${versionId}`]: () => ok({ ...kept, fields: older }),
      [`POST /readings/${reading._id}/versions/${versionId}/restore/${userId}`]: () => [
        200,
        { message: 'Version restored successfully', data: older },
      ],
    });
    const { router } = render(`/bible-plan-details/${reading._id}`, { reading });
    const history = screen.getByRole('region', { name: 'History' });
    await userEvent.click(await within(history).findByRole('button', { name: /05\/03\/2026 \d\d:30 Maria/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Version of 05\/03\/2026/ });
    expect(await within(dialog).findByText(/Exodus/, { selector: 'ins' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Genesis/, { selector: 'del' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore this version' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Please confirm' })).getByRole('button', { name: 'Restore' }),
    );

    expect(await screen.findByText('Version restored successfully')).toBeInTheDocument();
    // The reading came in navigation state; the restored one replaces it there.
    expect(await screen.findByText('Exodus 1–3')).toBeInTheDocument();
    expect(screen.queryByText('Genesis 7–9')).not.toBeInTheDocument();
    expect(router.state.location.state).toEqual({ reading: older });
  });
});

describe('CSV import', () => {
  const csv = (text: string) => new File([text], 'plan.csv', { type: 'text/csv' });

  it('previews the rows with their errors and sends nothing while one is bad', async () => {
    const calls = stubApi({ 'GET /weekly/reading/1': () => ok([]) });
    render('/bible-list');
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    await userEvent.upload(
      screen.getByLabelText('CSV file'),
      csv('day,week,date,passage\n1,1,2026-01-01,Genesis 1\n2,53,2026-01-02,Genesis 2\n3,1,31/02/2026,Genesis 3\n'),
    );
    expect(await screen.findByText(/2 of 3 rows have errors/)).toBeInTheDocument();
    const preview = screen.getByRole('table', { name: 'Import preview' });
    const cells = (text: string) =>
      within(within(preview).getByText(text).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // Every readable date shows as dd/mm/yyyy, on a bad row too; an unreadable one as it was written.
    expect(cells('Week must be at most 52')).toEqual([
      '2',
      '2',
      '53',
      '02/01/2026',
      'Genesis 2',
      'Week must be at most 52',
    ]);
    expect(cells('Genesis 1')).toEqual(['1', '1', '1', '01/01/2026', 'Genesis 1', 'OK']);
    expect(cells('Genesis 3')[3]).toBe('31/02/2026');
    expect(screen.getByRole('button', { name: 'Import readings' })).toBeDisabled();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('imports a valid file in one call, then reloads the week', async () => {
    let listed: Reading[] = [];
    const calls = stubApi({
      'GET /weekly/reading/1': () => ok(listed),
      [`POST /import/readings/${userId}`]: () => {
        listed = [reading];
        return [201, { message: '2 readings imported successfully', data: { imported: 2 } }];
      },
    });
    render('/bible-list');
    expect(await screen.findByText('No readings available for this week.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    await userEvent.upload(
      screen.getByLabelText('CSV file'),
      csv('day,week,date,passage\n3,1,03/01/2026,Genesis 7–9\n4,1,2026-01-04,Genesis 10–12\n'),
    );
    expect(await screen.findByText('2 readings ready to import.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 readings' }));
    expect(await screen.findByText('2 readings imported successfully')).toBeInTheDocument();
    expect(await screen.findByText('Day 3')).toBeInTheDocument();
    expect(screen.queryByLabelText('CSV file')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      readings: [
        { day: 3, week: 1, date: '2026-01-03', passage: 'Genesis 7–9' },
        { day: 4, week: 1, date: '2026-01-04', passage: 'Genesis 10–12' },
      ],
    });
  });

  it("shows the server's row errors in the preview", async () => {
    stubApi({
      'GET /weekly/reading/1': () => ok([]),
      [`POST /import/readings/${userId}`]: () => [
        400,
        {
          message: 'Nothing was imported: 1 row has an error. Row 2: day 4 already has a reading in the plan',
          errors: [{ row: 2, message: 'day 4 already has a reading in the plan' }],
        },
      ],
    });
    render('/bible-list');
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    await userEvent.upload(
      screen.getByLabelText('CSV file'),
      csv('day,week,date,passage\n3,1,2026-01-03,a\n4,1,2026-01-04,b\n'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Import 2 readings' }));
    expect(await screen.findByText(/Nothing was imported/)).toBeInTheDocument();
    expect(await screen.findByText('day 4 already has a reading in the plan')).toBeInTheDocument();
    expect(screen.getByText(/1 of 2 rows have errors/)).toBeInTheDocument();
  });
});
