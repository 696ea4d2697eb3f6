import net from 'node:net';
import fc from 'fast-check';
import { engines, multipartForm, startServer, type CallResult, type TestServer } from '../testing/harness';
import { solidPng } from '../uploads/png';
import { idempotencyMessages } from './idempotency';

// Deterministic: a fixed seed and case count (fast-check prints both, and the failing case, on failure).
const SEED = Number(process.env.PROPERTY_SEED ?? 20261126);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 12);

const PNG = solidPng(8, 8, [180, 40, 40]);
const prayer = { title: 'Morning Offering', prayer: 'O Jesus, I offer You my prayers, works, joys and sufferings.' };
const book = { bookName: 'The Imitation of Christ', bookLink: 'https://example.org/imitation', category: 'Devotional' };
const bookForm = () => multipartForm(book, { bookImage: { content: PNG, name: 'cover.png', type: 'image/png' } });

let keys = 0;
const newKey = () => `key-${process.pid}-${++keys}-${Math.random().toString(36).slice(2)}`;

describe.each(engines())('writes with an Idempotency-Key on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(engine, { listCacheCheckMs: 60_000 });
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  const addPrayer = (key: string | undefined, json: unknown = prayer) =>
    server.call('POST', `/api/v1/add/prayer/${admin}`, { json, token, headers: key ? { 'idempotency-key': key } : {} });
  const prayers = async () => (await server.call('GET', '/api/v1/get/prayers')).body.data as { _id: string }[];
  const books = async () => (await server.call('GET', '/api/v1/all/books/')).body.data as { _id: string }[];
  const requests = async () =>
    (await server.call('GET', `/api/v1/prayer/request/${admin}`, { token })).body.data as { _id: string }[];
  const sameAnswer = (first: CallResult, again: CallResult) => {
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  };

  it('answers a retried JSON add with the first answer and adds once', async () => {
    const before = (await prayers()).length;
    const key = newKey();
    const first = await addPrayer(key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    sameAnswer(first, await addPrayer(key));
    expect(await prayers()).toHaveLength(before + 1);
  });

  it('refuses the same key with a different request (422, in words) and writes nothing', async () => {
    const key = newKey();
    expect((await addPrayer(key)).status).toBe(201);
    const before = await prayers();
    const other = await addPrayer(key, { ...prayer, title: 'Evening Prayer' });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: idempotencyMessages.otherRequest });
    expect(await prayers()).toEqual(before);
  });

  it.each([
    ['longer than 255 characters', 'k'.repeat(256)],
    ['with a space', 'two words'],
    ['with a control character', 'tab\there'],
  ])('refuses a key %s (400, in words) and writes nothing', async (_what, key) => {
    const before = await prayers();
    const res = await addPrayer(key);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: idempotencyMessages.badKey });
    expect(await prayers()).toEqual(before);
  });

  it('accepts a key of exactly 255 characters', async () => {
    const key = `${newKey()}-`.padEnd(255, 'x');
    const first = await addPrayer(key);
    expect(first.status).toBe(201);
    sameAnswer(first, await addPrayer(key));
  });

  it('answers a retried upload again without a second book or a second file', async () => {
    const before = await books();
    const uploads = await server.storedUploads();
    const key = newKey();
    const send = () =>
      server.call('POST', `/api/v1/add/book/${admin}`, {
        form: bookForm(),
        token,
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    expect(first.status).toBe(201);
    // A new form each time: its multipart boundary differs, what it says does not.
    sameAnswer(first, await send());
    expect(await books()).toHaveLength(before.length + 1);
    expect(await server.storedUploads()).toHaveLength(uploads.length + 1);
    expect(server.pendingUploads()).toEqual([]);
  });

  it('answers a retried delete with its first answer, not a 404', async () => {
    const created = (await addPrayer(undefined)).body.data as { _id: string };
    const key = newKey();
    const remove = () =>
      server.call('POST', `/api/v1/delete/prayer/${admin}/${created._id}`, {
        token,
        headers: { 'idempotency-key': key },
      });
    const first = await remove();
    expect(first.status).toBe(200);
    sameAnswer(first, await remove());
  });

  it("honours the key on the mobile app's prayer request submit", async () => {
    const before = (await requests()).length;
    const key = newKey();
    const submit = () =>
      server.call('POST', '/api/v1/prayer/request', {
        json: { request: 'For my mother in hospital' },
        headers: { 'idempotency-key': key },
      });
    const first = await submit();
    expect(first.status).toBe(201);
    sameAnswer(first, await submit());
    expect(await requests()).toHaveLength(before + 1);
  });

  it("keeps one member's key apart from the mobile app's", async () => {
    const key = newKey();
    expect((await addPrayer(key)).status).toBe(201);
    const submit = await server.call('POST', '/api/v1/prayer/request', {
      json: { request: 'For peace' },
      headers: { 'idempotency-key': key },
    });
    expect(submit.status).toBe(201);
    expect(submit.headers.get('idempotent-replayed')).toBeNull();
  });

  it('never keeps an answer that carries a session: a keyed login is simply answered', async () => {
    const key = newKey();
    const login = () =>
      server.call('POST', '/api/v1/admin/login', {
        json: { email: server.admin.email, password: server.admin.password },
        headers: { 'idempotency-key': key },
      });
    const first = await login();
    const second = await login();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.token).not.toBe(first.body.token);
    const kept = await server.db.kysely.selectFrom('idempotencyKeys').select('key').where('key', '=', key).execute();
    expect(kept).toEqual([]);
  });

  it('takes the same JSON with its keys in another order as the same request', async () => {
    const before = (await prayers()).length;
    const key = newKey();
    const first = await addPrayer(key, { title: 'Angelus', prayer: 'The Angel of the Lord declared unto Mary.' });
    expect(first.status).toBe(201);
    sameAnswer(first, await addPrayer(key, { prayer: 'The Angel of the Lord declared unto Mary.', title: 'Angelus' }));
    expect(await prayers()).toHaveLength(before + 1);

    // Inside lists too; but a list in another order is another request.
    const rows = [
      { day: 301, week: 43, date: '2026-10-28', passage: 'Luke 6:12-16' },
      { day: 302, week: 43, date: '2026-10-29', passage: 'Luke 13:22-30' },
    ];
    const importRows = (readings: unknown[]) =>
      server.call('POST', `/api/v1/import/readings/${admin}`, {
        json: { readings },
        token,
        headers: { 'idempotency-key': importKey },
      });
    const importKey = newKey();
    const imported = await importRows(rows);
    expect(imported.status).toBe(201);
    const reordered = rows.map(({ day, week, date, passage }) => ({ passage, date, week, day }));
    sameAnswer(imported, await importRows(reordered));
    expect((await importRows([...rows].reverse())).status).toBe(422);
  });

  it('answers a retried set-password link anew and leaves only that link working, never one nobody saw', async () => {
    const added = await server.call('POST', '/api/v1/team', {
      json: { name: 'Grace Link', email: 'grace.link@example.org', role: 'Manager' },
      token,
    });
    expect(added.status).toBe(201);
    const key = newKey();
    const makeLink = () =>
      server.call('POST', `/api/v1/team/${added.body.data._id as string}/link`, {
        token,
        headers: { 'idempotency-key': key },
      });
    const lost = await makeLink();
    const retried = await makeLink();
    expect([lost.status, retried.status]).toEqual([201, 201]);
    const tokenOf = (link: { url: string }) => new URL(link.url).searchParams.get('token')!;
    const setPassword = (link: { url: string }) =>
      server.call('POST', '/api/v1/account/set-password', {
        json: { token: tokenOf(link), password: 'a password of her own' },
      });
    // The answer lost on the way, and the link of the invitation, open nothing any more.
    expect((await setPassword(lost.body.link)).status).toBe(400);
    expect((await setPassword(added.body.link)).status).toBe(400);
    expect((await setPassword(retried.body.link)).status).toBe(200);
    const kept = await server.db.kysely.selectFrom('idempotencyKeys').select('key').where('key', '=', key).execute();
    expect(kept).toEqual([]);
  });

  it('lets a key be used afresh once its day is over', async () => {
    const key = newKey();
    expect((await addPrayer(key)).status).toBe(201);
    const before = (await prayers()).length;
    await server.db.kysely
      .updateTable('idempotencyKeys')
      .set({ createdAt: '2020-01-01T00:00:00.000Z' })
      .where('key', '=', key)
      .execute();
    const again = await addPrayer(key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await prayers()).toHaveLength(before + 1);
  });

  it('does not keep a refused write: its retry is asked again', async () => {
    const key = newKey();
    const refused = await addPrayer(key, { ...prayer, title: ' ' });
    expect(refused.status).toBe(400);
    const fixed = await addPrayer(key, prayer);
    expect(fixed.status).toBe(201);
  });

  it("holds nothing while a keyed edit's upload is still arriving: other calls answer meanwhile", async () => {
    const created = await server.call('POST', `/api/v1/add/book/${admin}`, { form: bookForm(), token });
    const id = (created.body.data as { _id: string })._id;
    // An edit with its key whose body is only half sent, as from a slow phone.
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    let uploadEnded = false;
    socket.on('close', () => (uploadEnded = true));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/v1/edit/book/${admin}/${id} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${token}\r\n` +
        `idempotency-key: ${newKey()}\r\ncontent-type: multipart/form-data; boundary=slow\r\n` +
        `content-length: 100000\r\n\r\n--slow\r\ncontent-disposition: form-data; name="bookName"\r\n\r\nSlow`,
    );
    try {
      // Past the record's lookup, into the body's wait.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const submit = await server.call('POST', '/api/v1/prayer/request', { json: { request: 'Meanwhile' } });
      expect(submit.status).toBe(201);
      // Answered while the upload still waits, not once the server gave up on it.
      expect(uploadEnded).toBe(false);
    } finally {
      socket.destroy();
    }
  });

  it(`stores exactly N records for any interleaving of retries of N writes (${RUNS} cases, seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(
        // Each write is sent 1–3 times; all sendings go at once, in a shuffled order.
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }),
        fc.infiniteStream(fc.nat()),
        async (sendings, order) => {
          const before = (await prayers()).length;
          const writes = sendings.map((times, index) => ({
            key: newKey(),
            body: { ...prayer, title: `Prayer ${index} ${keys}` },
            times,
          }));
          const queue = writes.flatMap((write) => Array.from({ length: write.times }, () => write));
          const shuffled: typeof queue = [];
          const pick = order[Symbol.iterator]();
          while (queue.length) shuffled.push(queue.splice(pick.next().value % queue.length, 1)[0]!);
          const answers = await Promise.all(
            shuffled.map(async (write) => ({ write, res: await addPrayer(write.key, write.body) })),
          );
          for (const { write, res } of answers) {
            expect(res.status).toBe(201);
            const firstOfKey = answers.find((answer) => answer.write === write)!.res;
            expect(res.body.data._id).toBe(firstOfKey.body.data._id);
          }
          expect(await prayers()).toHaveLength(before + writes.length);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
