import { engines, multipartForm, startServer, type FileSpec, type TestServer } from '../testing/harness';
import { solidPng } from '../uploads/png';

// What is the donations' own: a file of any type, judged by its content (an image is shown, anything
// else is a download), their answer and their fields' words. What every resource shares is in
// resources/resources.test.ts.

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
    server = await startServer(engine, { uploadMaxFileBytes: MAX_FILE });
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  const add = (form: FormData) => server.call('POST', `/api/v1/add/donation/${admin}`, { form, token });
  const edit = (id: string, form: FormData) =>
    server.call('POST', `/api/v1/edit/donation/${admin}/${id}`, { form, token });
  const single = (id: string) => server.call('GET', `/api/v1/single/donation/${id}`);

  async function addValid(file: FileSpec = pdf()) {
    const res = await add(donationForm(valid, file));
    expect(res.status).toBe(201);
    return res.body.data as { _id: string; fileUrl: string; donationImage: string | null; donationName: string };
  }

  it('adds a donation with a PDF: served as a download, never inline, and no donationImage', async () => {
    const res = await add(donationForm(valid, pdf()));
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
    const served = await fetch(res.body.data.fileUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await single(res.body.data._id)).body).toEqual({
      message: 'Donation fetched successfully',
      data: res.body.data,
    });
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

  it('replaces the file with one of any type: donationImage follows what the file is', async () => {
    const donation = await addValid(pdf());
    const res = await edit(donation._id, donationForm(valid, png()));
    expect(res.status).toBe(200);
    expect(res.body.data.fileUrl).toMatch(/\.png$/);
    expect(res.body.data.donationImage).toBe(res.body.data.fileUrl);
    const again = await edit(donation._id, donationForm(valid, pdf()));
    expect(again.body.data.fileUrl).toMatch(/\.pdf$/);
    expect(again.body.data.donationImage).toBeNull();
  });

  it.each([
    [{ donationName: '  ' }, 'Donation name is required'],
    [{ donationDescription: undefined }, 'Description is required'],
  ])('names its fields as the form does: %j is refused with "%s"', async (fields, message) => {
    const res = await add(donationForm({ ...valid, ...fields }, pdf()));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it('tells every browser the limits it applies (GET /version), the ones its 413 names', async () => {
    const res = await server.call('GET', '/api/v1/version');
    expect(res.status).toBe(200);
    expect(res.body.data.uploads).toEqual({ imageMaxBytes: 5 * 1024 * 1024, fileMaxBytes: MAX_FILE });
    const big = await add(
      donationForm(valid, { content: Buffer.alloc(MAX_FILE + 1, 1), name: 'big.zip', type: 'application/zip' }),
    );
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: 'The file is too large (at most 8 KB)' });
  });
});
