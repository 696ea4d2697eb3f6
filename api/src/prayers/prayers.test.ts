import { engines, startServer, type TestServer } from '../testing/harness';
import { LIMITS } from './schemas';

const valid = {
  title: 'Morning Offering',
  prayer: 'O Jesus, through the Immaculate Heart of Mary, I offer You my prayers…',
};

describe.each(engines())('Section A prayers on %s', (_name, engine) => {
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
    server.call('POST', `/api/v1/add/prayer/${options.userId ?? admin}`, { json, token: options.token ?? token });
  const edit = (id: string, json: unknown) => server.call('PUT', `/api/v1/edit/prayer/${admin}/${id}`, { json, token });
  const remove = (id: string, userId = admin, withToken = token) =>
    server.call('POST', `/api/v1/delete/prayer/${userId}/${id}`, { token: withToken });
  const list = () => server.call('GET', '/api/v1/get/prayers');

  it('starts with an empty public list', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Prayers fetched successfully', data: [] });
  });

  it('adds a prayer (trimmed) and lists it', async () => {
    const res = await add({ title: '  Morning Offering ', prayer: valid.prayer });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Prayer added successfully',
      data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...valid, createdAt: expect.any(String) },
    });
    expect((await list()).body.data).toEqual([res.body.data]);
  });

  it.each([
    [{ prayer: valid.prayer }, 'Title is required'],
    [{ ...valid, title: ' ' }, 'Title is required'],
    [{ ...valid, prayer: '' }, 'Prayer is required'],
    [{ ...valid, title: 'x'.repeat(LIMITS.title + 1) }, `Title must be at most ${LIMITS.title} characters long`],
    [{ ...valid, prayer: { text: 'x' } }, 'Prayer must be text'],
    ['just text', 'The request body must be a JSON object'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const before = (await list()).body.data.length;
    const res = await add(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect((await list()).body.data).toHaveLength(before);
  });

  it('guards the writes: 401 without a valid token, 403 for another user id', async () => {
    const prayer = (await add(valid)).body.data;
    expect((await add(valid, { token: '' })).status).toBe(401);
    expect((await add(valid, { userId: 'ffffffffffffffffffffffff' })).status).toBe(403);
    expect((await server.call('PUT', `/api/v1/edit/prayer/${admin}/${prayer._id}`, { json: valid })).status).toBe(401);
    expect((await server.call('PUT', `/api/v1/edit/prayer/x/${prayer._id}`, { json: valid, token })).status).toBe(403);
    expect((await remove(prayer._id, admin, 'forged')).status).toBe(401);
    const foreign = await remove(prayer._id, 'ffffffffffffffffffffffff');
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'You may only act on your own account' });
    expect((await list()).body.data.map((p: { _id: string }) => p._id)).toContain(prayer._id);
  });

  it('edits a prayer; both fields are required', async () => {
    const prayer = (await add(valid)).body.data;
    const changed = { title: 'Angelus', prayer: 'The Angel of the Lord declared unto Mary…' };
    const res = await edit(prayer._id, changed);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Prayer updated successfully', data: { ...prayer, ...changed } });
    expect((await list()).body.data.find((p: { _id: string }) => p._id === prayer._id)).toEqual(res.body.data);
    const blank = await edit(prayer._id, { title: 'Angelus' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: 'Prayer is required' });
  });

  it('deletes with a POST and no body; the list no longer shows it', async () => {
    const prayer = (await add(valid)).body.data;
    const res = await remove(prayer._id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Prayer deleted successfully' });
    expect((await list()).body.data.map((p: { _id: string }) => p._id)).not.toContain(prayer._id);
  });

  it.each(['garbage', '0123456789abcdef01234567'])('answers 404 Prayer not found for %s', async (id) => {
    expect(await edit(id, valid)).toMatchObject({ status: 404, body: { message: 'Prayer not found' } });
    expect(await remove(id)).toMatchObject({ status: 404, body: { message: 'Prayer not found' } });
  });
});
