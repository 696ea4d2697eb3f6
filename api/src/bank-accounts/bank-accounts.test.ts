import { engines, startServer, type TestServer } from '../testing/harness';
import { LIMITS } from './schemas';

// What is the bank accounts' own: an account number kept as text, optional routing number and swift
// code, the currency as an ISO 4217 code, and their fields' words. What every resource shares is in
// resources/resources.test.ts.

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

  const add = (json: unknown) => server.call('POST', `/api/v1/add/account/${admin}`, { json, token });
  const edit = (id: string, json: unknown) =>
    server.call('PUT', `/api/v1/edit/account/${admin}/${id}`, { json, token });
  const list = () => server.call('GET', '/api/v1/all/accounts');

  it('adds an account, keeping the account number’s leading zeros; lists it publicly', async () => {
    const res = await add(valid);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Bank account added successfully',
      data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...valid, createdAt: expect.any(String) },
    });
    const listed = (await list()).body.data.find((a: { _id: string }) => a._id === res.body.data._id);
    expect(listed).toEqual(res.body.data);
  });

  it('takes routing number and swift code as optional: blank answers "" too', async () => {
    const empty = await add({ ...valid, bankRoutingNumber: ' ', bankSwiftCode: '' });
    expect(empty.status).toBe(201);
    expect(empty.body.data).toMatchObject({ bankRoutingNumber: '', bankSwiftCode: '' });
  });

  it.each([
    [{ bankName: '   ' }, 'Bank name is required'],
    [{ bankAccountNumber: '' }, 'Account number is required'],
    [{ bankAccountHolderName: undefined }, 'Account holder name is required'],
    [
      { bankSwiftCode: 'x'.repeat(LIMITS.bankSwiftCode + 1) },
      `Swift code must be at most ${LIMITS.bankSwiftCode} characters long`,
    ],
    [{ currency: '' }, 'Currency is required'],
    [{ currency: { code: 'NGN' } }, 'Currency must be text'],
    [{ currency: 'naira pounds' }, CURRENCY_MESSAGE],
    [{ currency: 'ngn' }, CURRENCY_MESSAGE],
    [{ currency: 'N$' }, CURRENCY_MESSAGE],
  ])('names its fields as the form does: %j is refused with "%s"', async (fields, message) => {
    const before = (await list()).body.data.length;
    const res = await add({ ...valid, ...fields });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect((await list()).body.data).toHaveLength(before);
  });

  it('edits an account to another currency; the list shows the change', async () => {
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
      .updateTable('bankAccounts')
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
});
