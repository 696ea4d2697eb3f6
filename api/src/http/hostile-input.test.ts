import { engines, multipartForm, startServer, VALID_REFLECTION, type TestServer } from '../testing/harness';
import type { OpenApiDocument, SchemaObject } from '../testing/openapi';
import { solidPng } from '../uploads/png';
import { NO_CONTROL_CHARACTERS } from '../http/contract';
import { JSON_MAX_DEPTH, JSON_TOO_DEEP } from '../http/json-body';

// What an outside probe of the production build found in what requests carry, each kept fixed here:
// control characters in texts, links that only look like links, bounds on every text.

const png = { content: solidPng(4, 4, [10, 120, 10]), name: 'cover.png', type: 'image/png' };

/** Every control character but tab, LF and CR, one per text. */
const CONTROL = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f'];

/**
 * A closed pattern: anchored at both ends and made of characters it names (no `.`, no negated class, no
 * class escape like \s or \W, no escape naming a character by its code), so it can only take what it
 * lists: a time's `^([01][0-9]|2[0-3]):[0-5][0-9]$` takes no control character, as a free text's
 * NO_CONTROL_CHARACTERS makes sure.
 */
function isClosedPattern(pattern: string): boolean {
  if (!pattern.startsWith('^') || !pattern.endsWith('$')) return false;
  // A dot escaped, or inside a character class, is the character itself.
  const literalDotsGone = pattern
    .replace(/\\\./g, '')
    .replace(/\[[^\]]*\]/g, (characterClass) => characterClass.replace(/\./g, ''));
  return !/\.|\[\^|\\[sSwWdDbBxuctnrfv0pP]/.test(literalDotsGone.slice(1, -1));
}

describe('isClosedPattern', () => {
  it.each([
    ['^([01][0-9]|2[0-3]):[0-5][0-9]$', true],
    ['^[0-9]+\\.[0-9]{2}$', true],
    ['^[0-9A-Za-z][0-9A-Za-z.+_-]{0,79}$', true],
    ['^[^.]+$', false],
    [NO_CONTROL_CHARACTERS, false],
    ['^.*$', false],
    ['^[a-z\\s]+$', false],
    ['^[\\u0000-\\u001f]$', false],
    ['[0-9]+', false],
  ])('%s: %s', (pattern, closed) => expect(isClosedPattern(pattern)).toBe(closed));
});

describe.each(engines())('hardened input on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  it('refuses control characters in every free text a request body takes, and bounds every text (the OpenAPI document says so)', async () => {
    const document = (await server.call('GET', '/api/v1/openapi.json')).body as OpenApiDocument;
    const resolve = (schema: SchemaObject) =>
      schema.$ref ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]! : schema;
    const unguarded: string[] = [];
    const unbounded: string[] = [];
    const visit = (schema: SchemaObject, where: string) => {
      const resolved = resolve(schema);
      if (resolved.type === 'string' && !resolved.enum && resolved.format !== 'binary' && !resolved.maxLength)
        unbounded.push(where);
      if (resolved.anyOf) resolved.anyOf.forEach((inner) => visit(inner, where));
      else if (resolved.type === 'array' && resolved.items) visit(resolved.items, `${where}[]`);
      else if (resolved.type === 'object')
        for (const [name, inner] of Object.entries(resolved.properties ?? {})) visit(inner, `${where}.${name}`);
      else if (
        resolved.type === 'string' &&
        !resolved.enum &&
        resolved.format !== 'binary' &&
        resolved.format !== 'uri'
      )
        if (resolved.pattern !== NO_CONTROL_CHARACTERS && !isClosedPattern(resolved.pattern ?? ''))
          unguarded.push(where);
    };
    let texts = 0;
    for (const [url, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations))
        for (const { schema } of Object.values(operation.requestBody?.content ?? {})) {
          texts++;
          visit(schema, `${method.toUpperCase()} ${url}`);
        }
    expect(texts).toBeGreaterThan(20);
    expect(unguarded).toEqual([]);
    expect(unbounded).toEqual([]);
  });

  const json = (url: string, body: Record<string, unknown>, field: string, words: string) => ({
    url,
    body,
    field,
    words,
  });
  const reflection = { date: '2026-03-01', ...VALID_REFLECTION };
  const jsonCases = () => [
    json(
      '/api/v1/mass/intention',
      { fullname: 'Ada', email: 'ada@example.com', intention: 'Peace' },
      'fullname',
      'Full name',
    ),
    json(
      '/api/v1/mass/intention',
      { fullname: 'Ada', email: 'ada@example.com', intention: 'Peace' },
      'intention',
      'Intention',
    ),
    json('/api/v1/prayer/request', { request: 'Pray for us' }, 'request', 'The request'),
    json(`/api/v1/add/prayer/${admin}`, { title: 'Angelus', prayer: 'The angel' }, 'prayer', 'Prayer'),
    json(
      `/api/v1/add/account/${admin}`,
      {
        bankName: 'First',
        bankAccountNumber: '0012',
        bankAccountHolderName: 'Parish',
        currency: 'NGN',
        bankSwiftCode: 'X',
      },
      'bankSwiftCode',
      'Swift code',
    ),
    json(`/api/v1/post/about/${admin}`, { text: '<p>About</p>' }, 'text', 'The About Us text'),
    json(`/api/v1/add/adult/reflection/${admin}`, reflection, 'topic', 'Topic'),
    json(`/api/v1/add/children/reflection/${admin}`, reflection, 'reflection', 'Reflection'),
    json(
      `/api/v1/add/reading/${admin}`,
      { day: 1, week: 1, date: '2026-01-01', passage: 'Gen 1' },
      'passage',
      'Passage',
    ),
  ];

  it('answers a control character in a JSON text with a 400 naming the field, storing nothing', async () => {
    const before = await server.call('GET', `/api/v1/prayer/request/${admin}`, { token });
    for (const { url, body, field, words } of jsonCases()) {
      for (const character of CONTROL) {
        const res = await server.call('POST', url, {
          token,
          json: { ...body, [field]: `before${character}after` },
        });
        expect({ url, character, status: res.status, body: res.body }).toEqual({
          url,
          character,
          status: 400,
          body: { message: `${words} must not contain control characters` },
        });
      }
    }
    const after = await server.call('GET', `/api/v1/prayer/request/${admin}`, { token });
    expect(after.body.data).toEqual(before.body.data);
    expect((await server.call('GET', '/api/v1/get/prayers')).body.data).toEqual([]);
    expect((await server.call('GET', '/api/v1/weekly/reading/1')).body.data).toEqual([]);
  });

  it('keeps tabs and line breaks, which are text', async () => {
    const res = await server.call('POST', '/api/v1/prayer/request', { json: { request: 'One\tTwo\r\nThree\nFour' } });
    expect(res.status).toBe(201);
    expect(res.body.data.request).toBe('One\tTwo\r\nThree\nFour');
  });

  it('refuses a control character in an imported reading and in a multipart form field', async () => {
    const imported = await server.call('POST', `/api/v1/import/readings/${admin}`, {
      token,
      json: { readings: [{ day: 2, week: 1, date: '2026-01-02', passage: 'Gen\u00002' }] },
    });
    expect(imported.status).toBe(400);
    expect(JSON.stringify(imported.body)).toContain('Passage must not contain control characters');

    const book = await server.call('POST', `/api/v1/add/book/${admin}`, {
      token,
      form: multipartForm({ bookName: 'Con\u0000fessions', bookLink: 'https://example.org/c' }, { bookImage: png }),
    });
    expect(book.status).toBe(400);
    expect(book.body).toEqual({ message: 'Title must not contain control characters' });
    const group = await server.call('POST', `/api/v1/add/group/${admin}`, {
      token,
      form: multipartForm(
        { groupName: 'Choir', groupLink: 'https://example.org/g', groupDescription: 'We \u001b sing' },
        { groupImage: png },
      ),
    });
    expect(group.body).toEqual({ message: 'Description must not contain control characters' });
    expect((await server.call('GET', '/api/v1/all/books/')).body.data).toEqual([]);
    expect((await server.call('GET', '/api/v1/all/groups')).body.data).toEqual([]);
    expect(await server.storedUploads()).toEqual([]);
  });

  it.each([
    ['https:alert(1)'],
    ['https:example.org/page'],
    ['http:/example.org'],
    ['https://exa mple.org'],
    ['https://example.org/a\u0000b'],
    ['https://example.org\\@evil.example'],
    ['https://<img src=x>/'],
    ['javascript://example.org/%0aalert(1)'],
    ['https://'],
  ])('refuses %j as a link of a book, a stream and a group', async (link) => {
    const book = await server.call('POST', `/api/v1/add/book/${admin}`, {
      token,
      form: multipartForm({ bookName: 'Confessions', bookLink: link }, { bookImage: png }),
    });
    const stream = await server.call('POST', `/api/v1/add/stream/${admin}`, {
      token,
      form: multipartForm({ name: 'Sunday Mass', streamingLink: link, category: 'Live Events' }, { file: png }),
    });
    const group = await server.call('POST', `/api/v1/add/group/${admin}`, {
      token,
      form: multipartForm({ groupName: 'Choir', groupLink: link, groupDescription: 'We sing' }, { groupImage: png }),
    });
    expect([book.status, stream.status, group.status]).toEqual([400, 400, 400]);
    expect(book.body.message).toMatch(/^Link must (be a valid URL|not contain control characters)/);
    expect(await server.storedUploads()).toEqual([]);
  });

  it('stores a link as it parses: scheme and host in lower case, unsafe characters escaped', async () => {
    const book = await server.call('POST', `/api/v1/add/book/${admin}`, {
      token,
      form: multipartForm(
        { bookName: 'Confessions', bookLink: 'HTTPS://Example.ORG/Saint/Augustin?q=é' },
        { bookImage: png },
      ),
    });
    expect(book.status).toBe(201);
    expect(book.body.data.bookLink).toBe('https://example.org/Saint/Augustin?q=%C3%A9');
    const stored = await server.call('GET', `/api/v1/single/book/${book.body.data._id as string}`);
    expect(stored.body.data.bookLink).toBe('https://example.org/Saint/Augustin?q=%C3%A9');
    await server.call('DELETE', `/api/v1/book/${admin}/${book.body.data._id as string}`, { token });
  });

  it("bounds the current file's address an edit form may send in place of a file", async () => {
    const book = await server.call('POST', `/api/v1/add/book/${admin}`, {
      token,
      form: multipartForm({ bookName: 'Confessions', bookLink: 'https://example.org/c' }, { bookImage: png }),
    });
    const id = book.body.data._id as string;
    const edit = await server.call('POST', `/api/v1/edit/book/${admin}/${id}`, {
      token,
      form: multipartForm({
        bookName: 'Renamed',
        bookLink: 'https://example.org/c',
        bookImage: `https://x/${'a'.repeat(2000)}`,
      }),
    });
    expect(edit.status).toBe(400);
    expect(edit.body).toEqual({ message: 'The cover is too long' });
    expect((await server.call('GET', `/api/v1/single/book/${id}`)).body.data.bookName).toBe('Confessions');
    await server.call('DELETE', `/api/v1/book/${admin}/${id}`, { token });
  });

  describe('a JSON body nested past the limit', () => {
    const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const send = (url: string, body: string, headers: Record<string, string> = {}) =>
      server.call('POST', url, { token, body, headers: { 'content-type': 'application/json', ...headers } });

    it.each([
      ['a list 20,000 deep, with an Idempotency-Key', deepArray(20_000), { 'idempotency-key': 'deep-list' }],
      [
        'an object 20,000 deep, with an Idempotency-Key',
        `{"title":${deepObject(20_000)}}`,
        { 'idempotency-key': 'deep' },
      ],
      ['a list 20,000 deep, without a key', deepArray(20_000), {}],
      ['one level past the limit', `{"title":${deepArray(JSON_MAX_DEPTH)}}`, {}],
    ])('is refused in words (400) before it is read: %s', async (_case, body, headers) => {
      const before = (await server.call('GET', '/api/v1/get/prayers')).body.data;
      const res = await send(`/api/v1/add/prayer/${admin}`, body, headers);
      expect([res.status, res.body]).toEqual([400, { message: JSON_TOO_DEEP }]);
      expect((await server.call('GET', '/api/v1/get/prayers')).body.data).toEqual(before);
    });

    it.each([
      [
        'a call that takes no body (a delete)',
        () => `/api/v1/delete/prayer/${admin}/${'a'.repeat(24)}`,
        deepObject(20_000),
      ],
      [
        'a schema that takes any value (an imported row)',
        () => `/api/v1/import/readings/${admin}`,
        `{"readings":[${deepArray(20_000)}]}`,
      ],
      ['a public call', () => '/api/v1/prayer/request', `{"request":${deepObject(20_000)}}`],
    ])('is refused on %s, with or without a key', async (_case, url, body) => {
      const keyed = await send(url(), body, { 'idempotency-key': `deep-${url()}` });
      expect([keyed.status, keyed.body]).toEqual([400, { message: JSON_TOO_DEEP }]);
      const plain = await send(url(), body);
      expect([plain.status, plain.body]).toEqual([400, { message: JSON_TOO_DEEP }]);
    });

    it('counts brackets only outside texts, and takes a body at the limit as any other', async () => {
      // Brackets and escaped quotes inside a text are text.
      const text = `${'[{'.repeat(300)} \\" ${'['.repeat(300)}`;
      const submit = await send('/api/v1/prayer/request', `{"request":"${text}"}`);
      expect(submit.status).toBe(201);
      expect(submit.body.data.request).toBe(JSON.parse(`"${text}"`));
      // At the limit the body is read, and its schema speaks.
      const atLimit = await send(`/api/v1/add/prayer/${admin}`, `{"title":${deepArray(JSON_MAX_DEPTH - 1)}}`, {
        'idempotency-key': 'at-limit',
      });
      expect(atLimit.status).toBe(400);
      expect(atLimit.body.message).not.toBe(JSON_TOO_DEEP);
    });
  });
});
