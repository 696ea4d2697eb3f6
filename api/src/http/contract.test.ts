import { Type } from '@sinclair/typebox';
import { engines, multipartForm, startServer, type TestServer } from '../testing/harness';
import type { OpenApiDocument, SchemaObject } from '../testing/openapi';
import { solidPng } from '../uploads/png';
import { Entity, fromRow } from './contract';

// The contract is strict from the start: every request body (JSON or multipart) accepts exactly
// the properties its schema names, and a value of the wrong type is refused, never converted.

const png = { content: solidPng(4, 4, [10, 120, 10]), name: 'cover.png', type: 'image/png' };

describe.each(engines())('the contract on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(engine);
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  it('names every request body in the OpenAPI document, and none of them takes unknown properties', async () => {
    const document = (await server.call('GET', '/api/v1/openapi.json')).body as OpenApiDocument;
    const resolve = (schema: SchemaObject) =>
      schema.$ref ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]! : schema;
    const bodies: string[] = [];
    const files: string[] = [];
    for (const [url, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
          bodies.push(`${method.toUpperCase()} ${url} (${type})`);
          const resolved = resolve(schema);
          // A file as the whole body (a release's archive) has no properties to take or refuse.
          if (resolved.type === 'string' && resolved.format === 'binary') {
            files.push(`${method.toUpperCase()} ${url} (${type})`);
            continue;
          }
          expect({ body: `${method} ${url}`, additionalProperties: resolved.additionalProperties }).toEqual({
            body: `${method} ${url}`,
            additionalProperties: false,
          });
        }
      }
    }
    expect(files).toEqual(['POST /api/v1/releases/{remote} (application/gzip)']);
    // JSON and multipart bodies alike (a sample of each kind must be among them).
    expect(bodies).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST \/api\/v1\/mass\/intention \(application\/json\)$/),
        expect.stringMatching(/^POST \/api\/v1\/add\/book\/\{userId\} \(multipart\/form-data\)$/),
      ]),
    );
    // The entities and inputs are components under their own names (the generated clients use them).
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Book', 'BookFields', 'MassIntention', 'MassIntentionInput', 'ReflectionInput']),
    );
  });

  it('refuses a client-chosen _id or an unknown field on the public submits, storing nothing', async () => {
    const intention = { fullname: 'Mary Okafor', email: 'mary@example.com', intention: 'For my family' };
    const withId = await server.call('POST', '/api/v1/mass/intention', {
      json: { ...intention, _id: '<img src=x onerror=alert(1)>' },
    });
    expect(withId.status).toBe(400);
    expect(withId.body).toEqual({ message: '_id is not a field this request accepts' });
    const unknown = await server.call('POST', '/api/v1/prayer/request', { json: { request: 'Pray', nosuchcolumn: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: 'nosuchcolumn is not a field this request accepts' });

    const intentions = await server.call('GET', `/api/v1/mass/intention/${admin}`, { token });
    const requests = await server.call('GET', `/api/v1/prayer/request/${admin}`, { token });
    expect([intentions.body.data, requests.body.data]).toEqual([[], []]);
  });

  it('refuses an unknown field on the administrator writes too', async () => {
    const prayer = await server.call('POST', `/api/v1/add/prayer/${admin}`, {
      token,
      json: { title: 'Angelus', prayer: 'The angel of the Lord…', _id: 'not-a-hex-id' },
    });
    expect(prayer.status).toBe(400);
    expect(prayer.body).toEqual({ message: '_id is not a field this request accepts' });
  });

  it.each([
    ['a number for a text', '/api/v1/prayer/request', { request: 12345 }, 'The request must be text'],
    ['true for a text', '/api/v1/prayer/request', { request: true }, 'The request must be text'],
    ['a list for a text', '/api/v1/prayer/request', { request: ['x'] }, 'The request must be text'],
  ])('refuses %s instead of converting it', async (_case, url, json, message) => {
    const res = await server.call('POST', url, { json });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it.each([
    ['"0x10"', '0x10'],
    ['"1e1"', '1e1'],
    ['"16"', '16'],
  ])('refuses the text %s for a whole number', async (_case, day) => {
    const res = await server.call('POST', `/api/v1/add/reading/${admin}`, {
      token,
      json: { day, week: 3, date: '2026-01-16', passage: 'Genesis 30' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Day must be a whole number' });
  });

  it('checks multipart text fields with the same schema and words as a JSON body', async () => {
    const add = (fields: Record<string, string>) =>
      server.call('POST', `/api/v1/add/book/${admin}`, { token, form: multipartForm(fields, { bookImage: png }) });
    const valid = { bookName: 'Confessions', bookLink: 'https://example.org/c', category: 'Devotional' };

    const unknown = await add({ ...valid, _id: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: '_id is not a field this request accepts' });

    const long = await add({ ...valid, bookName: 'x'.repeat(301) });
    expect(long.body).toEqual({ message: 'Title must be at most 300 characters long' });
    const blank = await add({ ...valid, bookName: '   ' });
    expect(blank.body).toEqual({ message: 'Title is required' });
    const link = await add({ ...valid, bookLink: 'ftp://example.org/c' });
    expect(link.body).toEqual({ message: 'Link must be a valid URL starting with http:// or https://' });

    const books = await server.call('GET', '/api/v1/all/books/');
    expect(books.body.data).toEqual([]);
  });

  it('refuses any text field on the editor image upload, which takes none', async () => {
    const res = await server.call('POST', `/api/v1/upload/reflection/image/${admin}`, {
      token,
      form: multipartForm({ caption: 'x' }, { image: png }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'caption is not a field this request accepts' });
  });
});

describe('an answer from a stored row', () => {
  const Token = Entity('RowToken', { _id: Type.String(), name: Type.String(), createdBy: Type.String() });
  const row = { _id: 'a1', name: 'CI', createdBy: 'an id', createdByName: 'Ada', secretHash: 'f00d' };

  it("takes the entity's properties from the row's columns of the same names, and no other column", () => {
    expect(fromRow(Token, row)).toStrictEqual({ _id: 'a1', name: 'CI', createdBy: 'an id' });
  });

  it('takes what it is given over the column of that name', () => {
    expect(fromRow(Token, row, { createdBy: row.createdByName })).toStrictEqual({
      _id: 'a1',
      name: 'CI',
      createdBy: 'Ada',
    });
  });
});
