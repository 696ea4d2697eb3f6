import { createAdmin } from './admins';
import { engines, multipartForm, startServer, type TestServer } from '../testing/harness';
import { operationsOf, pathWith, type Operation } from '../testing/openapi';
import { storedState } from '../testing/snapshot';
import { solidPng } from '../uploads/png';
import { ROLE_PERMISSIONS } from './permissions';

// Roles enforced by the server (issue 14), table-driven from the OpenAPI document: every protected
// operation × every role. A refused call answers 403 in words and changes nothing; an allowed one gets
// past the role check (to its own validation, with the empty body sent here).

/** The donations' and bank accounts' calls (bank accounts are /add|edit|delete/account/…). */
const FINANCE = /donation|\/(add|edit|delete)\/account\//;

/** The permission an operation needs, as the table says it should be. */
function needed(operation: Operation): 'content' | 'finance' | 'team' | undefined {
  if (/^\/api\/v1\/(team|activity)/.test(operation.path)) return 'team';
  if (!operation.parameters.includes('userId')) return undefined;
  if (FINANCE.test(operation.path)) return 'finance';
  return operation.method === 'GET' ? undefined : 'content';
}

describe.each(engines())('roles on %s', (_name, engine) => {
  let server: TestServer;
  let operations: Operation[];
  const members: Record<string, { id: string; token: string }> = {};

  beforeAll(async () => {
    server = await startServer(engine);
    // Logging out would end the session the rest of the table uses: every role may, and auth.test.ts tests it.
    operations = (await operationsOf(server)).filter(
      (operation) => operation.protected && operation.path !== '/api/v1/auth/logout',
    );
    members.Admin = { id: server.admin._id, token: await server.login() };
    for (const role of ['Manager', 'Guest User'] as const) {
      const email = `${role.replace(' ', '').toLowerCase()}@parish.org`;
      const id = await createAdmin(server.db, email, 'a member password', server.config.passwordHashCost);
      await server.db.kysely.updateTable('admins').set({ role }).where('_id', '=', id).execute();
      const login = await server.call('POST', '/api/v1/admin/login', {
        json: { email, password: 'a member password' },
      });
      members[role] = { id, token: login.body.token as string };
    }
  });
  afterAll(() => server.close());

  it('gives each role the permissions of the issue: Admin all, Manager content, Guest User none', () => {
    expect(ROLE_PERMISSIONS).toEqual({ Admin: ['content', 'finance', 'team'], Manager: ['content'], 'Guest User': [] });
  });

  it.each(['Admin', 'Manager', 'Guest User'])(
    'every protected operation for a %s: refused with a 403 in words and nothing changed, or let through',
    async (role) => {
      const { id, token } = members[role]!;
      const wrong: string[] = [];
      for (const operation of operations) {
        const permission = needed(operation);
        const refused =
          permission !== undefined && !(ROLE_PERMISSIONS[role as 'Admin'] as string[]).includes(permission);
        const values = Object.fromEntries(operation.parameters.map((name) => [name, 'aaaaaaaaaaaaaaaaaaaaaaaa']));
        values.userId = id;
        const body = operation.body?.kind === 'json' ? { json: {} } : operation.body ? { form: multipartForm({}) } : {};
        const before = refused ? await storedState(server) : '';
        const res = await server.call(operation.method, pathWith(operation, values), { token, ...body });
        const name = `${operation.method} ${operation.path}`;
        if (refused) {
          if (res.status !== 403 || typeof res.body?.message !== 'string')
            wrong.push(`${name}: ${res.status}, not 403`);
          else if ((await storedState(server)) !== before) wrong.push(`${name}: refused, but something changed`);
        } else if (res.status === 403 || res.status === 401) wrong.push(`${name}: ${res.status} for a ${role}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('a Manager adds a book but no bank account; a Guest User adds nothing and deletes nothing', async () => {
    const book = (member: { id: string; token: string }) =>
      server.call('POST', `/api/v1/add/book/${member.id}`, {
        token: member.token,
        form: multipartForm(
          { bookName: 'Confessions', bookLink: 'https://example.org/c', category: 'Devotional' },
          { bookImage: { content: solidPng(4, 4, [1, 2, 3]), name: 'c.png', type: 'image/png' } },
        ),
      });
    const manager = members.Manager!;
    const guest = members['Guest User']!;
    expect((await book(manager)).status).toBe(201);
    const account = await server.call('POST', `/api/v1/add/account/${manager.id}`, {
      token: manager.token,
      json: { bankName: 'First', bankAccountNumber: '001', bankAccountHolderName: 'Parish', currency: 'NGN' },
    });
    expect(account.status).toBe(403);
    expect(account.body).toEqual({ message: 'Only an Admin can change donations and bank accounts' });

    const refused = await book(guest);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'A Guest User can look at everything but change nothing' });
    const request = await server.call('POST', '/api/v1/prayer/request', { json: { request: 'For rain' } });
    const remove = await server.call(
      'DELETE',
      `/api/v1/prayer/request/${guest.id}/${request.body.data._id as string}`,
      {
        token: guest.token,
      },
    );
    expect(remove.status).toBe(403);
    // Reading is every role's: the Guest User sees the prayer requests, and its own account.
    expect((await server.call('GET', `/api/v1/prayer/request/${guest.id}`, { token: guest.token })).status).toBe(200);
    expect((await server.call('GET', '/api/v1/account', { token: guest.token })).body.data.role).toBe('Guest User');
  });
});
