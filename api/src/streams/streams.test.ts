import { engines, multipartForm, startServer, type FileSpec, type TestServer } from '../testing/harness';
import { solidPng } from '../uploads/png';
import { STREAM_CATEGORIES } from './schemas';

// What is the live streams' own: their answer (id beside _id, the thumbnail as `image`, the time
// added as `dateAdded`), their categories and their fields' words. What every resource shares is in
// resources/resources.test.ts.

const PNG = solidPng(8, 8, [40, 120, 40]);

const valid = {
  name: 'Sunday Mass',
  streamingLink: 'https://youtube.com/live/abc',
  category: 'Lithurgical Celebration',
};

/** A multipart form: text fields, and the thumbnail (`file`) as a file (object) or a text value (string). */
const streamForm = (fields: Record<string, string | undefined>, file?: FileSpec | string) =>
  multipartForm(fields, { file });
const png = (): FileSpec => ({ content: PNG, name: 'thumb.png', type: 'image/png' });

describe.each(engines())('live streams on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  const add = (form: FormData) => server.call('POST', `/api/v1/add/stream/${admin}`, { form, token });

  it('adds a stream: the answer the mobile app reads, with id, image and dateAdded', async () => {
    const res = await add(streamForm(valid, png()));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Stream added successfully',
      data: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        id: res.body.data._id,
        ...valid,
        image: expect.stringMatching(new RegExp(`^${server.url}/uploads/[0-9a-f]{32}\\.png$`)),
        dateAdded: expect.any(String),
      },
    });
    expect((await server.call('GET', '/api/v1/stream')).body.data[0]).toEqual(res.body.data);
  });

  it('takes the three categories of the spec, spelled as the spec spells them', async () => {
    expect(STREAM_CATEGORIES).toEqual(['Live Events', 'Prayer Session', 'Lithurgical Celebration']);
    for (const category of STREAM_CATEGORIES) {
      expect((await add(streamForm({ ...valid, category }, png()))).body.data.category).toBe(category);
    }
  });

  it.each([
    [{ name: '  ' }, 'Title is required'],
    [{ streamingLink: undefined }, 'Stream link is required'],
    [{ streamingLink: 'not a link' }, 'Stream link must be a valid URL starting with http:// or https://'],
    [{ category: 'Liturgical Celebration' }, `Category must be one of: ${STREAM_CATEGORIES.join(', ')}`],
  ])('names its fields as the form does: %j is refused with "%s"', async (fields, message) => {
    const res = await add(streamForm({ ...valid, ...fields }, png()));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });
});
