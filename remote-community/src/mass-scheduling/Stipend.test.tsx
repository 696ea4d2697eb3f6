import { screen, waitFor, within } from '@testing-library/react';
import { session } from 'shared';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import App from '../App';
import type { Mass, MassIntention } from './api';
import { addDays, mondayOf, today, weekStartOf } from './calendar';

// Stipends are shown with the parish's currency (Settings → Parish), each one and their total; the
// Mass week runs from the parish's first day of the week.

const userId = '0123456789abcdef01234567';
/** An amount in cedis as the page reads (Testing Library reads a no-break space as a space). */
const cedis = (amount: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GHS' }).format(amount).replace(/\s/g, ' ');
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];
const parish = ok({ name: 'Holy Family', currency: 'GHS', timeZone: 'Africa/Accra', weekStart: 1 });
const sunday = addDays(mondayOf(today()), 6);
const intention = (id: string, fullname: string, stipend: string | null): MassIntention => ({
  _id: id.repeat(24),
  fullname,
  email: 'ada@example.com',
  intention: 'Thanksgiving',
  state: 'Scheduled',
  mass: { _id: 'd'.repeat(24), date: sunday, time: '10:30', place: 'Main church', title: '' },
  stipend,
  receipt: '',
  stateChangedAt: null,
  stateChangedBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});
const mass = (id: string, intentions: Mass['intentions']): Mass => ({
  _id: id.repeat(24),
  regularMassId: null,
  date: sunday,
  time: id === 'd' ? '10:30' : '18:00',
  place: 'Main church',
  celebrant: '',
  cap: 5,
  title: '',
  past: false,
  intentions,
});
const render = (path: string) => renderRoutes([{ path: '*', element: <App /> }], path);

beforeEach(() => {
  session.clear();
  signIn(userId);
});

describe('the parish on the Mass screens: its currency and its name', () => {
  it('the intentions list shows each stipend with the currency, and their total', async () => {
    stubApi({
      'GET /parish': () => parish,
      [`GET /mass/intention/${userId}`]: () =>
        ok([intention('a', 'Ada Obi', '20.50'), intention('b', 'Chidi Eze', null), intention('c', 'Ruth Ade', '0.10')]),
    });
    render('/mass-scheduling');
    const table = await screen.findByRole('table', { name: 'Mass intentions' });
    expect(within(table).getByRole('columnheader', { name: 'Stipend' })).toBeInTheDocument();
    const ada = within(table).getByText('Ada Obi').closest('tr')!;
    expect(await within(ada).findByText(cedis(20.5))).toBeInTheDocument();
    expect(within(within(table).getByText('Chidi Eze').closest('tr')!).getByText('—')).toBeInTheDocument();
    expect(await screen.findByText(`Stipends of the intentions shown: ${cedis(20.6)}`)).toBeInTheDocument();
  });

  it('the Mass week shows each stipend with the currency, each Mass’s total and the week’s', async () => {
    stubApi({
      'GET /parish': () => parish,
      [`GET /masses/week/${userId}`]: () =>
        ok({
          week: mondayOf(today()),
          masses: [
            mass('d', [
              {
                _id: 'a'.repeat(24),
                fullname: 'Ada Obi',
                intention: 'Thanksgiving',
                state: 'Scheduled',
                stipend: '20.50',
              },
              { _id: 'b'.repeat(24), fullname: 'Chidi Eze', intention: 'Healing', state: 'Said', stipend: '5' },
            ]),
            mass('e', [
              { _id: 'c'.repeat(24), fullname: 'Ruth Ade', intention: 'Journey', state: 'Scheduled', stipend: null },
            ]),
          ],
        }),
    });
    render('/mass-scheduling?view=week');
    const card = await screen.findByRole('article', { name: /10:30/ });
    expect(await within(card).findByText(cedis(20.5))).toBeInTheDocument();
    expect(within(card).getByText(cedis(5))).toBeInTheDocument();
    expect(within(card).getByText(cedis(25.5))).toBeInTheDocument();
    expect(screen.getByText(`Stipends this week: ${cedis(25.5)}`)).toBeInTheDocument();
  });

  it('the printed week names the parish', async () => {
    stubApi({
      'GET /parish': () => parish,
      [`GET /masses/week/${userId}`]: () => ok({ week: mondayOf(today()), masses: [] }),
    });
    render(`/mass-scheduling/print?week=${mondayOf(today())}`);
    const sheet = await screen.findByRole('article', { name: 'Mass intentions of the week' });
    expect(await within(sheet).findByText('Holy Family')).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('mass-week-print')).toHaveTextContent(/^Holy Family/));
  });

  it("the Mass week starts on the parish's first day of the week", async () => {
    const sundayFirst = ok({ name: 'Holy Family', currency: 'GHS', timeZone: 'Africa/Accra', weekStart: 0 });
    const calls = stubApi({
      'GET /parish': () => sundayFirst,
      [`GET /masses/week/${userId}`]: (call) => ok({ week: call.params.week, masses: [] }),
    });
    const firstDay = weekStartOf(today(), 0);
    render('/mass-scheduling?view=week');
    await waitFor(() =>
      expect(calls.filter((call) => call.url.includes('/masses/week/')).map((call) => call.params.week)).toContain(
        firstDay,
      ),
    );
    const shown = (day: string) => day.split('-').reverse().join('/');
    expect(
      await screen.findByText(new RegExp(`${shown(firstDay)} – ${shown(addDays(firstDay, 6))}`)),
    ).toBeInTheDocument();
  });
});
