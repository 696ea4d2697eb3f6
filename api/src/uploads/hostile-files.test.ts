import { engines, multipartForm, startServer, type FileSpec, type TestServer } from '../testing/harness';
import { storedState } from '../testing/snapshot';
import { solidPng } from '../uploads/png';

// Hostile files through every upload field: what an image field refuses changes nothing; whatever is
// kept is stored under a generated name and served so that no browser runs or sniffs it.

const png = solidPng(4, 4, [5, 6, 7]);
const LIMIT = 4096;

const hostile: [string, FileSpec][] = [
  [
    'an SVG with a script',
    { content: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', name: 'a.svg', type: 'image/svg+xml' },
  ],
  [
    'an HTML page named .png',
    { content: '<html><script>alert(1)</script></html>', name: 'cover.png', type: 'image/png' },
  ],
  ['zero bytes', { content: Buffer.alloc(0), name: 'empty.png', type: 'image/png' }],
  ['text claiming to be a JPEG', { content: 'JFIF but not really', name: 'a.jpg', type: 'image/jpeg' }],
  ['a truncated PNG signature', { content: png.subarray(0, 5), name: 'a.png', type: 'image/png' }],
  ['a file over the limit', { content: Buffer.concat([png, Buffer.alloc(LIMIT)]), name: 'big.png', type: 'image/png' }],
];

/** Images that are also something else, and hostile names: kept as images under a generated name. */
const keptAsImages: [string, FileSpec][] = [
  [
    'a GIF/JavaScript polyglot',
    { content: Buffer.from('GIF89a/*\x00\x00*/=alert(1)//;'), name: 'x.gif', type: 'image/gif' },
  ],
  [
    'a PNG with HTML appended',
    { content: Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]), name: 'a.html', type: 'text/html' },
  ],
  ['a path as its name', { content: png, name: '../../../etc/passwd', type: 'image/png' }],
  ['markup and NUL in its name', { content: png, name: '"><img src=x onerror=alert(1)>\u0000.png', type: 'image/png' }],
];

interface UploadRoute {
  what: string;
  url: (admin: string) => string;
  fields: Record<string, string>;
  file: string;
  kind: 'image' | 'any';
}

const ROUTES: UploadRoute[] = [
  {
    what: 'a book cover',
    url: (a) => `/api/v1/add/book/${a}`,
    fields: { bookName: 'B', bookLink: 'https://example.org/b' },
    file: 'bookImage',
    kind: 'image',
  },
  {
    what: 'a stream thumbnail',
    url: (a) => `/api/v1/add/stream/${a}`,
    fields: { name: 'S', streamingLink: 'https://example.org/s', category: 'Live Events' },
    file: 'file',
    kind: 'image',
  },
  {
    what: 'a group picture',
    url: (a) => `/api/v1/add/group/${a}`,
    fields: { groupName: 'G', groupLink: 'https://example.org/g', groupDescription: 'D' },
    file: 'groupImage',
    kind: 'image',
  },
  {
    what: 'an editor image',
    url: (a) => `/api/v1/upload/reflection/image/${a}`,
    fields: {},
    file: 'image',
    kind: 'image',
  },
  {
    what: 'a donation file',
    url: (a) => `/api/v1/add/donation/${a}`,
    fields: { donationName: 'D', donationDescription: 'For the roof' },
    file: 'file',
    kind: 'any',
  },
];

describe.each(engines())('hostile uploads on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(engine, { uploadMaxImageBytes: LIMIT, uploadMaxFileBytes: LIMIT });
    token = await server.login();
  });
  afterAll(() => server.close());

  const send = (route: UploadRoute, file: FileSpec) =>
    server.call('POST', route.url(server.admin._id), {
      token,
      form: multipartForm(route.fields, { [route.file]: file }),
    });

  /** The stored file's URL in an answer (books, streams, groups, donations, editor images). */
  const urlIn = (data: Record<string, unknown>) =>
    (data.url ?? data.bookImage ?? data.image ?? data.groupImage ?? data.fileUrl) as string;

  describe.each(ROUTES)('$what', (route) => {
    it.each(hostile)(
      'refuses %s, storing nothing (a donation file is kept only as a download)',
      async (_case, file) => {
        const before = await storedState(server);
        const res = await send(route, file);
        if (route.kind === 'image' || res.status >= 400) {
          expect([400, 413, 415]).toContain(res.status);
          expect(res.body.message).toEqual(expect.any(String));
          expect(await storedState(server)).toBe(before);
          return;
        }
        const served = await fetch(urlIn(res.body.data));
        expect(served.headers.get('content-type')).toBe('application/octet-stream');
        expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="[0-9a-f]{32}\.[a-z0-9]+"$/);
        expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      },
    );

    it.each(keptAsImages)(
      'keeps %s only as the image it starts with, under a generated name, never run',
      async (_case, file) => {
        const res = await send(route, file);
        expect(res.status).toBe(201);
        const url = urlIn(res.body.data);
        expect(url).toMatch(/\/uploads\/[0-9a-f]{32}\.(png|gif)$/);
        const served = await fetch(url);
        expect(served.headers.get('content-type')).toMatch(/^image\/(png|gif)$/);
        expect(served.headers.get('x-content-type-options')).toBe('nosniff');
        expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      },
    );
  });
});
