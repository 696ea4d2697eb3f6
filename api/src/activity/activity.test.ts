import { sql } from 'kysely';
import { engines, multipartForm, startServer, type TestServer } from '../testing/harness';
import { solidPng } from '../uploads/png';
import type { Static } from '@sinclair/typebox';
import { bearerSecurity } from '../auth/guard';
import { declaredActivity, forgetOldActivity } from './record';
import { operationsOf, pathWith } from '../testing/openapi';
import type { ActivityEntry } from './routes';

type Entry = Static<typeof ActivityEntry>;

describe.each(engines())('the activity record on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let grace: { id: string; token: string };
  const activity = (query = '', as = token) => server.call('GET', `/api/v1/activity${query}`, { token: as });
  /** Reads the record until it holds `count` entries (at most 3 s). */
  const entries = async (count: number, query = '') => {
    const started = Date.now();
    for (;;) {
      const res = await activity(query);
      if ((res.body.total as number) >= count || Date.now() - started > 3000) return res.body.data as Entry[];
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
    await server.call('PUT', '/api/v1/account', { token, json: { name: 'Fr. Anthony', email: server.admin.email } });
    const added = await server.call('POST', '/api/v1/team', {
      token,
      json: { name: 'Sister Grace', email: 'grace@parish.org', role: 'Manager' },
    });
    await server.call('POST', '/api/v1/account/set-password', {
      json: { token: new URL(added.body.link.url as string).searchParams.get('token'), password: 'grace sets her own' },
    });
    const login = await server.call('POST', '/api/v1/admin/login', {
      json: { email: 'grace@parish.org', password: 'grace sets her own' },
    });
    grace = { id: added.body.data._id as string, token: login.body.token as string };
  });
  afterAll(() => server.close());

  it('records every write of every member, newest first: who, what, which record, in one line', async () => {
    const admin = server.admin._id;
    const book = await server.call('POST', `/api/v1/add/book/${admin}`, {
      token,
      form: multipartForm(
        { bookName: 'Confessions', bookLink: 'https://example.org/c', category: 'Devotional' },
        { bookImage: { content: solidPng(4, 4, [1, 2, 3]), name: 'c.png', type: 'image/png' } },
      ),
    });
    const bookId = book.body.data._id as string;
    await server.call('DELETE', `/api/v1/book/${admin}/${bookId}`, { token });
    await server.call('POST', `/api/v1/add/prayer/${grace.id}`, {
      token: grace.token,
      json: { title: 'Angelus', prayer: 'The angel of the Lord' },
    });
    // Refused: not recorded.
    await server.call('POST', `/api/v1/add/account/${grace.id}`, { token: grace.token, json: {} });
    await server.call('PUT', '/api/v1/account/password', {
      token,
      json: { currentPassword: server.admin.password, newPassword: 'a brand new password' },
    });

    const list = await entries(7);
    expect(list.map((entry) => [entry.member, entry.kind, entry.summary])).toEqual([
      ['Fr. Anthony', 'account', 'Changed their password'],
      ['Sister Grace', 'Section A prayer', 'Added Section A prayer “Angelus”'],
      // A delete names the record it removed.
      ['Fr. Anthony', 'book', 'Deleted book “Confessions”'],
      ['Fr. Anthony', 'book', 'Added book “Confessions”'],
      // Made without a session (at the link), and recorded all the same.
      ['Sister Grace', 'account', 'Set their password with a one-time link'],
      ['Fr. Anthony', 'team', 'Added a member “Sister Grace”'],
      // Written while the member was still their email: shown by the name they have now.
      ['Fr. Anthony', 'account', 'Saved their profile'],
    ]);
    expect(list.find((entry) => entry.summary === 'Deleted book “Confessions”')?.recordId).toBe(bookId);
    expect(JSON.stringify(list)).not.toMatch(/brand new password|correct horse/);
    await server.call('PUT', '/api/v1/account/password', {
      token,
      json: { currentPassword: 'a brand new password', newPassword: server.admin.password },
    });
    // Its line too, before the next test counts on the total.
    await entries(8);
  });

  it('says how many a write to many records changed, and names the member a link is for', async () => {
    const admin = server.admin._id;
    for (const request of ['Pray for the sick', 'Pray for peace']) {
      await server.call('POST', '/api/v1/prayer/request', { json: { request } });
    }
    await server.call('DELETE', `/api/v1/all/prayer/request/${admin}`, { token });
    await server.call('POST', `/api/v1/team/${grace.id}/link`, { token });
    await server.call('DELETE', '/api/v1/account/sessions', { token: grace.token });
    // The eight lines of the test before, and these three.
    const list = await entries(11);
    expect(list.slice(0, 3).map((entry) => [entry.member, entry.summary])).toEqual([
      ['Sister Grace', 'Signed out all their other sessions (0)'],
      ['Fr. Anthony', 'Made a password link for a member “Sister Grace”'],
      ['Fr. Anthony', 'Deleted every prayer request (2)'],
    ]);
  });

  it('filters by member and by kind, pages with the total, and is an Admin’s only', async () => {
    const byGrace = await activity(`?member=${grace.id}`);
    expect((byGrace.body.data as Entry[]).map((entry) => entry.summary)).toEqual([
      'Signed out all their other sessions (0)',
      'Added Section A prayer “Angelus”',
      'Set their password with a one-time link',
    ]);
    const books = await activity('?kind=book');
    expect(books.body.total).toBe(2);
    const first = await activity('?limit=2&page=1');
    const second = await activity('?limit=2&page=2');
    expect(first.body.data).toHaveLength(2);
    expect(second.body.data[0].at <= first.body.data[1].at).toBe(true);
    expect((await activity('?kind=nothing')).status).toBe(400);
    const refused = await activity('', grace.token);
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 403,
      message: 'Only an Admin can manage the team',
    });
  });

  it('names a member as they are named now, and writes the days in its lines as dd/mm/yyyy', async () => {
    const admin = server.admin._id;
    await server.call('PUT', '/api/v1/account', {
      token: grace.token,
      json: { name: 'Sr. Grace Ọkafọ̀', email: 'grace@parish.org' },
    });
    const mass = await server.call('POST', `/api/v1/add/mass/${admin}`, {
      token,
      json: { date: '2099-12-06', time: '18:00', place: 'Main church' },
    });
    expect(mass.status).toBe(201);
    const byGrace = (await activity(`?member=${grace.id}`)).body.data as Entry[];
    expect(new Set(byGrace.map((entry) => entry.member))).toEqual(new Set(['Sr. Grace Ọkafọ̀']));
    const [added] = (await activity('?kind=Mass')).body.data as Entry[];
    expect(added!.summary).toBe('Added Mass “Sunday 06/12/2099 18:00, Main church”');
    // A line not made by the member themself keeps who made it.
    await server.db.kysely
      .insertInto('activity')
      .values({
        _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
        at: new Date().toISOString(),
        adminId: admin,
        member: 'Deploy token “Content CI”',
        kind: 'release',
        recordId: null,
        summary: 'Published',
      })
      .execute();
    const [release] = (await activity('?kind=release')).body.data as Entry[];
    expect(release!.member).toBe('Deploy token “Content CI”');
    await server.db.kysely.deleteFrom('activity').where('_id', '=', 'bbbbbbbbbbbbbbbbbbbbbbbb').execute();
  });

  it('knows the kind of record of every write a member can make (none is left out unrecorded)', async () => {
    const writes = (await operationsOf(server))
      .filter((operation) => operation.protected && operation.method !== 'GET')
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(writes.length).toBeGreaterThan(30);
    // Each route declares what it records (config.activity); the census is keyed as fastify names routes.
    const declared = declaredActivity.get(server.app)!;
    const asRoute = (write: string) => write.replace(/\{(\w+)\}/g, ':$1');
    expect(writes.filter((write) => !declared.has(asRoute(write)))).toEqual([]);
  });

  it('refuses to start with a write for signed-in members that does not say what it records', async () => {
    const undeclared = startServer(engine, {}, (app) =>
      app.post('/api/v1/undeclared/:userId', { schema: { security: bearerSecurity } }, async () => ({})),
    );
    await expect(undeclared).rejects.toThrow(
      'POST /api/v1/undeclared/:userId writes for a signed-in member but does not say what it records',
    );
  });

  // Four values in each parameter of every route: its length grows with the routes, past jest's 5 s
  // on a loaded machine.
  it('answers a NUL byte or any other text in place of an id in words, before the database sees it, on every route', async () => {
    const admin = server.admin._id;
    const failures: string[] = [];
    for (const operation of await operationsOf(server)) {
      for (const parameter of operation.parameters) {
        for (const bad of ['\u0000', 'a\u0000b', "x' OR '1'='1", 'é'.repeat(60)]) {
          const others = Object.fromEntries(operation.parameters.map((name) => [name, admin]));
          const url = pathWith(operation, { ...others, [parameter]: bad });
          const res = await server.call(operation.method, url, {
            token,
            ...(operation.body?.kind === 'json' ? { json: {} } : {}),
          });
          if (res.status >= 500) failures.push(`${operation.method} ${url} → ${res.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 30_000);

  it('shortens a long name by characters, never cutting an emoji in half', async () => {
    const admin = server.admin._id;
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const cases = [
      // 89 characters: cut to 79 and an ellipsis, the emoji whole (by UTF-16 units it was cut in half).
      [`${'a'.repeat(78)}${family}${'b'.repeat(10)}`, `Deleted book “${'a'.repeat(78)}${family}…”`],
      // 79 characters, 93 UTF-16 units: short enough to be shown whole.
      [`${'a'.repeat(77)}${family}${family}`, `Deleted book “${'a'.repeat(77)}${family}${family}”`],
    ];
    for (const [name, summary] of cases) {
      // Each line is read back in order, so that the newest is the delete's.
      const before = (await activity()).body.total as number;
      const book = await server.call('POST', `/api/v1/add/book/${admin}`, {
        token,
        form: multipartForm(
          { bookName: name!, bookLink: 'https://example.org/c', category: 'Devotional' },
          { bookImage: { content: solidPng(4, 4, [1, 2, 3]), name: 'c.png', type: 'image/png' } },
        ),
      });
      expect(book.status).toBe(201);
      await entries(before + 1);
      await server.call('DELETE', `/api/v1/book/${admin}/${book.body.data._id as string}`, { token });
      const [deleted] = await entries(before + 2);
      expect(deleted!.summary).toBe(summary);
    }
  });

  it('names each request a marking changed by enough of its text to tell it from the others', async () => {
    const admin = server.admin._id;
    const texts = [
      'Please pray for my mother, who is in hospital in Enugu after a fall',
      'Please pray for my mother, who travels to Lagos on Monday',
      'Please pray for my mother, who starts a new job this week',
    ];
    const ids: string[] = [];
    for (const request of texts) {
      ids.push((await server.call('POST', '/api/v1/prayer/request', { json: { request } })).body.data._id as string);
    }
    const before = (await activity()).body.total as number;
    const marked = await server.call('PUT', `/api/v1/prayer/requests/state/${admin}`, {
      token,
      json: { ids, state: 'Answered' },
    });
    expect(marked.status).toBe(200);
    const [line] = await entries(before + 1);
    expect(line!.summary).toBe(
      'Marked 3 prayer requests Answered: “Please pray for my mother, who is in hospital…”, ' +
        '“Please pray for my mother, who travels to…”, “Please pray for my mother, who starts a new…”',
    );
  });

  it('forgets what is older than ACTIVITY_KEEP_DAYS', async () => {
    const before = (await activity()).body.total as number;
    await server.db.kysely
      .insertInto('activity')
      .values({
        _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        at: new Date(Date.now() - 400 * 86_400_000).toISOString(),
        adminId: server.admin._id,
        member: 'Fr. Anthony',
        kind: 'book',
        recordId: null,
        summary: 'Added book “Old”',
      })
      .execute();
    expect((await activity()).body.total).toBe(before + 1);
    expect(await forgetOldActivity(server.app)).toBe(1);
    expect((await activity()).body.total).toBe(before);
  });
});

// PostgreSQL only: another connection can hold the activity table while a write is answered. It runs
// where TEST_DATABASE_URL is set, in CI always.
const postgres = engines().filter(([name]) => name === 'postgres');

if (postgres.length)
  describe('the activity line and its answer on PostgreSQL', () => {
    let server: TestServer;
    let token: string;
    beforeAll(async () => {
      server = await startServer(postgres[0]![1]);
      token = await server.login();
    });
    afterAll(() => server.close());

    // The next call may read the line: an edit right after an add names the add's author as the saver
    // of the version it keeps (history/versions.ts), so the line is written before the answer goes.
    it('answers a write only once its line is written', async () => {
      const admin = server.admin._id;
      let answered = false;
      let add!: Promise<{ status: number }>;
      // While another transaction holds the table, the add's line waits, and so must its answer.
      const answeredWhileHeld = await server.db.kysely.transaction().execute(async (trx) => {
        await sql`lock table activity in exclusive mode`.execute(trx);
        add = server
          .call('POST', `/api/v1/add/prayer/${admin}`, { token, json: { title: 'Angelus', prayer: 'The angel' } })
          .then((res) => {
            answered = true;
            return res;
          });
        await new Promise((resolve) => setTimeout(resolve, 500));
        return answered;
      });
      expect(answeredWhileHeld).toBe(false);
      expect((await add).status).toBe(201);
      const lines = await server.db.kysely.selectFrom('activity').select('summary').execute();
      expect(lines.map((line) => line.summary)).toEqual(['Added Section A prayer “Angelus”']);
    });
  });
