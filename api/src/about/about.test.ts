import { engines, startServer, type TestServer } from '../testing/harness';

// What is About Us's own: one text, added once, then edited. Its fields' refusals and its 404s are
// resources/resources.test.ts's.

const TEXT = 'St. Mary Parish is a welcoming community of faith, worship and service.';

describe.each(engines())('About Us on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(engine, { listCacheCheckMs: 60_000 });
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  const add = (json: unknown, options: { token?: string; userId?: string } = {}) =>
    server.call('POST', `/api/v1/post/about/${options.userId ?? admin}`, { json, token: options.token ?? token });
  const edit = (id: string, json: unknown, options: { token?: string; userId?: string } = {}) =>
    server.call('PUT', `/api/v1/edit/about/${options.userId ?? admin}/${id}`, { json, token: options.token ?? token });
  const get = () => server.call('GET', '/api/v1/about');
  /** The stored text: the one an earlier case added, or one added now, so that each case also runs alone. */
  const storedAbout = async () => (await get()).body.data[0] ?? (await add({ text: TEXT })).body.data;

  it('answers an empty list while there is no text', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'About us fetched successfully', data: [] });
  });

  it('guards the add: 401 without a token, 403 for another user id', async () => {
    expect((await add({ text: TEXT }, { token: '' })).status).toBe(401);
    const foreign = await add({ text: TEXT }, { userId: 'ffffffffffffffffffffffff' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'You may only act on your own account' });
    expect((await get()).body.data).toEqual([]);
  });

  it('adds the text (trimmed) once; a second add is a 409', async () => {
    const res = await add({ text: `  ${TEXT}\n` });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'About us added successfully',
      data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), text: TEXT, createdAt: expect.any(String) },
    });
    expect((await get()).body.data).toEqual([res.body.data]);
    const again = await add({ text: 'Another text' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'About us content already exists; edit it instead' });
    expect((await get()).body.data).toEqual([res.body.data]);
  });

  it('edits the text; guarded, required, 404 for an unknown id', async () => {
    const about = await storedAbout();
    expect((await edit(about._id, { text: 'x' }, { token: 'forged' })).status).toBe(401);
    expect((await edit(about._id, { text: 'x' }, { userId: 'garbage' })).status).toBe(403);
    expect(await edit(about._id, { text: '' })).toMatchObject({
      status: 400,
      body: { message: 'The About Us text is required' },
    });
    for (const id of ['garbage', '0123456789abcdef01234567']) {
      expect(await edit(id, { text: 'x' })).toMatchObject({
        status: 404,
        body: { message: 'About us content not found' },
      });
    }
    const res = await edit(about._id, { text: 'We are a parish of the Archdiocese.' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'About us updated successfully',
      data: { ...about, text: 'We are a parish of the Archdiocese.' },
    });
    expect((await get()).body.data).toEqual([res.body.data]);
  });

  it('keeps one text when two adds race (the unique slot)', async () => {
    await server.db.kysely.deleteFrom('about').execute();
    const answers = await Promise.all([add({ text: 'One' }), add({ text: 'Two' }), add({ text: 'Three' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const rows = await server.db.kysely.selectFrom('about').selectAll().execute();
    expect(rows).toHaveLength(1);
  });
});
