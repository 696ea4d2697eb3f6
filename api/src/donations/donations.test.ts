import { engines, multipartForm, startServer, type FileSpec, type TestServer } from '../testing/harness';
import { solidPng } from '../uploads/png';
import { LIMITS } from './schemas';

const PNG = solidPng(8, 8, [40, 120, 60]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n', 'latin1');
/** The donation suites allow files of at most this many bytes, so that "too large" is cheap to test. */
const MAX_FILE = 8192;

const valid = { donationName: 'Church building fund', donationDescription: 'For the new roof of the parish hall' };

/** A multipart form: text fields, and `file` as a file (object) or a text value (string). */
const donationForm = (fields: Record<string, string | undefined>, file?: FileSpec | string) =>
  multipartForm(fields, { file });

const pdf = (name = 'appeal.pdf', type = 'application/pdf'): FileSpec => ({ content: PDF, name, type });
const png = (name = 'poster.png', type = 'image/png'): FileSpec => ({ content: PNG, name, type });

describe.each(engines())('donations on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(engine, { uploadMaxFileBytes: MAX_FILE, listCacheCheckMs: 60_000 });
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  const add = (form: FormData, options: { token?: string; userId?: string } = {}) =>
    server.call('POST', `/api/v1/add/donation/${options.userId ?? admin}`, { form, token: options.token ?? token });
  const edit = (id: string, form: FormData) =>
    server.call('POST', `/api/v1/edit/donation/${admin}/${id}`, { form, token });
  const list = () => server.call('GET', '/api/v1/all/donations');
  const single = (id: string) => server.call('GET', `/api/v1/single/donation/${id}`);
  const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

  async function addValid(file: FileSpec = pdf(), fields: Partial<typeof valid> = {}) {
    const res = await add(donationForm({ ...valid, ...fields }, file));
    expect(res.status).toBe(201);
    return res.body.data as { _id: string; fileUrl: string; donationImage: string | null; donationName: string };
  }

  it('starts with an empty list', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Donations fetched successfully', data: [] });
  });

  it('adds a donation with a PDF: served as a download, never inline, and no donationImage', async () => {
    const before = await server.storedUploads();
    const res = await add(
      donationForm({ donationName: '  Church building fund ', donationDescription: valid.donationDescription }, pdf()),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Donation added successfully',
      data: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        ...valid,
        donationImage: null,
        fileUrl: expect.stringMatching(new RegExp(`^${server.url}/uploads/[0-9a-f]{32}\\.pdf$`)),
        createdAt: expect.any(String),
      },
    });
    expect(await server.storedUploads()).toEqual([...before, fileName(res.body.data.fileUrl)].sort());
    expect(server.pendingUploads()).toEqual([]);

    const served = await fetch(res.body.data.fileUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);

    const one = await single(res.body.data._id);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ message: 'Donation fetched successfully', data: res.body.data });
    expect((await list()).body.data[0]).toEqual(res.body.data);
  });

  it('adds a donation with an image: donationImage is the file URL, served inline as an image', async () => {
    const data = await addValid(png());
    expect(data.fileUrl).toMatch(/\.png$/);
    expect(data.donationImage).toBe(data.fileUrl);
    const served = await fetch(data.fileUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toBeNull();
  });

  it('judges files by their content: a PDF named .png is a download, a PNG named .pdf is an image', async () => {
    const pdfAsPng = await addValid(pdf('poster.png', 'image/png'));
    expect(pdfAsPng.fileUrl).toMatch(/\.pdf$/);
    expect(pdfAsPng.donationImage).toBeNull();
    const pdfServed = await fetch(pdfAsPng.fileUrl);
    expect(pdfServed.headers.get('content-type')).toBe('application/octet-stream');
    expect(pdfServed.headers.get('content-disposition')).toMatch(/^attachment/);

    const pngAsPdf = await addValid(png('appeal.pdf', 'application/pdf'));
    expect(pngAsPdf.fileUrl).toMatch(/\.png$/);
    expect(pngAsPdf.donationImage).toBe(pngAsPdf.fileUrl);
    expect((await fetch(pngAsPdf.fileUrl)).headers.get('content-type')).toBe('image/png');

    // Text named like an image or an SVG is never stored with an image's extension nor served inline.
    for (const file of [
      {
        content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        name: 'x.svg',
        type: 'image/svg+xml',
      },
      { content: 'plain text', name: 'x.jpg', type: 'image/jpeg' },
    ]) {
      const data = await addValid(file);
      expect(data.fileUrl).toMatch(/\.bin$/);
      expect(data.donationImage).toBeNull();
      const served = await fetch(data.fileUrl);
      expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    }
  });

  describe('refuses an invalid donation with 400 naming the field, storing nothing', () => {
    it.each([
      [{ ...valid, donationName: undefined }, 'Donation name is required'],
      [{ ...valid, donationName: '  ' }, 'Donation name is required'],
      [
        { ...valid, donationName: 'x'.repeat(LIMITS.donationName + 1) },
        `Donation name must be at most ${LIMITS.donationName} characters long`,
      ],
      [{ ...valid, donationDescription: undefined }, 'Description is required'],
      [
        { ...valid, donationDescription: 'x'.repeat(LIMITS.donationDescription + 1) },
        `Description must be at most ${LIMITS.donationDescription} characters long`,
      ],
    ])('%# %j', async (fields, message) => {
      const before = await server.storedUploads();
      const res = await add(donationForm(fields, pdf()));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
      expect(await server.storedUploads()).toEqual(before);
      expect(server.pendingUploads()).toEqual([]);
    });

    it('requires the file, as a file', async () => {
      expect((await add(donationForm(valid))).body).toEqual({ message: 'The file is required' });
      const empty = await add(donationForm(valid, { content: '', name: '', type: 'application/octet-stream' }));
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ message: 'The file is required' });
      const text = await add(donationForm(valid, 'https://example.org/appeal.pdf'));
      expect(text.status).toBe(400);
      expect(text.body).toEqual({ message: 'The file must be a file, not text' });
    });

    it('tells every browser the limits it applies (GET /version), the ones its 413 names', async () => {
      const res = await server.call('GET', '/api/v1/version');
      expect(res.status).toBe(200);
      expect(res.body.data.uploads).toEqual({ imageMaxBytes: 5 * 1024 * 1024, fileMaxBytes: MAX_FILE });
    });

    it('413 for a file over the limit, 415 for a body that is not multipart', async () => {
      const before = await server.storedUploads();
      const big = await add(
        donationForm(valid, { content: Buffer.alloc(MAX_FILE + 1, 1), name: 'big.zip', type: 'application/zip' }),
      );
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ message: 'The file is too large (at most 8 KB)' });
      const json = await server.call('POST', `/api/v1/add/donation/${admin}`, { token, json: valid });
      expect(json.status).toBe(415);
      expect(json.body).toEqual({ message: 'The request body must be sent as multipart/form-data' });
      expect(await server.storedUploads()).toEqual(before);
      expect(server.pendingUploads()).toEqual([]);
    });
  });

  it('guards the writes: 401 without a token, 403 for another user id, before storing anything', async () => {
    const donation = await addValid();
    const before = await server.storedUploads();
    const noToken = await server.call('POST', `/api/v1/add/donation/${admin}`, { form: donationForm(valid, pdf()) });
    expect(noToken.status).toBe(401);
    expect(noToken.body).toEqual({ message: expect.stringMatching(/log in/i) });
    expect((await add(donationForm(valid, pdf()), { token: 'forged' })).status).toBe(401);
    const foreign = await add(donationForm(valid, pdf()), { userId: 'ffffffffffffffffffffffff' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'You may only act on your own account' });
    const editUrl = `/api/v1/edit/donation/${admin}/${donation._id}`;
    expect((await server.call('POST', editUrl, { form: donationForm(valid, pdf()) })).status).toBe(401);
    const editForeign = `/api/v1/edit/donation/ffffffffffffffffffffffff/${donation._id}`;
    expect((await server.call('POST', editForeign, { token, form: donationForm(valid, pdf()) })).status).toBe(403);
    expect((await server.call('DELETE', `/api/v1/donation/${admin}/${donation._id}`)).status).toBe(401);
    expect((await server.call('DELETE', `/api/v1/donation/garbage/${donation._id}`, { token })).status).toBe(403);
    expect(await server.storedUploads()).toEqual(before);
    expect((await single(donation._id)).status).toBe(200);
  });

  it.each(['garbage', '0123456789abcdef01234567', "1' OR '1'='1"])(
    'answers 404 Donation not found for the id %s',
    async (id) => {
      const path = encodeURIComponent(id);
      const one = await single(path);
      expect(one.status).toBe(404);
      expect(one.body).toEqual({ message: 'Donation not found' });
      const edited = await edit(path, donationForm(valid, pdf()));
      expect(edited.status).toBe(404);
      expect(edited.body).toEqual({ message: 'Donation not found' });
      const deleted = await server.call('DELETE', `/api/v1/donation/${admin}/${path}`, { token });
      expect(deleted.status).toBe(404);
      expect(deleted.body).toEqual({ message: 'Donation not found' });
      expect(server.pendingUploads()).toEqual([]);
    },
  );

  describe('edit', () => {
    const changed = { donationName: 'Harvest thanksgiving', donationDescription: 'Offerings for the harvest' };

    it('keeps the file when `file` is its current URL (any host) or absent', async () => {
      const donation = await addValid();
      const name = fileName(donation.fileUrl);
      for (const file of [donation.fileUrl, `https://cdn.example.org/uploads/${name}`, undefined]) {
        const res = await edit(donation._id, donationForm(changed, file));
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          message: 'Donation updated successfully',
          data: { ...donation, ...changed, createdAt: expect.any(String) },
        });
      }
      expect(await server.storedUploads()).toContain(name);
    });

    it('replaces the file with one of any type (an image after a PDF), deleting the old one', async () => {
      const donation = await addValid(pdf());
      const oldName = fileName(donation.fileUrl);
      const res = await edit(donation._id, donationForm(changed, png()));
      expect(res.status).toBe(200);
      expect(res.body.data.fileUrl).toMatch(/\.png$/);
      expect(res.body.data.donationImage).toBe(res.body.data.fileUrl);
      expect(await server.storedUploads()).not.toContain(oldName);
      expect(await server.storedUploads()).toContain(fileName(res.body.data.fileUrl));
      // And back to a PDF: no donationImage any more.
      const again = await edit(donation._id, donationForm(changed, pdf()));
      expect(again.body.data.donationImage).toBeNull();
      expect((await fetch(res.body.data.fileUrl)).status).toBe(404);
    });

    it('refuses another URL, and bad fields, keeping the record and its file', async () => {
      const donation = await addValid();
      const before = await server.storedUploads();
      const foreign = await edit(
        donation._id,
        donationForm(changed, 'https://example.org/uploads/0123456789abcdef0123456789abcdef.pdf'),
      );
      expect(foreign.status).toBe(400);
      expect(foreign.body).toEqual({ message: "The file must be a file or the donation's current file URL" });
      const blank = await edit(donation._id, donationForm({ ...changed, donationName: '' }, png()));
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({ message: 'Donation name is required' });
      expect(await server.storedUploads()).toEqual(before);
      expect(server.pendingUploads()).toEqual([]);
      expect((await single(donation._id)).body.data).toEqual(donation);
    });
  });

  it('deletes a donation to the trash, the list no longer shows it; its file goes with the entry', async () => {
    const donation = await addValid();
    const res = await server.call('DELETE', `/api/v1/donation/${admin}/${donation._id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Donation deleted successfully' });
    // Kept in the trash with its record; gone once the entry is deleted for good.
    expect(await server.storedUploads()).toContain(fileName(donation.fileUrl));
    const entry = res.headers.get('trash-entry');
    expect((await server.call('DELETE', `/api/v1/trash/${entry}`, { token })).status).toBe(200);
    expect(await server.storedUploads()).not.toContain(fileName(donation.fileUrl));
    expect((await single(donation._id)).status).toBe(404);
    expect((await list()).body.data.map((d: { _id: string }) => d._id)).not.toContain(donation._id);
  });

  it('lists newest first, refreshed by every write', async () => {
    const first = await addValid(pdf(), { donationName: 'First' });
    const second = await addValid(pdf(), { donationName: 'Second' });
    const names = (await list()).body.data.map((d: { donationName: string }) => d.donationName);
    expect(names.indexOf('Second')).toBeLessThan(names.indexOf('First'));
    await edit(first._id, donationForm({ ...valid, donationName: 'First (renamed)' }));
    expect((await list()).body.data.map((d: { donationName: string }) => d.donationName)).toContain('First (renamed)');
    await server.call('DELETE', `/api/v1/donation/${admin}/${second._id}`, { token });
    expect((await list()).body.data.map((d: { _id: string }) => d._id)).not.toContain(second._id);
  });

  it('documents the donation calls, the uploads as multipart/form-data', async () => {
    const paths = (await server.call('GET', '/api/v1/openapi.json')).body.paths;
    for (const path of ['/api/v1/add/donation/{userId}', '/api/v1/edit/donation/{userId}/{id}']) {
      const body = paths[path].post.requestBody.content['multipart/form-data'].schema;
      expect(Object.keys(body.properties).sort()).toEqual(['donationDescription', 'donationName', 'file']);
    }
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/all/donations',
        '/api/v1/single/donation/{id}',
        '/api/v1/donation/{userId}/{id}',
      ]),
    );
  });
});
