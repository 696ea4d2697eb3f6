import { engines, multipartForm, startServer, type FileSpec, type TestServer } from '../testing/harness';
import { pruneVersions } from '../history/versions';
import { solidPng } from '../uploads/png';
import { referencedUploads } from '../uploads/references';
import { STREAM_CATEGORIES } from './schemas';

const PNG = solidPng(8, 8, [40, 120, 40]);
const OTHER_PNG = solidPng(4, 4, [200, 200, 40]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

const valid = {
  name: 'Sunday Mass',
  streamingLink: 'https://youtube.com/live/abc',
  category: 'Lithurgical Celebration',
};

/** A multipart form: text fields, and the thumbnail (`file`) as a file (object) or a text value (string). */
const streamForm = (fields: Record<string, string | undefined>, file?: FileSpec | string) =>
  multipartForm(fields, { file });
const png = (content: Buffer = PNG): FileSpec => ({ content, name: 'thumb.png', type: 'image/png' });

describe.each(engines())('live streams on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(engine, { uploadMaxImageBytes: 4096, listCacheCheckMs: 60_000 });
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  const add = (form: FormData, userId = admin) => server.call('POST', `/api/v1/add/stream/${userId}`, { form, token });
  const edit = (id: string, form: FormData) =>
    server.call('PUT', `/api/v1/edit/stream/${admin}/${id}`, { form, token });
  const remove = (id: string) => server.call('DELETE', `/api/v1/delete/stream/${admin}/${id}`, { token });
  const list = () => server.call('GET', '/api/v1/stream');
  const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  async function addValid(fields: Partial<typeof valid> = {}) {
    const res = await add(streamForm({ ...valid, ...fields }, png()));
    expect(res.status).toBe(201);
    return res.body.data as Record<string, string>;
  }

  it('adds a stream with its category and thumbnail, and lists it publicly, newest first', async () => {
    expect((await list()).body).toEqual({ message: 'Streams fetched successfully', data: [] });
    const res = await add(streamForm({ ...valid, name: '  Sunday Mass ' }, png()));
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
    const served = await fetch(res.body.data.image);
    expect(served.headers.get('content-type')).toBe('image/png');
    const second = await addValid({ name: 'Evening Prayer', category: 'Prayer Session' });
    const listed = await list();
    expect(listed.body.data.map((s: { name: string }) => s.name).slice(0, 2)).toEqual([second.name, 'Sunday Mass']);
    expect(listed.headers.get('etag')).toMatch(/^"/);
  });

  it("accepts the spec's own payload without a category (stored empty); an edit without it keeps the stored one", async () => {
    const specFields = { name: valid.name, streamingLink: valid.streamingLink };
    const added = await add(streamForm(specFields, png()));
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ ...specFields, category: '' });

    const stream = await addValid();
    const edited = await edit(stream._id, streamForm({ ...specFields, name: 'Renamed' }));
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Renamed', category: valid.category });
    await remove(added.body.data._id);
    await remove(stream._id);
  });

  describe('refuses an invalid stream with 400 naming the field, storing nothing', () => {
    it.each([
      [{ ...valid, name: undefined }, 'Title is required'],
      [{ ...valid, name: '  ' }, 'Title is required'],
      [{ ...valid, streamingLink: undefined }, 'Stream link is required'],
      [
        { ...valid, streamingLink: 'javascript:alert(1)' },
        'Stream link must be a valid URL starting with http:// or https://',
      ],
      [{ ...valid, streamingLink: 'not a link' }, 'Stream link must be a valid URL starting with http:// or https://'],
      [{ ...valid, category: 'Liturgical Celebration' }, `Category must be one of: ${STREAM_CATEGORIES.join(', ')}`],
    ])('%# %j', async (fields, message) => {
      const before = await server.storedUploads();
      const res = await add(streamForm(fields, png()));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
      expect(await server.storedUploads()).toEqual(before);
      expect(server.pendingUploads()).toEqual([]);
    });

    it('requires the image, as an image file', async () => {
      expect((await add(streamForm(valid))).body).toEqual({ message: 'The thumbnail is required' });
      expect((await add(streamForm(valid, 'https://example.org/x.png'))).body).toEqual({
        message: 'The thumbnail must be a picture file',
      });
      for (const file of [
        { content: SVG, name: 'x.svg', type: 'image/svg+xml' },
        { content: '%PDF-1.7 a document', name: 'x.png', type: 'image/png' },
      ]) {
        const res = await add(streamForm(valid, file));
        expect(res.status).toBe(415);
        expect(res.body).toEqual({ message: 'The thumbnail must be a JPEG, PNG, GIF or WebP picture' });
      }
      const big = await add(streamForm(valid, png(Buffer.concat([PNG, Buffer.alloc(5000)]))));
      expect(big.status).toBe(413);
      expect(server.pendingUploads()).toEqual([]);
    });
  });

  it('edits: keeps the thumbnail when absent or its URL, replaces it with a new file, refuses another URL', async () => {
    const stream = await addValid();
    const changed = { name: 'Sunday Mass (Cathedral)', streamingLink: 'https://vimeo.com/1', category: 'Live Events' };
    for (const file of [undefined, stream.image]) {
      const res = await edit(stream._id, streamForm(changed, file));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Stream updated successfully', data: { ...stream, ...changed } });
    }
    const foreign = await edit(stream._id, streamForm(changed, 'https://evil.example/x.png'));
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({
      message: "The thumbnail must be a picture file or the stream's current thumbnail URL",
    });
    const bad = await edit(stream._id, streamForm({ ...changed, streamingLink: 'ftp://x' }));
    expect(bad.status).toBe(400);

    const replaced = await edit(stream._id, streamForm(changed, png(OTHER_PNG)));
    expect(replaced.status).toBe(200);
    expect(fileName(replaced.body.data.image)).not.toBe(fileName(stream.image));
    // The old thumbnail stays while the version the edit kept shows it; the sweep deletes it after.
    expect(await server.storedUploads()).toContain(fileName(stream.image));
    await pruneVersions(server.db, new Date(Date.now() + 60_000));
    await server.app.uploads.sweepOrphans(referencedUploads(server.db), new Date(Date.now() + 60_000));
    expect(await server.storedUploads()).not.toContain(fileName(stream.image));
    const listed = (await list()).body.data.find((s: { _id: string }) => s._id === stream._id);
    expect(listed.name).toBe(changed.name);
    expect(listed.category).toBe('Live Events');
  });

  it('deletes a stream to the trash; its thumbnail goes when the trash entry does', async () => {
    const stream = await addValid();
    const res = await remove(stream._id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Stream deleted successfully' });
    // Kept in the trash with its record; gone once the entry is deleted for good.
    expect(await server.storedUploads()).toContain(fileName(stream.image));
    const entry = res.headers.get('trash-entry');
    expect((await server.call('DELETE', `/api/v1/trash/${entry}`, { token })).status).toBe(200);
    expect(await server.storedUploads()).not.toContain(fileName(stream.image));
    expect((await list()).body.data.map((s: { _id: string }) => s._id)).not.toContain(stream._id);
    expect((await remove(stream._id)).status).toBe(404);
  });

  it.each(['garbage', '0123456789abcdef01234567'])('answers 404 Stream not found for the id %s', async (id) => {
    const edited = await edit(id, streamForm(valid, png()));
    expect(edited.status).toBe(404);
    expect(edited.body).toEqual({ message: 'Stream not found' });
    expect((await remove(id)).body).toEqual({ message: 'Stream not found' });
    expect(server.pendingUploads()).toEqual([]);
  });

  it('guards the writes: 401 without a token, 403 for another user id', async () => {
    const stream = await addValid();
    const before = await server.storedUploads();
    expect((await server.call('POST', `/api/v1/add/stream/${admin}`, { form: streamForm(valid, png()) })).status).toBe(
      401,
    );
    expect((await add(streamForm(valid, png()), 'ffffffffffffffffffffffff')).status).toBe(403);
    expect(
      (await server.call('PUT', `/api/v1/edit/stream/${admin}/${stream._id}`, { form: streamForm(valid) })).status,
    ).toBe(401);
    expect((await server.call('DELETE', `/api/v1/delete/stream/x/${stream._id}`, { token })).status).toBe(403);
    expect(await server.storedUploads()).toEqual(before);
  });

  it('answers 415 when the form is not multipart', async () => {
    const res = await server.call('POST', `/api/v1/add/stream/${admin}`, { token, json: valid });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: 'The request body must be sent as multipart/form-data' });
  });
});
