import { screen, within } from '@testing-library/react';
import { userEvent as userEvents } from '@testing-library/user-event';
import { renderRoutes, signIn, stubApi, type StubHandler } from 'shared/testing';
import App from '../App';

const userEvent = userEvents.setup({ delay: null });

/** A moment of the browser's own zone, as the screens show it. */
const local = (year: number, month: number, day: number, hours: number, minutes: number) =>
  new Date(year, month - 1, day, hours, minutes).toISOString();

const account =
  (role: string, permissions: string[]): StubHandler =>
  () => [
    200,
    { message: 'ok', data: { _id: '65a1b2c3d4e5f60718293a4b', email: 'admin@example.com', role, permissions } },
  ];
const ADMIN = account('Admin', ['content', 'finance', 'team']);

const message = (fields: object) => ({
  _id: '65a1b2c3d4e5f60718293a51',
  kind: 'invitation',
  toName: 'Sister Grace',
  toAddress: 'grace@parish.org',
  subject: "You are invited to St Mary's back-office",
  state: 'sent',
  attempts: 1,
  nextTryAt: local(2026, 12, 7, 9, 0),
  lastError: null,
  createdAt: local(2026, 12, 7, 9, 0),
  sentAt: local(2026, 12, 7, 9, 1),
  ...fields,
});
const sent = message({});
const waiting = message({
  _id: '65a1b2c3d4e5f60718293a52',
  toName: 'Brother Tom',
  toAddress: 'tom@parish.org',
  state: 'waiting',
  attempts: 2,
  nextTryAt: local(2026, 12, 7, 9, 30),
  lastError: 'connect ECONNREFUSED 10.0.0.5:587',
  sentAt: null,
});
const failed = message({
  _id: '65a1b2c3d4e5f60718293a53',
  toName: '',
  toAddress: 'gone@parish.org',
  state: 'failed',
  lastError: '550 5.1.1 Mailbox unavailable: no such user',
  sentAt: null,
});
const configured = {
  configured: true,
  server: { host: 'smtp.example.org', port: 587, secure: false, user: 'office' },
  from: "St Mary's Parish <office@stmary.example.org>",
  replyTo: 'priest@stmary.example.org',
  messages: [failed, waiting, sent],
};

const panel = () => screen.findByRole('region', { name: 'Mail' });

describe('Settings → Mail', () => {
  it('shows the mail server (no password), and the outbox: sent, waiting with its next try, failed with the words', async () => {
    signIn('65a1b2c3d4e5f60718293a4b');
    stubApi({ 'GET /account': ADMIN, 'GET /mail': () => [200, { message: 'ok', data: configured }] });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/mail');
    const mail = await panel();
    expect(await within(mail).findByText('smtp.example.org:587 (STARTTLS where offered)')).toBeInTheDocument();
    expect(within(mail).getByText('office')).toBeInTheDocument();
    expect(within(mail).getByText("St Mary's Parish <office@stmary.example.org>")).toBeInTheDocument();
    expect(within(mail).getByText('priest@stmary.example.org')).toBeInTheDocument();
    const rows = within(within(mail).getByRole('table', { name: 'Outbox' })).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringContaining('gone@parish.orgYou are invited'),
      expect.stringContaining('Brother Tom <tom@parish.org>'),
      expect.stringContaining('Sister Grace <grace@parish.org>'),
    ]);
    expect(rows[1]).toHaveTextContent('Failed550 5.1.1 Mailbox unavailable: no such user');
    expect(rows[2]).toHaveTextContent('Waiting: next try 07/12/2026 09:30connect ECONNREFUSED 10.0.0.5:587');
    expect(rows[3]).toHaveTextContent('Sent 07/12/2026 09:01');
    expect(within(rows[3]!).queryByRole('button', { name: /Send again/ })).not.toBeInTheDocument();
  });

  it('sends a test message and a failed message again, saying so', async () => {
    signIn('65a1b2c3d4e5f60718293a4b');
    const calls = stubApi({
      'GET /account': ADMIN,
      'GET /mail': () => [200, { message: 'ok', data: configured }],
      'POST /mail/test': () => [
        201,
        { message: 'Test message on its way to admin@example.com', data: message({ state: 'waiting' }) },
      ],
      [`POST /mail/messages/${failed._id}/send-again`]: () => [
        200,
        { message: 'Message on its way again', data: { ...failed, state: 'waiting' } },
      ],
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/mail');
    const mail = await panel();
    await userEvent.click(await within(mail).findByRole('button', { name: 'Send a test message' }));
    expect(await screen.findByText('Test message on its way to admin@example.com')).toBeInTheDocument();
    await userEvent.click(within(mail).getByRole('button', { name: 'Send again to gone@parish.org' }));
    expect(await screen.findByText('Message on its way again')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/mail/test',
      `/mail/messages/${failed._id}/send-again`,
    ]);
  });

  it('says when no mail server is configured: messages kept as not sent, no test message to send', async () => {
    signIn('65a1b2c3d4e5f60718293a4b');
    const kept = message({ state: 'failed', lastError: 'not sent: no mail server configured', sentAt: null });
    stubApi({
      'GET /account': ADMIN,
      'GET /mail': () => [
        200,
        { message: 'ok', data: { configured: false, server: null, from: null, replyTo: null, messages: [kept] } },
      ],
    });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/mail');
    const mail = await panel();
    expect(await within(mail).findByText(/No mail server is configured: nothing is sent/)).toBeInTheDocument();
    expect(within(mail).getByRole('table', { name: 'Outbox' })).toHaveTextContent(
      'Failednot sent: no mail server configured',
    );
    expect(within(mail).queryByRole('button', { name: 'Send a test message' })).not.toBeInTheDocument();
    expect(within(mail).queryByRole('button', { name: /Send again/ })).not.toBeInTheDocument();
  });

  it('shows a Manager no Mail section and asks for nothing', async () => {
    signIn('65a1b2c3d4e5f60718293a4b');
    const calls = stubApi({ 'GET /account': account('Manager', ['content']) });
    renderRoutes([{ path: '*', element: <App /> }], '/settings/profile');
    await screen.findByRole('region', { name: 'Profile' });
    expect(screen.queryByRole('link', { name: 'Mail' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/mail')).toEqual([]);
  });
});
