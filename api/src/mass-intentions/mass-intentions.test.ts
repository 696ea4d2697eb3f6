import { engines, startServer, type TestServer } from '../testing/harness';
import { LIMITS } from './schemas';

const valid = { fullname: 'Mary Okafor', email: 'mary@example.com', intention: 'Thanksgiving for a safe delivery' };

describe.each(engines())('mass intentions on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  const list = () => server.call('GET', `/api/v1/mass/intention/${server.admin._id}`, { token });

  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
  });
  afterAll(() => server.close());

  it('starts empty', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: expect.any(String), data: [] });
  });

  it('accepts a public submission (no token), trimmed, and answers 201 with the record', async () => {
    const res = await server.call('POST', '/api/v1/mass/intention', {
      json: { fullname: '  Mary Okafor ', email: ' mary@example.com', intention: 'Thanksgiving for a safe delivery\n' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Mass intention submitted successfully',
      data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...valid, createdAt: expect.any(String) },
    });
    expect(new Date(res.body.data.createdAt).toISOString()).toBe(res.body.data.createdAt);
  });

  it('lists submissions for the admin, newest first', async () => {
    const second = await server.call('POST', '/api/v1/mass/intention', {
      json: { fullname: 'John Mensah', email: 'john@example.com', intention: 'For my father' },
    });
    const third = await server.call('POST', '/api/v1/mass/intention', {
      json: { fullname: 'Grace Adeyemi', email: 'grace@example.com', intention: 'For healing' },
    });
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { fullname: string }) => m.fullname)).toEqual([
      'Grace Adeyemi',
      'John Mensah',
      'Mary Okafor',
    ]);
    // The team reads each with its scheduling: Requested, in no Mass yet.
    expect(res.body.data[0]).toEqual({
      ...third.body.data,
      state: 'Requested',
      mass: null,
      stipend: null,
      receipt: '',
      stateChangedAt: null,
      stateChangedBy: null,
    });
    expect(res.body.data[1]).toEqual(expect.objectContaining(second.body.data));
  });

  it.each([
    [{ email: valid.email, intention: valid.intention }, 'Full name is required'],
    [{ ...valid, fullname: '   ' }, 'Full name is required'],
    [{ ...valid, email: undefined }, 'Email is required'],
    [{ ...valid, email: '' }, 'Email is required'],
    [{ ...valid, email: 'mary at example.com' }, 'Email must be a valid email address'],
    [{ ...valid, intention: '' }, 'Intention is required'],
    [
      { ...valid, fullname: 'x'.repeat(LIMITS.fullname + 1) },
      `Full name must be at most ${LIMITS.fullname} characters long`,
    ],
    [
      { ...valid, email: `${'x'.repeat(LIMITS.email)}@example.com` },
      `Email must be at most ${LIMITS.email} characters long`,
    ],
    [
      { ...valid, intention: 'x'.repeat(LIMITS.intention + 1) },
      `Intention must be at most ${LIMITS.intention} characters long`,
    ],
    [{ ...valid, intention: { text: 'a' } }, 'Intention must be text'],
  ])('answers 400 naming the field (%#)', async (json, message) => {
    const res = await server.call('POST', '/api/v1/mass/intention', { json });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('accepts values at the length limits', async () => {
    const res = await server.call('POST', '/api/v1/mass/intention', {
      json: { ...valid, fullname: 'x'.repeat(LIMITS.fullname), intention: 'y'.repeat(LIMITS.intention) },
    });
    expect(res.status).toBe(201);
  });

  it('guards the list: 401 without or with a bad token, 403 for another id', async () => {
    expect((await server.call('GET', `/api/v1/mass/intention/${server.admin._id}`)).status).toBe(401);
    expect((await server.call('GET', `/api/v1/mass/intention/${server.admin._id}`, { token: 'nope' })).status).toBe(
      401,
    );
    const foreign = await server.call('GET', '/api/v1/mass/intention/ffffffffffffffffffffffff', { token });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'You may only act on your own account' });
    expect((await server.call('GET', '/api/v1/mass/intention/garbage', { token })).status).toBe(403);
  });
});

describe.each(engines())('public mass intention rate limit on %s', (_name, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, { publicRateMax: 2 });
  });
  afterAll(() => server.close());

  it('answers 429 after PUBLIC_RATE_MAX submissions', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect((await server.call('POST', '/api/v1/mass/intention', { json: valid })).status).toBe(201);
    }
    const res = await server.call('POST', '/api/v1/mass/intention', { json: valid });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: expect.stringMatching(/^Too many requests from this address\. Please wait/) });
    const rows = await server.db.kysely.selectFrom('massIntentions').select('_id').execute();
    expect(rows).toHaveLength(2);
  });
});
