import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from 'shared';
import { renderRoutes, signIn, stubApi, watchDownloads } from 'shared/testing';
import App from '../App';
import type { Mass, MassIntention } from './api';
import { addDays, massInWords, mondayOf, today } from './calendar';

const userId = '0123456789abcdef01234567';
const REQUESTED = {
  state: 'Requested',
  mass: null,
  stipend: null,
  receipt: '',
  stateChangedAt: null,
  stateChangedBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
} as const;
const sunday = addDays(mondayOf(today()), 6);
/** Peter's Mass was last week: begun and over, so marking it Said asks nothing. */
const lastSunday = addDays(sunday, -7);
const intentions: MassIntention[] = [
  { ...REQUESTED, _id: 'b'.repeat(24), fullname: 'Anna Mensah', email: 'anna@example.com', intention: 'Thanksgiving' },
  {
    ...REQUESTED,
    _id: 'c'.repeat(24),
    fullname: 'Peter Obi',
    email: 'peter@example.com',
    intention: 'Repose of the soul',
    state: 'Scheduled',
    mass: { _id: 'd'.repeat(24), date: lastSunday, time: '10:30', place: 'Main church', title: '' },
  },
];
/** Placed in a Mass a week from today: still to come. */
const ahead: MassIntention = {
  ...REQUESTED,
  _id: 'a'.repeat(24),
  fullname: 'Ruth Ade',
  email: 'ruth@example.com',
  intention: 'For a safe journey',
  state: 'Scheduled',
  mass: { _id: 'f'.repeat(24), date: addDays(today(), 7), time: '18:00', place: 'Chapel', title: '' },
};
const mass = (fields: Partial<Mass>): Mass => ({
  _id: `${'e'.repeat(24)}.${sunday}`,
  regularMassId: 'e'.repeat(24),
  date: sunday,
  time: '10:30',
  place: 'Main church',
  celebrant: 'Fr. Paul',
  cap: 5,
  title: '',
  past: false,
  intentions: [],
  ...fields,
});
const weekOf = (masses: Mass[]) => ({ week: mondayOf(today()), masses });
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];
const list = `GET /mass/intention/${userId}`;
const week = `GET /masses/week/${userId}`;
const render = (path = '/mass-scheduling') => renderRoutes([{ path: '*', element: <App /> }], path);

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

describe('Mass Scheduling', () => {
  it('lists the requests with full name, email and intention type, and each one’s state and Mass', async () => {
    const calls = stubApi({ [list]: () => ok(intentions) });
    render();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Mass intentions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Full Name', 'Email', 'Intention Type', 'State and Mass', 'Stipend', 'Action']);
    expect(within(table).getByText('Anna Mensah')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'peter@example.com' })).toHaveAttribute(
      'href',
      'mailto:peter@example.com',
    );
    const peter = within(table).getByText('Peter Obi').closest('tr')!;
    expect(within(peter).getByText('Scheduled')).toBeInTheDocument();
    expect(within(peter).getByText(/10:30, Main church/)).toBeInTheDocument();
    expect(within(peter).getByRole('button', { name: 'Mark Said: Peter Obi' })).toBeInTheDocument();
    expect(within(peter).queryByRole('button', { name: 'Place Peter Obi' })).not.toBeInTheDocument();
    const anna = within(table).getByText('Anna Mensah').closest('tr')!;
    expect(within(anna).getByText('Not placed')).toBeInTheDocument();
    expect(within(anna).getByRole('button', { name: 'Place Anna Mensah' })).toBeInTheDocument();
    expect(calls[0]!.headers.Authorization).toBe('Bearer test-token');
  });

  it('shows the empty text when there are none', async () => {
    stubApi({ [list]: () => ok([]) });
    render();
    expect(await screen.findByText('No mass intentions available.')).toBeInTheDocument();
  });

  it("filters by the header's search term", async () => {
    stubApi({ [list]: () => ok(intentions) });
    render('/mass-scheduling?q=REPOSE');
    const table = await screen.findByRole('table', { name: 'Mass intentions' });
    expect(within(table).getByText('Peter Obi')).toBeInTheDocument();
    expect(within(table).queryByText('Anna Mensah')).not.toBeInTheDocument();
  });

  it('places a request in the next free Mass, and says so', async () => {
    const calls = stubApi({
      [list]: () => ok(intentions),
      [week]: () => ok(weekOf([mass({})])),
      [`PUT /mass/intention/place/${userId}/${'b'.repeat(24)}`]: () => [
        200,
        { message: 'Mass intention scheduled successfully', data: { ...intentions[0], state: 'Scheduled' } },
      ],
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Place Anna Mensah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place intention' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next free Mass' }));
    expect(await screen.findByText('Mass intention scheduled successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ massId: 'next' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('places a request in a Mass chosen by hand; a full one cannot be chosen', async () => {
    const full = mass({
      _id: 'f'.repeat(24),
      time: '07:00',
      cap: 1,
      intentions: [{ _id: 'a'.repeat(24), fullname: 'X', intention: 'Y', state: 'Scheduled', stipend: null }],
    });
    const calls = stubApi({
      [list]: () => ok(intentions),
      [week]: () => ok(weekOf([full, mass({})])),
      [`PUT /mass/intention/place/${userId}/${'b'.repeat(24)}`]: () => [
        200,
        { message: 'Mass intention scheduled successfully', data: intentions[0] },
      ],
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Place Anna Mensah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place intention' });
    const choices = await within(dialog).findByRole('group', { name: 'Or choose a Mass' });
    expect(within(choices).getByRole('radio', { name: /07:00, Main church/ })).toBeDisabled();
    expect(within(choices).getByText('Full')).toBeInTheDocument();
    await userEvent.click(within(choices).getByRole('radio', { name: /10:30, Main church/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place' }));
    expect(await screen.findByText('Mass intention scheduled successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ massId: mass({})._id });
  });

  it('forgets a Mass chosen in one week when another week is shown', async () => {
    stubApi({ [list]: () => ok(intentions), [week]: () => ok(weekOf([mass({})])) });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Place Anna Mensah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place intention' });
    const choices = await within(dialog).findByRole('group', { name: 'Or choose a Mass' });
    await userEvent.click(within(choices).getByRole('radio', { name: /10:30, Main church/ }));
    expect(within(dialog).getByRole('button', { name: 'Place' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next week' }));
    expect(within(dialog).getByRole('button', { name: 'Place' })).toBeDisabled();
  });

  it('marks a Scheduled request Said', async () => {
    const calls = stubApi({
      [list]: () => ok(intentions),
      [`PUT /mass/intention/${userId}/${'c'.repeat(24)}`]: () => [
        200,
        { message: 'Mass intention updated successfully', data: { ...intentions[1], state: 'Said' } },
      ],
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Said: Peter Obi' }));
    expect(await screen.findByText('Mass intention marked Said')).toBeInTheDocument();
    // Its Mass is over: nothing to ask.
    expect(screen.queryByRole('dialog', { name: 'Please confirm' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ state: 'Said' });
  });

  it('asks before marking Said an intention whose Mass has not begun; No changes nothing', async () => {
    const calls = stubApi({
      [list]: () => ok([...intentions, ahead]),
      [`PUT /mass/intention/${userId}/${ahead._id}`]: () => [
        200,
        { message: 'Mass intention updated successfully', data: { ...ahead, state: 'Said' } },
      ],
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Said: Ruth Ade' }));
    const question = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(question).toHaveTextContent(`has not begun yet: ${massInWords(ahead.mass!)}`);
    await userEvent.click(within(question).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Mark Said: Ruth Ade' }));
    const again = await screen.findByRole('dialog', { name: 'Please confirm' });
    await userEvent.click(within(again).getByRole('button', { name: 'Yes, mark Said' }));
    expect(await screen.findByText('Mass intention marked Said')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ state: 'Said' }]);
  });

  it('asks too when Said is chosen in Details for a Mass still to come', async () => {
    const calls = stubApi({
      [list]: () => ok([ahead]),
      [`PUT /mass/intention/${userId}/${ahead._id}`]: () => [
        200,
        { message: 'Mass intention updated successfully', data: { ...ahead, state: 'Said' } },
      ],
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Ruth Ade' }));
    const details = await screen.findByRole('dialog', { name: 'Mass intention' });
    await userEvent.selectOptions(within(details).getByRole('combobox', { name: 'State' }), 'Said');
    await userEvent.click(within(details).getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('dialog', { name: 'Please confirm' });
    await userEvent.click(within(question).getByRole('button', { name: 'No' }));
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    // The form keeps what was chosen.
    expect(within(details).getByRole('combobox', { name: 'State' })).toHaveValue('Said');
    await userEvent.click(within(details).getByRole('button', { name: 'Save' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'Yes, mark Said',
      }),
    );
    expect(await screen.findByText('Mass intention updated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ state: 'Said' });
  });

  it('records a stipend and a receipt in Details, and refuses a stipend that is not an amount', async () => {
    const calls = stubApi({
      [list]: () => ok(intentions),
      [`PUT /mass/intention/${userId}/${'b'.repeat(24)}`]: () => [
        200,
        { message: 'Mass intention updated successfully', data: intentions[0] },
      ],
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Anna Mensah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mass intention' });
    await userEvent.type(within(dialog).getByLabelText('Stipend'), 'twenty');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Stipend must be an amount, like 20 or 20.50')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Stipend'));
    await userEvent.type(within(dialog).getByLabelText('Stipend'), '20.50');
    await userEvent.type(within(dialog).getByLabelText('Receipt number'), 'R-0042');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mass intention updated successfully')).toBeInTheDocument();
    // Only what changed: the state it kept is not sent as a change.
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ stipend: '20.50', receipt: 'R-0042' });
  });

  it("says an intention's state once in Details: who may write reads it in its field, a Guest User among the facts", async () => {
    const cared = { ...intentions[1]!, stateChangedAt: '2026-11-21T12:00:00.000Z', stateChangedBy: 'Sister Grace' };
    stubApi({ [list]: () => ok([cared]) });
    const { unmount } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Peter Obi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mass intention' });
    expect(within(dialog).getByText('Last changed').nextElementSibling).toHaveTextContent(
      /^by Sister Grace, 21\/11\/2026/,
    );
    expect(within(dialog).getAllByText('State')).toHaveLength(1);
    expect(within(dialog).getByRole('combobox', { name: 'State' })).toHaveValue('Scheduled');
    unmount();

    signIn(userId, []);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Peter Obi' }));
    const read = await screen.findByRole('dialog', { name: 'Mass intention' });
    expect(within(read).queryByText('Last changed')).not.toBeInTheDocument();
    expect(within(read).getByText('State').nextElementSibling).toHaveTextContent(
      /^Scheduled by Sister Grace, 21\/11\/2026/,
    );
    expect(within(read).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('offers Said only for an intention placed in a Mass', async () => {
    stubApi({ [list]: () => ok(intentions) });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Anna Mensah' }));
    const requested = await screen.findByRole('dialog', { name: 'Mass intention' });
    const options = (dialog: HTMLElement) =>
      within(within(dialog).getByRole('combobox', { name: 'State' }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options(requested)).toEqual(['Requested', 'Cancelled']);
    await userEvent.click(within(requested).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Details of Peter Obi' }));
    expect(options(await screen.findByRole('dialog', { name: 'Mass intention' }))).toEqual([
      'Requested',
      'Scheduled',
      'Said',
      'Cancelled',
    ]);
  });

  it('sends one marking for a double click', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    const calls = stubApi({
      [list]: () => ok(intentions),
      [`PUT /mass/intention/${userId}/${'c'.repeat(24)}`]: () =>
        new Promise<[number, unknown]>((resolve) => (answer = resolve)),
    });
    render();
    const mark = await screen.findByRole('button', { name: 'Mark Said: Peter Obi' });
    await userEvent.dblClick(mark);
    answer([200, { message: 'Mass intention updated successfully', data: { ...intentions[1], state: 'Said' } }]);
    expect(await screen.findByText('Mass intention marked Said')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('shows a Guest User the state and Mass, with no way to place, mark or cancel', async () => {
    signIn(userId, []);
    stubApi({ [list]: () => ok(intentions) });
    render();
    const table = await screen.findByRole('table', { name: 'Mass intentions' });
    expect(within(table).getByText('Scheduled')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Place|^Mark Said|^Cancel/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Details of Anna Mensah' })).toBeInTheDocument();
  });
});

describe('Mass Scheduling: the week', () => {
  it('lists each Mass of the week with its intentions, the week kept in the address', async () => {
    const monday = mondayOf(today());
    const calls = stubApi({
      [week]: ({ params }) =>
        ok({
          week: params.week,
          masses:
            params.week === monday
              ? [
                  mass({
                    intentions: [
                      {
                        _id: 'c'.repeat(24),
                        fullname: 'Peter Obi',
                        intention: 'Repose of the soul',
                        state: 'Scheduled',
                        stipend: null,
                      },
                    ],
                  }),
                  mass({
                    _id: 'a'.repeat(24),
                    regularMassId: null,
                    time: '14:00',
                    place: 'Chapel',
                    title: 'Wedding',
                    celebrant: '',
                  }),
                ]
              : [],
        }),
    });
    render(`/mass-scheduling?view=week&week=${monday}`);
    const card = await screen.findByRole('article', { name: /10:30, Main church$/ });
    expect(within(card).getByText('Repose of the soul')).toBeInTheDocument();
    expect(within(card).getByText(/Fr\. Paul · 1 of 5 intentions/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /14:00, Chapel$/ })).toHaveTextContent('14:00 · Chapel · Wedding');
    expect(screen.getByRole('link', { name: 'Print' })).toHaveAttribute(
      'href',
      `/mass-scheduling/print?week=${monday}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(
      await screen.findByText('No Masses this week. Add the regular Masses, or a one-off Mass.'),
    ).toBeInTheDocument();
    expect(calls.at(-1)!.params.week).toBe(addDays(monday, 7));
  });

  it('adds a one-off Mass', async () => {
    const calls = stubApi({
      [week]: () => ok(weekOf([])),
      [`POST /add/mass/${userId}`]: ({ body }) => [
        201,
        { message: 'Mass added successfully', data: mass(body as Partial<Mass>) },
      ],
    });
    render('/mass-scheduling?view=week');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Mass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Mass' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Wedding');
    await userEvent.type(within(dialog).getByLabelText('Time'), '9:00');
    await userEvent.type(within(dialog).getByLabelText('Place'), 'Chapel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Mass' }));
    expect(await within(dialog).findByText('Time must be HH:MM, like 10:30')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Time'));
    await userEvent.type(within(dialog).getByLabelText('Time'), '09:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Mass' }));
    expect(await screen.findByText('Mass added successfully')).toBeInTheDocument();
    // This week's form starts on today.
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      date: today(),
      time: '09:00',
      place: 'Chapel',
      celebrant: '',
      cap: 5,
      title: 'Wedding',
    });
  });

  it('moves a Mass, and deletes a one-off Mass that holds no intention', async () => {
    const wedding = mass({
      _id: 'a'.repeat(24),
      regularMassId: null,
      time: '14:00',
      place: 'Chapel',
      title: 'Wedding',
    });
    const calls = stubApi({
      [week]: () => ok(weekOf([mass({}), wedding])),
      [`PUT /edit/mass/${userId}/${mass({})._id}`]: ({ body }) => [
        200,
        { message: 'Mass updated successfully', data: mass(body as Partial<Mass>) },
      ],
      [`DELETE /delete/mass/${userId}/${wedding._id}`]: () => [
        200,
        { message: 'Mass deleted successfully', data: wedding },
      ],
    });
    render('/mass-scheduling?view=week');
    const regularDate = await screen.findByRole('article', { name: /10:30, Main church$/ });
    await userEvent.click(within(regularDate).getByRole('button', { name: /^Edit/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Mass' });
    // A date of a regular Mass is moved, not deleted.
    expect(within(dialog).queryByRole('button', { name: 'Delete Mass' })).not.toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Time'));
    await userEvent.type(within(dialog).getByLabelText('Time'), '11:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mass updated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual(
      expect.objectContaining({ date: sunday, time: '11:00', place: 'Main church', cap: 5 }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const oneOff = screen.getByRole('article', { name: /14:00, Chapel$/ });
    await userEvent.click(within(oneOff).getByRole('button', { name: /^Edit/ }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Mass' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Mass' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this Mass?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Mass deleted successfully')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('manages the regular Masses: adds one with a cap of 5', async () => {
    const calls = stubApi({
      [week]: () => ok(weekOf([])),
      [`GET /masses/regular/${userId}`]: () =>
        ok([{ _id: 'e'.repeat(24), weekday: 'Sunday', time: '10:30', place: 'Main church', celebrant: '', cap: 5 }]),
      [`POST /add/regular/mass/${userId}`]: ({ body }) => [
        201,
        { message: 'Regular Mass added successfully', data: { _id: 'f'.repeat(24), ...(body as object) } },
      ],
    });
    render('/mass-scheduling?view=week');
    await userEvent.click(await screen.findByRole('button', { name: 'Regular Masses' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regular Masses' });
    const table = await within(dialog).findByRole('table', { name: 'Regular Masses' });
    expect(within(table).getByText('Main church')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Weekday'), 'Saturday');
    await userEvent.type(within(dialog).getByLabelText('Time'), '18:00');
    await userEvent.type(within(dialog).getByLabelText('Place'), 'Chapel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add regular Mass' }));
    expect(await screen.findByText('Regular Mass added successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      weekday: 'Saturday',
      time: '18:00',
      place: 'Chapel',
      celebrant: '',
      cap: 5,
    });
  });
});

describe('Mass Scheduling: the print view', () => {
  it('shows the week as a page to print, with Large print kept in the address', async () => {
    const monday = mondayOf(today());
    stubApi({
      [week]: () =>
        ok(
          weekOf([
            mass({
              intentions: [
                {
                  _id: 'c'.repeat(24),
                  fullname: 'Peter Obi',
                  intention: 'Repose of the soul',
                  state: 'Scheduled',
                  stipend: null,
                },
              ],
            }),
          ]),
        ),
    });
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    render(`/mass-scheduling/print?week=${monday}`);
    const sheet = await screen.findByRole('article', { name: 'Mass intentions of the week' });
    expect(await within(sheet).findByText('Repose of the soul')).toBeInTheDocument();
    expect(within(sheet).getByText('— requested by Peter Obi')).toBeInTheDocument();
    expect(within(sheet).getByRole('heading', { name: /10:30 — Main church \(Fr\. Paul\)/ })).toBeInTheDocument();
    // The copy that prints is a child of the body of its own, none of it shown on screen.
    const printed = document.getElementById('mass-week-print')!;
    expect(printed.parentElement).toBe(document.body);
    await waitFor(() => expect(printed).toHaveTextContent('Repose of the soul — requested by Peter Obi'));
    expect(printed).not.toBeVisible();
    const large = screen.getByRole('checkbox', { name: 'Large print' });
    expect(large).not.toBeChecked();
    await userEvent.click(large);
    expect(large).toBeChecked();
    expect(getComputedStyle(sheet).fontSize).toBe('16pt');
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to the week' })).toHaveAttribute(
      'href',
      `/mass-scheduling?view=week&week=${monday}`,
    );
    print.mockRestore();
  });

  it('lets Print wait for the week: the paper never shows it loading', async () => {
    let answer: (value: [number, unknown]) => void = () => undefined;
    stubApi({ [week]: () => new Promise<[number, unknown]>((resolve) => (answer = resolve)) });
    render(`/mass-scheduling/print?week=${mondayOf(today())}`);
    const print = await screen.findByRole('button', { name: 'Print' });
    expect(print).toBeDisabled();
    answer(ok(weekOf([mass({})])));
    await waitFor(() => expect(print).toBeEnabled());
  });

  it('downloads the same week as a PDF the server writes, in large print when asked', async () => {
    const monday = mondayOf(today());
    const downloads = watchDownloads();
    const file = new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    const calls = stubApi({
      [week]: () => ok(weekOf([mass({})])),
      [`GET /masses/week/${userId}/pdf`]: () => [
        200,
        file,
        { 'content-disposition': `attachment; filename="mass-intentions-${monday}.pdf"` },
      ],
    });
    render(`/mass-scheduling/print?week=${monday}&large=1`);
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toEqual({ name: `mass-intentions-${monday}.pdf`, file });
    expect(calls.find((call) => call.url.endsWith('/pdf'))!.params).toEqual({ week: monday, large: '1' });
    jest.restoreAllMocks();
  });

  it("tells the server's refusal of the PDF in its words", async () => {
    const monday = mondayOf(today());
    stubApi({
      [week]: () => ok(weekOf([])),
      [`GET /masses/week/${userId}/pdf`]: () => [
        400,
        new Blob([JSON.stringify({ message: 'Week must be a day of the calendar, written YYYY-MM-DD' })]),
      ],
    });
    render(`/mass-scheduling/print?week=${monday}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByText('Week must be a day of the calendar, written YYYY-MM-DD')).toBeInTheDocument();
  });
});

describe('Mass Scheduling: the intentions report', () => {
  const reportCall = `GET /masses/report/${userId}`;
  const parish = `GET /parish`;
  const aParish = () => ok({ name: 'St Joseph', currency: 'GBP', timeZone: 'UTC', weekStart: 1 });
  const anna = {
    _id: 'b'.repeat(24),
    fullname: 'Anna Mensah',
    email: 'anna@example.com',
    intention: 'Thanksgiving',
    state: 'Scheduled' as const,
    stipend: '0.1',
    receipt: 'R-001',
  };
  const ruth = {
    ...anna,
    _id: 'c'.repeat(24),
    fullname: 'Ruth Ade',
    intention: 'Safe journey',
    state: 'Said' as const,
  };
  const march = {
    from: '2031-03-01',
    to: '2031-03-31',
    masses: [
      {
        _id: 'd'.repeat(24),
        date: '2031-03-01',
        time: '10:00',
        place: 'Main church',
        title: '',
        celebrant: 'Fr. Paul',
        intentions: [anna, { ...anna, _id: 'e'.repeat(24), fullname: 'Peter Obi', stipend: null, receipt: '' }],
        stipends: '0.10',
      },
      {
        _id: 'f'.repeat(24),
        date: '2031-03-15',
        time: '07:00',
        place: 'Chapel',
        title: 'Wedding',
        celebrant: '',
        intentions: [{ ...ruth, stipend: '1000' }],
        stipends: '1000.00',
      },
    ],
    states: [
      { state: 'Scheduled', count: 2, stipends: '0.10' },
      { state: 'Said', count: 1, stipends: '1000.00' },
    ],
    count: 3,
    stipends: '1000.10',
  };

  it('is reached from the Mass Scheduling screen', async () => {
    stubApi({ [list]: () => ok([]) });
    render();
    expect(await screen.findByRole('link', { name: 'Intentions report' })).toHaveAttribute(
      'href',
      '/mass-scheduling/report',
    );
  });

  it('shows a period’s Masses with each intention, stipend and receipt, and the totals in the parish’s currency', async () => {
    const calls = stubApi({ [parish]: aParish, [reportCall]: () => ok(march) });
    render('/mass-scheduling/report?from=2031-03-01&to=2031-03-31');
    const first = await screen.findByRole('table', { name: 'Intentions of Saturday 01/03/2031 10:00, Main church' });
    const anna = within(first).getByText('Anna Mensah').closest('tr')!;
    expect(within(anna).getByText('Thanksgiving')).toBeInTheDocument();
    expect(within(anna).getByText('Scheduled')).toBeInTheDocument();
    expect(within(anna).getByText('£0.10')).toBeInTheDocument();
    expect(within(anna).getByText('R-001')).toBeInTheDocument();
    const peter = within(first).getByText('Peter Obi').closest('tr')!;
    expect(within(peter).getAllByText('—')).toHaveLength(2);
    expect(
      screen.getByRole('heading', { name: 'Saturday 01/03/2031 10:00, Main church (Fr. Paul)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 intentions · Stipends: £0.10')).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Intentions of Wedding, Saturday 15/03/2031 07:00, Chapel' }),
    ).toHaveTextContent('£1,000.00');
    const states = screen.getByRole('table', { name: 'By state' });
    expect(
      within(states)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Scheduled', '2', '£0.10'],
      ['Said', '1', '£1,000.00'],
      ['Total for the period', '3', '£1,000.10'],
    ]);
    expect(calls.find((call) => call.url.startsWith('/masses/report'))!.params).toEqual({
      from: '2031-03-01',
      to: '2031-03-31',
    });
    expect(screen.getByRole('link', { name: 'Print' })).toHaveAttribute(
      'href',
      '/mass-scheduling/report/print?from=2031-03-01&to=2031-03-31',
    );
  });

  it('is this month when no period is given, and says when the period has no intentions', async () => {
    const calls = stubApi({ [reportCall]: () => ok({ ...march, masses: [], count: 0, stipends: '0.00' }) });
    render('/mass-scheduling/report');
    expect(await screen.findByText('No intentions in this period.')).toBeInTheDocument();
    const month = today().slice(0, 7);
    const { from, to } = calls.find((call) => call.url.startsWith('/masses/report'))!.params as Record<string, string>;
    expect(from).toBe(`${month}-01`);
    expect(to.slice(0, 7)).toBe(month);
    expect(addDays(to, 1).endsWith('-01')).toBe(true);
    expect(screen.getByLabelText('From')).toHaveValue(`01/${month.slice(5)}/${month.slice(0, 4)}`);
  });

  it('shows another period chosen with From and To; one back to front is refused in words', async () => {
    const calls = stubApi({ [reportCall]: () => ok(march) });
    const { router } = render('/mass-scheduling/report?from=2031-03-01&to=2031-03-31');
    await screen.findByRole('table', { name: 'By state' });
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '10/04/2031');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The period is back to front: From must be on or before To')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/masses/report'))).toHaveLength(1);
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '30/04/2031');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2031-04-10&to=2031-04-30'));
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/masses/report')).at(-1)!.params).toEqual({
        from: '2031-04-10',
        to: '2031-04-30',
      }),
    );
  });

  it('exports the period as CSV, as the lists do', async () => {
    const downloads = watchDownloads();
    const calls = stubApi({
      [reportCall]: () => ok(march),
      'GET /export/intentions-report.csv': () => [
        200,
        new Blob(['Mass Date'], { type: 'text/csv' }),
        { 'content-disposition': 'attachment; filename="intentions-report-2031-03-01-2031-03-31.csv"' },
      ],
    });
    render('/mass-scheduling/report?from=2031-03-01&to=2031-03-31');
    await screen.findByRole('table', { name: 'By state' });
    await userEvent.click(screen.getByRole('button', { name: /Export/ }));
    await userEvent.click(screen.getByRole('button', { name: 'CSV (.csv)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(calls.find((call) => call.url === '/export/intentions-report.csv')!.params).toMatchObject({
      from: '2031-03-01',
      to: '2031-03-31',
    });
    jest.restoreAllMocks();
  });

  it('prints as the week does: a sheet previewed, its copy alone on paper, Print once it is in', async () => {
    stubApi({ [parish]: aParish, [reportCall]: () => ok(march) });
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    render('/mass-scheduling/report/print?from=2031-03-01&to=2031-03-31');
    const sheet = await screen.findByRole('article', { name: 'Mass intentions report' });
    expect(await within(sheet).findByText('Safe journey')).toBeInTheDocument();
    expect(within(sheet).getByText('01/03/2031 – 31/03/2031')).toBeInTheDocument();
    expect(
      within(sheet).getByRole('heading', { name: 'Saturday 01/03/2031 10:00, Main church (Fr. Paul)' }),
    ).toBeInTheDocument();
    expect(within(sheet).getByText('Total, 2 intentions').closest('tr')).toHaveTextContent('£0.10');
    expect(within(sheet).getByText('Total for the period').closest('tr')).toHaveTextContent('3£1,000.10');
    const printed = document.getElementById('intentions-report-print')!;
    expect(printed.parentElement).toBe(document.body);
    await waitFor(() => expect(printed).toHaveTextContent('Safe journey'));
    expect(printed).not.toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to the report' })).toHaveAttribute(
      'href',
      '/mass-scheduling/report?from=2031-03-01&to=2031-03-31',
    );
    print.mockRestore();
  });
});
