import { engines, startServer, type TestServer } from '../testing/harness';
import { LIMITS } from './schemas';

const CURRENCY_MESSAGE = 'Currency must be an ISO 4217 currency code, like NGN, GHS or EUR';

const valid = {
  bankName: 'First Bank',
  bankAccountNumber: '0012345678',
  bankAccountHolderName: 'St. Mary Parish',
  bankRoutingNumber: '021000021',
  bankSwiftCode: 'FBNINGLA',
  currency: 'NGN',
};

describe.each(engines())('bank accounts on %s', (_name, engine) => {
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
    server.call('POST', `/api/v1/add/account/${options.userId ?? admin}`, { json, token: options.token ?? token });
  const edit = (id: string, json: unknown) =>
    server.call('PUT', `/api/v1/edit/account/${admin}/${id}`, { json, token });
  const remove = (id: string) => server.call('DELETE', `/api/v1/delete/account/${admin}/${id}`, { token });
  const list = () => server.call('GET', '/api/v1/all/accounts');

  it('starts with an empty list (the list is the body’s data)', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Bank accounts fetched successfully', data: [] });
  });

  it('adds an account, trimmed, keeping the account number’s leading zeros; lists it publicly', async () => {
    const res = await add({ ...valid, bankName: '  First Bank ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Bank account added successfully',
      data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...valid, createdAt: expect.any(String) },
    });
    const listed = await list();
    expect(listed.body.data).toEqual([res.body.data]);
    expect(listed.body.data[0].bankAccountNumber).toBe('0012345678');
    expect(listed.headers.get('etag')).toMatch(/^"/);
  });

  it('takes routing number and swift code as optional (absent or empty answers "")', async () => {
    const absent = await add({ ...valid, bankRoutingNumber: undefined, bankSwiftCode: undefined });
    expect(absent.status).toBe(201);
    expect(absent.body.data).toMatchObject({ bankRoutingNumber: '', bankSwiftCode: '' });
    const empty = await add({ ...valid, bankRoutingNumber: ' ', bankSwiftCode: '' });
    expect(empty.status).toBe(201);
    expect(empty.body.data).toMatchObject({ bankRoutingNumber: '', bankSwiftCode: '' });
  });

  describe('refuses invalid input with 400 naming the field', () => {
    it.each([
      [{ ...valid, bankName: undefined }, 'Bank name is required'],
      [{ ...valid, bankName: '   ' }, 'Bank name is required'],
      [{ ...valid, bankAccountNumber: '' }, 'Account number is required'],
      [{ ...valid, bankAccountHolderName: undefined }, 'Account holder name is required'],
      [{ ...valid, currency: '' }, 'Currency is required'],
      [
        { ...valid, bankName: 'x'.repeat(LIMITS.bankName + 1) },
        `Bank name must be at most ${LIMITS.bankName} characters long`,
      ],
      [
        { ...valid, bankSwiftCode: 'x'.repeat(LIMITS.bankSwiftCode + 1) },
        `Swift code must be at most ${LIMITS.bankSwiftCode} characters long`,
      ],
      [{ ...valid, currency: { code: 'NGN' } }, 'Currency must be text'],
      [{ ...valid, currency: 'naira pounds' }, CURRENCY_MESSAGE],
      [{ ...valid, currency: 'ngn' }, CURRENCY_MESSAGE],
      [{ ...valid, currency: 'N$' }, CURRENCY_MESSAGE],
      [[valid], 'The request body must be a JSON object'],
    ])('%# %j', async (body, message) => {
      const before = (await list()).body.data.length;
      const res = await add(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
      expect((await list()).body.data).toHaveLength(before);
    });

    it('answers 400 for a body that is not valid JSON, or none', async () => {
      const broken = await server.call('POST', `/api/v1/add/account/${admin}`, {
        token,
        body: '{"bankName": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(broken.status).toBe(400);
      expect(broken.body).toEqual({ message: 'The request body is not valid JSON' });
      const none = await server.call('POST', `/api/v1/add/account/${admin}`, { token });
      expect(none.status).toBe(400);
    });
  });

  it('guards the writes: 401 without a valid token, 403 for another user id', async () => {
    const account = (await add(valid)).body.data;
    expect((await add(valid, { token: '' })).status).toBe(401);
    expect((await add(valid, { token: 'forged' })).status).toBe(401);
    const foreign = await add(valid, { userId: 'ffffffffffffffffffffffff' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'You may only act on your own account' });
    expect((await server.call('PUT', `/api/v1/edit/account/${admin}/${account._id}`, { json: valid })).status).toBe(
      401,
    );
    expect(
      (await server.call('PUT', `/api/v1/edit/account/garbage/${account._id}`, { json: valid, token })).status,
    ).toBe(403);
    expect((await server.call('DELETE', `/api/v1/delete/account/${admin}/${account._id}`)).status).toBe(401);
    expect(
      (await server.call('DELETE', `/api/v1/delete/account/ffffffffffffffffffffffff/${account._id}`, { token })).status,
    ).toBe(403);
    expect((await list()).body.data.map((a: { _id: string }) => a._id)).toContain(account._id);
  });

  it('edits an account and the list shows the change', async () => {
    const account = (await add(valid)).body.data;
    const changed = {
      ...valid,
      bankName: 'Zenith Bank',
      bankAccountNumber: '0000123',
      bankSwiftCode: '',
      currency: 'USD',
    };
    const res = await edit(account._id, changed);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Bank account updated successfully',
      data: { ...changed, _id: account._id, createdAt: account.createdAt },
    });
    expect((await list()).body.data.find((a: { _id: string }) => a._id === account._id)).toEqual(res.body.data);
    const invalid = await edit(account._id, { ...changed, currency: ' ' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ message: 'Currency is required' });
  });

  it('refuses an edit to a currency that is not an ISO 4217 code, changing nothing', async () => {
    const account = (await add(valid)).body.data;
    const res = await edit(account._id, { ...valid, bankName: 'Renamed', currency: 'naira pounds' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: CURRENCY_MESSAGE });
    expect((await list()).body.data.find((a: { _id: string }) => a._id === account._id)).toEqual(account);
  });

  it('keeps an account stored with free text before codes: listed as stored, a save asks for a code', async () => {
    const account = (await add(valid)).body.data;
    await server.db.kysely
      .updateTable('bank_accounts')
      .set({ currency: 'naira pounds' })
      .where('_id', '=', account._id)
      .execute();
    // A write reloads the public list, which this process keeps in memory.
    await add({ ...valid, bankName: 'Another bank' });
    const stored = (await list()).body.data.find((a: { _id: string }) => a._id === account._id);
    expect(stored.currency).toBe('naira pounds');
    const kept = await edit(account._id, { ...valid, currency: 'naira pounds' });
    expect(kept.status).toBe(400);
    expect(kept.body).toEqual({ message: CURRENCY_MESSAGE });
    const fixed = await edit(account._id, { ...valid, currency: 'NGN' });
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.currency).toBe('NGN');
  });

  it('deletes an account and the list no longer shows it', async () => {
    const account = (await add(valid)).body.data;
    const res = await remove(account._id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Bank account deleted successfully' });
    expect((await list()).body.data.map((a: { _id: string }) => a._id)).not.toContain(account._id);
    expect((await remove(account._id)).status).toBe(404);
  });

  it.each(['garbage', '0123456789abcdef01234567', "1' OR '1'='1"])(
    'answers 404 Bank account not found for %s',
    async (id) => {
      const path = encodeURIComponent(id);
      const edited = await edit(path, valid);
      expect(edited.status).toBe(404);
      expect(edited.body).toEqual({ message: 'Bank account not found' });
      const deleted = await remove(path);
      expect(deleted.status).toBe(404);
      expect(deleted.body).toEqual({ message: 'Bank account not found' });
    },
  );

  it('lists accounts in the order they were added', async () => {
    const a = (await add({ ...valid, bankName: 'Order A' })).body.data;
    const b = (await add({ ...valid, bankName: 'Order B' })).body.data;
    const ids = (await list()).body.data.map((x: { _id: string }) => x._id);
    expect(ids.indexOf(a._id)).toBeLessThan(ids.indexOf(b._id));
  });
});
