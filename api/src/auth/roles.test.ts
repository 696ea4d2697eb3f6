import fs from 'node:fs';
import path from 'node:path';
import { URI, type TOTP } from 'otpauth';
import { createAdmin } from './admins';
import { adoptBuilds, archiveOf } from '../testing/archives';
import {
  engines,
  makeFrontEndFixture,
  multipartForm,
  startServer,
  writeRemoteBuild,
  type CallOptions,
  type TestServer,
} from '../testing/harness';
import { operationsOf, pathWith, type Operation } from '../testing/openapi';
import { signedInMembers } from '../testing/members';
import { kindOf, PICTURE, validRecord, type RecordKind } from '../testing/records';
import { storedState } from '../testing/snapshot';
import { ROLE_PERMISSIONS } from './permissions';
import { loadConfig } from '../config';

// Roles enforced by the server, table-driven from the OpenAPI document: every protected
// operation × every role. A refused call answers 403 in words and changes nothing; an allowed one gets
// past the role check (to its own validation, with the empty body sent here); and, further down, every
// write a role may make answers 2xx with a valid request.

/** The donations' and bank accounts' calls (bank accounts are /add|edit|delete/account/…). */
const FINANCE = /donation|\/(add|edit|delete)\/account\//;

/** The permission an operation needs, as the table says it should be. */
function needed(operation: Operation): 'content' | 'finance' | 'team' | undefined {
  // The activity record is the team's, and so are its exports, the rollouts, Settings → Mail and the
  // backups; every other list's export is anyone's.
  if (/^\/api\/v1\/(team|activity|rollouts|mail|backups|export\/activity\.(csv|xlsx))/.test(operation.path))
    return 'team';
  // The parish's settings: every member reads them, an Admin changes them.
  if (operation.path === '/api/v1/parish') return operation.method === 'GET' ? undefined : 'team';
  // So are the remotes' releases and their deploy tokens.
  if (/^\/api\/v1\/(releases|deploy-tokens)\//.test(operation.path + '/')) return 'team';
  // The trash is the content's (a finance entry is an Admin's, checked by the trash's own suite).
  if (/^\/api\/v1\/trash/.test(operation.path)) return 'content';
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
    Object.assign(members, await signedInMembers(server));
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
          { bookImage: PICTURE },
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

// The other half of the table: every write a role may make succeeds (2xx) with a valid request, each
// role on a database of its own, its adds first (they make the records its edits and deletes name).

/** The release the Admin's upload publishes and deploy puts live (the archive is written per server). */
const NEXT_RELEASE = { release: '1.1.0-bbbbbbb', archive: (): Buffer => Buffer.alloc(0) };

/** The otpauth URI of the last two-factor setup, whose code turns it on. */
let twoFactorUri = '';

/** A valid request for each write: the records' own (an edit keeps its picture), the account's and the team's. */
function validRequest(
  operation: Operation,
  kind: RecordKind | undefined,
  member: { email: string; password: string },
  ids: Record<string, string>,
): CallOptions {
  const route = `${operation.method} ${operation.path}`;
  if (route === 'PUT /api/v1/prayer/request/{userId}/{id}')
    return { json: { state: 'Prayed for', note: 'Called her on Sunday', assigneeId: null } };
  if (route === 'PUT /api/v1/prayer/requests/state/{userId}')
    return { json: { ids: [ids['prayer request']], state: 'Answered' } };
  if (route === 'PUT /api/v1/mass/intention/place/{userId}/{id}') return { json: { massId: 'next' } };
  if (route === 'PUT /api/v1/mass/intention/{userId}/{id}') return { json: { stipend: '20', receipt: 'R-1' } };
  if (route === 'POST /api/v1/account/two-factor/enable')
    return { json: { code: (URI.parse(twoFactorUri) as TOTP).generate() } };
  if (route === 'POST /api/v1/account/two-factor/disable') return { json: { proof: member.password } };
  if (route === 'PUT /api/v1/team/two-factor') return { json: { required: false } };
  if (route === 'PUT /api/v1/account')
    return { json: { name: 'A member', email: member.email, phone: '+234 800 000 0000', country: 'Nigeria' } };
  if (route === 'PUT /api/v1/account/password')
    return { json: { currentPassword: member.password, newPassword: 'a brand new passphrase' } };
  if (route === 'POST /api/v1/team') return { json: { name: 'Brother Tom', email: 'tom@parish.org', role: 'Manager' } };
  if (route === 'PUT /api/v1/team/{id}') return { json: { role: 'Guest User' } };
  if (route === 'PUT /api/v1/backups/schedule') return { json: { at: '03:15', keep: 5 } };
  if (route === 'PUT /api/v1/parish')
    return { json: { name: 'St Mary', currency: 'GHS', timeZone: 'Africa/Accra', weekStart: 0 } };
  if (route === 'POST /api/v1/deploy-tokens')
    return {
      json: { name: 'Content CI', remote: 'content', scope: 'deploy', expiresAt: new Date(Date.now() + 86_400_000) },
    };
  if (route === 'POST /api/v1/releases/{remote}')
    return { body: NEXT_RELEASE.archive(), headers: { 'content-type': 'application/gzip' } };
  // Rolled out to half the browsers, then promoted: every release call succeeds in turn.
  if (route === 'POST /api/v1/releases/{remote}/deploy') return { json: { release: NEXT_RELEASE.release, share: 50 } };
  if (route === 'POST /api/v1/releases/{remote}/preview') return { json: { release: NEXT_RELEASE.release } };
  if (/upload\/reflection\/image/.test(operation.path)) return { form: multipartForm({}, { image: PICTURE }) };
  if (/import\/readings/.test(operation.path))
    return { json: { readings: [{ day: 40, week: 6, date: '2026-02-09', passage: 'Exod 1' }] } };
  if (!operation.body) return {};
  const valid = validRecord(kind, { withPicture: !/edit/.test(operation.path) });
  if (!valid) throw new Error(`no valid request for ${route}: add one to this table`);
  return valid;
}

/** Adds first, then edits and the rest, then the sessions' sign-outs, the password, and deletes last. */
function turnOf(operation: Operation): number {
  // A release is previewed once uploaded, before a deploy rolls it out; promote makes it whole, then rollback.
  const release = ['preview', 'deploy', 'promote', 'rollback'].indexOf(
    /\/releases\/\{remote\}\/(\w+)$/.exec(operation.path)?.[1] ?? '',
  );
  if (release >= 0) return 0.5 + release / 10;
  const twoFactor = ['setup', 'enable', 'disable'].indexOf(operation.path.split('/two-factor/')[1] ?? '');
  if (twoFactor >= 0) return 1 + (twoFactor + 1) / 10;
  if (
    /\/(add|post)\/|^\/api\/v1\/(team|deploy-tokens|releases\/\{remote\})$/.test(operation.path) &&
    operation.method === 'POST'
  )
    return 0;
  // A restore makes the newest version the edits kept current again.
  if (/\/restore\/\{userId\}$/.test(operation.path)) return 1.5;
  if (/account\/sessions\/\{id\}/.test(operation.path)) return 2;
  if (/account\/sessions/.test(operation.path)) return 3;
  if (/account\/password/.test(operation.path)) return 4;
  if (/all\/prayer\/request/.test(operation.path)) return 6;
  // The trash after the deletes that fill it: a restore, a delete for good, then emptying it.
  if (/\/trash\/\{id\}\/restore/.test(operation.path)) return 7;
  if (/\/trash\/\{id\}/.test(operation.path)) return 8;
  if (/\/trash$/.test(operation.path)) return 9;
  if (operation.method === 'DELETE' || /delete/.test(operation.path)) return 5;
  return 1;
}

describe.each(engines())('allowed writes on %s', (_name, engine) => {
  it.each(['Admin', 'Manager', 'Guest User'] as const)(
    'every write a %s may make succeeds with a valid request',
    async (role) => {
      // The content remote's build is live: the release calls and the deploy tokens name it.
      const fixture = makeFrontEndFixture();
      // A mail server configured (nothing runs to send): a test message and Send again are writes an Admin makes.
      const mail = {
        ...loadConfig({}).mail,
        smtpUrl: 'smtp://127.0.0.1:9',
        from: { name: '', address: 'office@parish.org' },
      };
      const server = await startServer(engine, { staticRoots: fixture.staticRoots, mail });
      try {
        await adoptBuilds(server);
        NEXT_RELEASE.archive = () =>
          archiveOf(
            writeRemoteBuild(path.join(fixture.root, 'next'), { name: 'content', release: NEXT_RELEASE.release }),
          );
        const member =
          role === 'Admin'
            ? { id: server.admin._id, email: server.admin.email, password: server.admin.password }
            : {
                id: await createAdmin(
                  server.db,
                  'member@parish.org',
                  'a member password',
                  server.config.passwordHashCost,
                  { role },
                ),
                email: 'member@parish.org',
                password: 'a member password',
              };
        const logIn = async () =>
          (
            await server.call('POST', '/api/v1/admin/login', {
              json: { email: member.email, password: member.password },
            })
          ).body.token as string;
        const token = await logIn();
        // A second session to sign out, and a prayer request (the mobile app's) to delete.
        await logIn();
        const sessions = (await server.call('GET', '/api/v1/account/sessions', { token })).body.data as {
          id: string;
          current: boolean;
        }[];
        // The sessions' routes record their writes as the account's.
        const ids: Record<string, string> = { account: sessions.find((session) => !session.current)!.id };
        ids['prayer request'] = (await server.call('POST', '/api/v1/prayer/request', { json: { request: 'For rain' } }))
          .body.data._id as string;
        ids['mass intention'] = (
          await server.call('POST', '/api/v1/mass/intention', {
            json: { fullname: 'Ada Obi', email: 'ada@example.com', intention: 'Thanksgiving' },
          })
        ).body.data._id as string;

        const allowed = (await operationsOf(server))
          .filter((operation) => operation.protected && operation.method !== 'GET')
          .filter((operation) => operation.path !== '/api/v1/auth/logout')
          // A backup's restore ends every session, and it and a delete need a finished archive: the
          // backups' own suite makes each as an Admin (backups/routes.test.ts).
          .filter((operation) => !/^\/api\/v1\/backups\/(\{name\}|restore)/.test(operation.path))
          .filter((operation) => {
            const permission = needed(operation);
            return permission === undefined || (ROLE_PERMISSIONS[role] as string[]).includes(permission);
          })
          .sort((a, b) => turnOf(a) - turnOf(b));
        expect(allowed.length).toBeGreaterThan(role === 'Guest User' ? 3 : 30);
        const wrong: string[] = [];
        for (const operation of allowed) {
          const kind = kindOf(server, operation);
          // An entry the deletes before put in the trash: the latest one still there.
          if (operation.parameters.includes('id') && kind === 'trash')
            ids.trash = (await server.call('GET', '/api/v1/trash', { token })).body.data[0]?._id as string;
          const values = Object.fromEntries(operation.parameters.map((name) => [name, (kind && ids[kind]) ?? 'none']));
          // The test message an earlier write put in the outbox.
          if (operation.path.startsWith('/api/v1/mail/messages/'))
            values.id = (await server.call('GET', '/api/v1/mail', { token })).body.data.messages[0]?._id as string;
          values.userId = member.id;
          values.remote = 'content';
          if (operation.parameters.includes('versionId')) {
            const listing = { ...operation, path: operation.path.replace(/\/\{versionId\}.*$/, '') };
            const kept = await server.call('GET', pathWith(listing, values), { token });
            values.versionId = (kept.body as { data?: { id: string }[] }).data?.[0]?.id ?? 'none';
          }
          const res = await server.call(operation.method, pathWith(operation, values), {
            token,
            ...validRequest(operation, kind, member, ids),
          });
          if (res.status < 200 || res.status > 299)
            wrong.push(`${operation.method} ${operation.path}: ${res.status} ${res.text.slice(0, 120)}`);
          const made = (res.body as { data?: { _id?: unknown } } | undefined)?.data?._id;
          const uri = (res.body as { data?: { uri?: unknown } } | undefined)?.data?.uri;
          if (typeof uri === 'string') twoFactorUri = uri;
          if (turnOf(operation) === 0 && kind && typeof made === 'string') ids[kind] = made;
          // A deploy token's creation answers it beside its secret.
          const createdToken = (res.body as { data?: { token?: { _id?: unknown } } } | undefined)?.data?.token?._id;
          if (kind === 'deploy token' && typeof createdToken === 'string') ids[kind] = createdToken;
        }
        expect(wrong).toEqual([]);
      } finally {
        await server.close();
        fs.rmSync(fixture.root, { recursive: true, force: true });
      }
    },
    // A fresh server and every write of the contract, on a machine the other suites share.
    30_000,
  );
});
