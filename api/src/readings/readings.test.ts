import { bumpChangeCounter } from '../db/changes';
import { engines, startServer, type TestServer } from '../testing/harness';

// What is the readings' own: a week's list, a reading a day, moving between weeks, the import. Their
// fields' refusals, 404s and the list's ETag are resources/resources.test.ts's.

const valid = { day: 1, week: 1, date: '2026-01-01', passage: 'Genesis 1–3' };

describe.each(engines())('Bible readings on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    // The suite empties the table between tests as another process would: through the change counter.
    server = await startServer(engine, { listCacheCheckMs: 0 });
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  const add = (json: unknown, options: { token?: string; userId?: string } = {}) =>
    server.call('POST', `/api/v1/add/reading/${options.userId ?? admin}`, { json, token: options.token ?? token });
  const edit = (id: string, json: unknown) =>
    server.call('PUT', `/api/v1/edit/reading/${admin}/${id}`, { json, token });
  const remove = (id: string) => server.call('DELETE', `/api/v1/delete/reading/${admin}/${id}`, { token });
  const week = (n: number | string, headers: Record<string, string> = {}) =>
    server.call('GET', `/api/v1/weekly/reading/${n}`, { headers });
  const importRows = (readings: unknown) =>
    server.call('POST', `/api/v1/import/readings/${admin}`, { json: { readings }, token });
  const clear = () =>
    server.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom('readings').execute();
      await bumpChangeCounter(trx, 'readings');
    });

  beforeEach(clear);

  it('adds a reading and lists it in its week, by day, publicly', async () => {
    const res = await add({ ...valid, day: 3, passage: '  Genesis 7–9 ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Reading added successfully',
      data: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        day: 3,
        week: 1,
        date: '2026-01-01',
        passage: 'Genesis 7–9',
      },
    });
    await add({ ...valid, day: 2 });
    await add({ ...valid, day: 8, week: 2 });
    const listed = await week(1);
    expect(listed.status).toBe(200);
    expect(listed.body.message).toBe('Readings fetched successfully');
    expect(listed.body.data.map((r: { day: number }) => r.day)).toEqual([2, 3]);
    expect((await week(2)).body.data.map((r: { day: number }) => r.day)).toEqual([8]);
    expect((await week(52)).body).toEqual({ message: 'Readings fetched successfully', data: [] });
  });

  it.each(['0', '53', 'abc', '1.5', '-1', '007'])('answers 400 for the week %s', async (n) => {
    const res = await week(n);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Week must be a whole number from 1 to 52' });
  });

  it('keeps one reading per day: 409 on add and on edit', async () => {
    const first = (await add(valid)).body.data;
    const second = (await add({ ...valid, day: 2 })).body.data;
    const again = await add({ ...valid, passage: 'Other' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Day 1 is already in the plan' });
    const moved = await edit(second._id, { ...valid, day: 1 });
    expect(moved.status).toBe(409);
    // Keeping its own day is fine.
    expect((await edit(first._id, { ...valid, passage: 'Genesis 1' })).status).toBe(200);
  });

  it('edits a reading (moving it to another week) and deletes it', async () => {
    const reading = (await add(valid)).body.data;
    expect((await week(1)).body.data).toHaveLength(1);
    const changed = { day: 9, week: 2, date: '2026-01-09', passage: 'Genesis 22' };
    const res = await edit(reading._id, changed);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Reading updated successfully', data: { _id: reading._id, ...changed } });
    expect((await week(1)).body.data).toEqual([]);
    expect((await week(2)).body.data).toEqual([{ _id: reading._id, ...changed }]);

    const bad = await edit(reading._id, { ...changed, week: 53 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Week must be at most 52' });

    const deleted = await remove(reading._id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Reading deleted successfully' });
    expect((await week(2)).body.data).toEqual([]);
    expect((await remove(reading._id)).status).toBe(404);
  });

  it('guards the writes: 401 without a token, 403 for another user id', async () => {
    const reading = (await add(valid)).body.data;
    const noToken = await server.call('POST', `/api/v1/add/reading/${admin}`, { json: valid });
    expect(noToken.status).toBe(401);
    const foreign = await add({ ...valid, day: 2 }, { userId: 'ffffffffffffffffffffffff' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'You may only act on your own account' });
    expect((await server.call('PUT', `/api/v1/edit/reading/${admin}/${reading._id}`, { json: valid })).status).toBe(
      401,
    );
    expect((await server.call('DELETE', `/api/v1/delete/reading/x/${reading._id}`, { token })).status).toBe(403);
    expect(
      (await server.call('POST', `/api/v1/import/readings/${admin}`, { json: { readings: [valid] } })).status,
    ).toBe(401);
    expect((await week(1)).body.data).toEqual([reading]);
  });

  describe('import', () => {
    const plan = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        day: i + 1,
        week: Math.min(52, Math.floor(i / 7) + 1),
        date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
        passage: `Passage ${i + 1}`,
      }));

    it('imports a whole year at once', async () => {
      const res = await importRows(plan(364));
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ message: '364 readings imported successfully', data: { imported: 364 } });
      const weekTen = (await week(10)).body.data;
      expect(weekTen.map((r: { day: number }) => r.day)).toEqual([64, 65, 66, 67, 68, 69, 70]);
      expect(weekTen[0]).toEqual({
        _id: expect.any(String),
        day: 64,
        week: 10,
        date: '2026-03-05',
        passage: 'Passage 64',
      });
      const count = await server.db.kysely
        .selectFrom('readings')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      expect(Number(count!.n)).toBe(364);
    });

    it('stores nothing when one row is bad, and names every bad row', async () => {
      const rows: unknown[] = plan(30);
      rows[4] = { ...(rows[4] as object), week: 53 };
      rows[9] = { ...(rows[9] as object), day: 0 };
      rows[20] = { ...(rows[20] as object), passage: '' };
      const res = await importRows(rows);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message:
          'Nothing was imported: 3 rows have errors. Row 5: Week must be at most 52; Row 10: Day must be at least 1; Row 21: Passage is required',
        errors: [
          { row: 5, message: 'Week must be at most 52' },
          { row: 10, message: 'Day must be at least 1' },
          { row: 21, message: 'Passage is required' },
        ],
      });
      expect((await week(1)).body.data).toEqual([]);
    });

    it('refuses a day given twice in the file or already in the plan', async () => {
      const twice = await importRows([...plan(3), { ...plan(1)[0], passage: 'again' }]);
      expect(twice.status).toBe(400);
      expect(twice.body.errors).toEqual([{ row: 4, message: 'Day 1 is also on row 1' }]);

      await add({ ...valid, day: 2 });
      const taken = await importRows(plan(3));
      expect(taken.status).toBe(400);
      expect(taken.body).toEqual({
        message: 'Nothing was imported: 1 row has an error. Row 2: Day 2 is already in the plan',
        errors: [{ row: 2, message: 'Day 2 is already in the plan' }],
      });
      expect((await week(1)).body.data.map((r: { day: number }) => r.day)).toEqual([2]);
    });

    it('accepts numbers written as text, and refuses what is not a list of rows', async () => {
      const res = await importRows([{ day: ' 5 ', week: '1', date: '2026-01-05', passage: 'Genesis 12' }]);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('1 reading imported successfully');
      expect((await importRows([])).status).toBe(400);
      expect((await importRows('rows')).status).toBe(400);
      const notRow = await importRows(['text']);
      expect(notRow.body.errors).toEqual([{ row: 1, message: 'the row must be an object' }]);
    });
  });
});
