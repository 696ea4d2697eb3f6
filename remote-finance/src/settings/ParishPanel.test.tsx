import { screen, within } from '@testing-library/react';
import { userEvent as userEvents } from '@testing-library/user-event';
import { renderRoutes, signIn, stubApi, type StubHandler } from 'shared/testing';
import App from '../App';

const userEvent = userEvents.setup({ delay: null });

// Some 300 currencies and 400 zones in the lists: jsdom renders them slowly.
jest.setTimeout(30_000);

const parish = { name: 'St Joseph', currency: 'NGN', timeZone: 'Africa/Lagos', weekStart: 1 };
const account =
  (role: string, permissions: string[]): StubHandler =>
  () => [
    200,
    { message: 'ok', data: { _id: '65a1b2c3d4e5f60718293a4b', email: 'admin@example.com', role, permissions } },
  ];

const panel = () => screen.getByRole('region', { name: 'Parish' });
/** The header's parish name (the shell's): not part of this remote, so the panel's form is what is looked at. */
const field = (label: string) => within(panel()).getByLabelText(label);

describe('Settings → Parish', () => {
  it('an Admin changes the name, currency, zone and week start; a refusal is said by its field and keeps what was typed', async () => {
    signIn('65a1b2c3d4e5f60718293a4b');
    let answer: [number, unknown] = [
      400,
      { message: 'Time zone must be an IANA time zone, like Africa/Lagos or Europe/London' },
    ];
    const calls = stubApi({
      'GET /account': account('Admin', ['content', 'finance', 'team']),
      'GET /parish': () => [200, { message: 'ok', data: parish }],
      'PUT /parish': () => answer,
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/parish');
    const name = await within(await screen.findByRole('region', { name: 'Parish' })).findByLabelText('Parish name');
    expect(name).toHaveValue('St Joseph');
    expect(field('Currency')).toHaveValue('NGN');
    expect(within(field('Currency')).getByRole('option', { name: 'GHS — Ghanaian Cedi' })).toBeInTheDocument();
    expect(field('Time zone')).toHaveValue('Africa/Lagos');
    expect(field('First day of the week')).toHaveDisplayValue('Monday');

    await userEvent.clear(name);
    await userEvent.type(name, 'Holy Family, Accra');
    await userEvent.selectOptions(field('Currency'), 'GHS');
    await userEvent.selectOptions(field('Time zone'), 'Africa/Accra');
    await userEvent.selectOptions(field('First day of the week'), 'Sunday');
    await userEvent.click(screen.getByRole('button', { name: 'Save parish' }));
    expect(
      await within(panel()).findByText('Time zone must be an IANA time zone, like Africa/Lagos or Europe/London'),
    ).toBeInTheDocument();
    expect(field('Parish name')).toHaveValue('Holy Family, Accra');
    expect(field('Currency')).toHaveValue('GHS');

    const saved = { name: 'Holy Family, Accra', currency: 'GHS', timeZone: 'Africa/Abidjan', weekStart: 0 };
    answer = [200, { message: 'Parish settings saved', data: saved }];
    await userEvent.selectOptions(field('Time zone'), 'Africa/Abidjan');
    await userEvent.click(screen.getByRole('button', { name: 'Save parish' }));
    expect(await screen.findByText('Parish settings saved')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { ...saved, timeZone: 'Africa/Accra' },
      saved,
    ]);
    expect(field('Time zone')).toHaveValue('Africa/Abidjan');
  });

  it('refuses an empty name before sending anything', async () => {
    signIn('65a1b2c3d4e5f60718293a4b');
    const calls = stubApi({
      'GET /account': account('Admin', ['content', 'finance', 'team']),
      'GET /parish': () => [200, { message: 'ok', data: parish }],
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/parish');
    const name = await within(await screen.findByRole('region', { name: 'Parish' })).findByLabelText('Parish name');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save parish' }));
    expect(await within(panel()).findByText('Parish name is required')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it.each([
    ['Manager', ['content']],
    ['Guest User', []],
  ])('a %s reads the settings and changes nothing', async (role, permissions) => {
    signIn('65a1b2c3d4e5f60718293a4b', permissions);
    stubApi({
      'GET /account': account(role, permissions),
      'GET /parish': () => [200, { message: 'ok', data: parish }],
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/parish');
    const region = await screen.findByRole('region', { name: 'Parish' });
    expect(await within(region).findByText('NGN — Nigerian Naira')).toBeInTheDocument();
    expect(within(region).getByText('St Joseph')).toBeInTheDocument();
    expect(within(region).getByText('Africa/Lagos')).toBeInTheDocument();
    expect(within(region).getByText('Monday')).toBeInTheDocument();
    expect(within(region).getByText("Only an Admin can change the parish's settings.")).toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
    expect(within(region).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
