import { engines, startServer, type TestServer } from '../testing/harness';
import { LIMITS } from './schemas';

// What is the Section A prayers' own: their answer and their fields' words. What every resource
// shares (the delete by POST included) is in resources/resources.test.ts.

const valid = {
  title: 'Morning Offering',
  prayer: 'O Jesus, through the Immaculate Heart of Mary, I offer You my prayers…',
};

describe.each(engines())('Section A prayers on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  const add = (json: unknown) => server.call('POST', `/api/v1/add/prayer/${admin}`, { json, token });

  it('adds a prayer and lists it on the public list the mobile app reads', async () => {
    const res = await add(valid);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Prayer added successfully',
      data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...valid, createdAt: expect.any(String) },
    });
    const listed = await server.call('GET', '/api/v1/get/prayers');
    expect(listed.body.message).toBe('Prayers fetched successfully');
    expect(listed.body.data).toContainEqual(res.body.data);
  });

  it.each([
    [{ prayer: valid.prayer }, 'Title is required'],
    [{ ...valid, prayer: '' }, 'Prayer is required'],
    [{ ...valid, title: 'x'.repeat(LIMITS.title + 1) }, `Title must be at most ${LIMITS.title} characters long`],
    [{ ...valid, prayer: { text: 'x' } }, 'Prayer must be text'],
  ])('names its fields as the form does: %j is refused with "%s"', async (body, message) => {
    const res = await add(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });
});
