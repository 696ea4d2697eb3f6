import { CURRENCY_FORMAT, HTTP_URL_FORMAT } from '../http/contract';
import { REGISTRY } from '../registry';
import { pruneVersions } from '../history/versions';
import {
  engines,
  multipartForm,
  startServer,
  type CallOptions,
  type CallResult,
  type FileSpec,
  type TestServer,
} from '../testing/harness';
import { signedInMembers, type SignedInMember, type TeamRole } from '../testing/members';
import type { OpenApiDocument } from '../testing/openapi';
import { solidPng } from '../uploads/png';
import { orderOf, type ResourceDefinition, type StoredRow } from './definition';
import { resourceRepository } from './repository';

// What every resource shares, run over each definition over HTTP: its list, its public record, add,
// edit and delete in the spec's words, refusals that change nothing, its file, who may write it, its
// history, its activity lines, the trash and a retried write. The values it sends are made from the
// definition's own schemas, so a new resource is tested here as it is defined; what is a resource's
// own (its special fields and rules) stays in its own suite. A resource that holds one record (a
// unique key no field sets: About Us) is tried here on what needs no record; its suite adds it.

type Resource = ResourceDefinition<StoredRow>;

/** Every resource the server registers: one added to the registry is tested here as it is. */
const RESOURCES = REGISTRY.features.flatMap(({ resources }) => (resources ?? []) as unknown as Resource[]);

/** The suite's limits: small, so that "too large" is cheap to send. */
const MAX_IMAGE = 4096;
const MAX_FILE = 8192;

const PNG = solidPng(8, 8, [180, 40, 40]);
const OTHER_PNG = solidPng(4, 4, [40, 40, 180]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const png = (content: Buffer = PNG): FileSpec => ({ content, name: 'picture.png', type: 'image/png' });
const EMPTY_FILE: FileSpec = { content: '', name: '', type: 'application/octet-stream' };
const OTHER_USER = 'ffffffffffffffffffffffff';
const NOT_IDS = ['garbage', '0123456789abcdef01234567', 'ABCDEF0123456789ABCDEF01', "1' OR '1'='1"];
const OWN_ACCOUNT = 'You may only act on your own account';
const GUEST = 'A Guest User can look at everything but change nothing';
const FINANCE = 'Only an Admin can change donations and bank accounts';

type Fields = Record<string, unknown>;
interface FieldSchema {
  type?: string;
  enum?: string[];
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  title?: string;
  description?: string;
}

const fieldsOf = (resource: Resource) => Object.entries(resource.fields.properties) as [string, FieldSchema][];
const isRequired = (resource: Resource, field: string) => (resource.fields.required ?? []).includes(field);
const camel = (column: string) => column.replace(/_([a-z])/g, (_all, letter: string) => letter.toUpperCase());
/** The field the activity record and the trash name a record by. */
const nameField = (resource: Resource) => camel(resource.activity.nameColumn);

/** A calendar day, which the schema can only describe (a text of 10). */
const isDay = (schema: FieldSchema) =>
  schema.type === 'string' && Boolean(schema.description?.startsWith('YYYY-MM-DD'));
/** A resource that holds at most one record: a unique key that no field sets. */
const holdsOne = (resource: Resource) =>
  resource.unique !== undefined && !resource.unique.columns.some((column) => column in resource.fields.properties);

/** How many values of a kind that a unique key may hold were made for a resource: each one is new. */
const made = new Map<Resource, number>();
const serial = (resource: Resource) => {
  const n = made.get(resource) ?? 0;
  made.set(resource, n + 1);
  return n;
};

/**
 * A valid value of a field, the first (0) or another one (1), as its schema describes it. Whole
 * numbers and days are new at each call (they may be a unique key), but for the column a list is by.
 */
function sample(resource: Resource, field: string, schema: FieldSchema, variant: 0 | 1): string | number {
  const by = resource.routes.list.by?.column === field;
  if (schema.type === 'integer') {
    const min = schema.minimum ?? 1;
    return by ? min : min + (serial(resource) % ((schema.maximum ?? 10_000) - min + 1));
  }
  if (isDay(schema)) return new Date(Date.UTC(2031, 0, 1 + (by ? 0 : serial(resource)))).toISOString().slice(0, 10);
  if (schema.enum) return schema.enum[variant % schema.enum.length]!;
  if (schema.format === HTTP_URL_FORMAT) return `https://example.org/${field}/${variant}`;
  if (schema.format === CURRENCY_FORMAT) return ['NGN', 'EUR'][variant]!;
  if (schema.type === 'string' && schema.format === undefined) {
    return `${schema.title ?? field} ${variant === 0 ? 'first' : 'changed'}`.slice(0, schema.maxLength);
  }
  throw new Error(`resources.test.ts makes no value for ${field} (${JSON.stringify(schema)}): teach sample() its kind`);
}

/** Every field of the resource with a valid value; `name` names the record. */
function validFields(resource: Resource, variant: 0 | 1 = 0, name?: string): Fields {
  const fields = Object.fromEntries(
    fieldsOf(resource).map(([field, schema]) => [field, sample(resource, field, schema, variant)]),
  );
  if (name !== undefined) fields[nameField(resource)] = name;
  return fields;
}

/** Each way a field can be refused, as its schema says, with the words of the 400. */
function refusalsOf(resource: Resource): [string, Fields, string][] {
  const valid = validFields(resource);
  const cases: [string, Fields, string][] = [];
  for (const [field, schema] of fieldsOf(resource)) {
    const title = schema.title ?? field;
    const refused = (what: string, value: unknown, message: string) =>
      cases.push([`${field} ${what}`, { ...valid, [field]: value }, message]);
    if (isRequired(resource, field)) {
      refused('left out', undefined, `${title} is required`);
      if (schema.type === 'string') refused('blank', '   ', `${title} is required`);
    }
    if (schema.type === 'integer') {
      refused('not whole', 1.5, `${title} must be a whole number`);
      refused('text', 'two', `${title} must be a whole number`);
      if (schema.minimum !== undefined)
        refused('too small', schema.minimum - 1, `${title} must be at least ${schema.minimum}`);
      if (schema.maximum !== undefined)
        refused('too large', schema.maximum + 1, `${title} must be at most ${schema.maximum}`);
    } else if (isDay(schema)) {
      const message = `${title} must be a calendar date written YYYY-MM-DD`;
      refused('not a day', '2031-02-30', message);
      refused('written otherwise', '30/01/2031', message);
    } else if (schema.enum)
      refused('not one of its values', 'Not one of them', `${title} must be one of: ${schema.enum.join(', ')}`);
    else if (schema.format === HTTP_URL_FORMAT) {
      const message = `${title} must be a valid URL starting with http:// or https://`;
      refused('a script', 'javascript:alert(1)', message);
      refused('not a link', 'not a url', message);
      refused('an ftp link', 'ftp://example.org/x', message);
    } else if (schema.format === CURRENCY_FORMAT) {
      refused(
        'not a currency code',
        'naira pounds',
        `${title} must be an ISO 4217 currency code, like NGN, GHS or EUR`,
      );
    }
    if (schema.maxLength !== undefined && schema.format !== CURRENCY_FORMAT) {
      const long =
        schema.format === HTTP_URL_FORMAT
          ? `https://example.org/${'x'.repeat(schema.maxLength)}`
          : 'x'.repeat(schema.maxLength + 1);
      refused('too long', long, `${title} must be at most ${schema.maxLength} characters long`);
    }
  }
  cases.push(['an unknown field', { ...valid, unasked: 'x' }, 'unasked is not a field this request accepts']);
  return cases;
}

/** The stored file names an answer's URLs point at (a record answers its file under one or two names). */
const fileUrlsOf = (data: Fields) => [
  ...new Set(
    Object.values(data).filter(
      (value): value is string => typeof value === 'string' && /\/uploads\/\w+\.\w+$/.test(value),
    ),
  ),
];
const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** The list's order in words. */
const orderWords = ({ listed }: Resource) => (typeof listed === 'object' ? `by ${listed.by}` : listed);

/** The path of a list's URL; a list by a column lists the value every record made here holds. */
const listPath = (resource: Resource, url: string) => {
  const { by } = resource.routes.list;
  if (!by) return `/api/v1${url}`;
  const [field, schema] = fieldsOf(resource).find(([name]) => name === by.column)!;
  return `/api/v1${url.replace(/:\w+$/, String(sample(resource, field, schema, 0)))}`;
};

/** Waits for the activity record's lines about a kind to number `count`. */
async function activityOf(server: TestServer, token: string, kind: string, count: number) {
  const started = Date.now();
  for (;;) {
    const res = await server.call('GET', `/api/v1/activity?kind=${encodeURIComponent(kind)}`, { token });
    const data = res.body.data as { summary: string; recordId: string | null }[];
    if (data.length >= count || Date.now() - started > 3000) return data;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(engines())('every resource on %s', (_engine, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  let members: Record<TeamRole, SignedInMember>;

  // A long check interval: only the writes' own invalidation can refresh a public list.
  beforeAll(async () => {
    server = await startServer(engine, {
      uploadMaxImageBytes: MAX_IMAGE,
      uploadMaxFileBytes: MAX_FILE,
      listCacheCheckMs: 60_000,
    });
    token = await server.login();
    admin = server.admin._id;
    members = await signedInMembers(server);
  });
  afterAll(() => server.close());

  describe.each(RESOURCES.map((resource) => [resource.noun, resource] as const))('%s', (_noun, resource) => {
    const { file, messages, routes } = resource;
    const written = resource.permission === 'finance' ? FINANCE : undefined;
    /** A route's path: its user and record ids in place of the parameters. */
    const pathOf = (url: string, id = '', userId = admin) =>
      `/api/v1${url.replace(':userId', userId).replace(/:\w+$/, id)}`;
    const list = (headers: Record<string, string> = {}, url = routes.list.urls[0]!) =>
      server.call('GET', listPath(resource, url), { headers });
    const listed = async () => (await list()).body.data as Fields[];
    const single = (id: string, headers: Record<string, string> = {}) =>
      server.call('GET', pathOf(routes.single!.url, id), { headers });
    /** The body of an add or edit: the fields, and the file (a file, a text, or left out). */
    const body = (fields: Fields, sent?: FileSpec | string): CallOptions =>
      file ? { form: multipartForm(fields as Record<string, string>, { [file.field]: sent }) } : { json: fields };
    const add = (options: CallOptions, as: { token?: string; userId?: string } = {}) =>
      server.call('POST', pathOf(routes.add.url, '', as.userId), { token: as.token ?? token, ...options });
    const edit = (id: string, options: CallOptions, as: { token?: string; userId?: string } = {}) =>
      server.call(routes.edit.method, pathOf(routes.edit.url, id, as.userId), { token: as.token ?? token, ...options });
    const remove = (id: string, as: { token?: string; userId?: string } = {}) =>
      server.call(routes.delete!.method ?? 'DELETE', pathOf(routes.delete!.url, id, as.userId), {
        token: as.token ?? token,
      });
    /** Adds a valid record (with a file, when it has one) named `name`: its answer's data. */
    const addValid = async (name?: string, sent: FileSpec | undefined = file ? png() : undefined) => {
      const res = await add(body(validFields(resource, 0, name), sent));
      expect(res.status).toBe(201);
      return res.body.data as Fields & { _id: string };
    };
    /** What a refused write must leave as it was: the list and the stored files. */
    const state = async () => ({ listed: await listed(), uploads: await server.storedUploads() });
    const expectRefused = (res: CallResult, status: number, message: string) => {
      expect({ status: res.status, body: res.body }).toEqual({ status, body: { message } });
      expect(server.pendingUploads()).toEqual([]);
    };
    const changed = () => validFields(resource, 1);

    describe('refuses an invalid add with a 400 in words, changing nothing', () => {
      it.each(refusalsOf(resource))('%s', async (_what, fields, message) => {
        const before = await state();
        expectRefused(await add(body(fields, file && png())), 400, message);
        expect(await state()).toEqual(before);
      });
    });
    if (!file) {
      it('refuses a body that is not a JSON object in words, changing nothing', async () => {
        const before = await state();
        expectRefused(await add({ json: [validFields(resource)] }), 400, 'The request body must be a JSON object');
        expectRefused(await add({ json: 'just text' }), 400, 'The request body must be a JSON object');
        const [field, schema] = fieldsOf(resource).find(([, one]) => one.type === 'string')!;
        const notText = { ...validFields(resource), [field]: { text: 'x' } };
        expectRefused(await add({ json: notText }), 400, `${schema.title ?? field} must be text`);
        const broken = await add({ body: '{"a": ', headers: { 'content-type': 'application/json' } });
        expectRefused(broken, 400, 'The request body is not valid JSON');
        expect((await add({})).status).toBe(400);
        expect(await state()).toEqual(before);
      });
    }
    it.each(NOT_IDS)(`answers 404 "${messages.notFound}" for the id %s`, async (id) => {
      const path = encodeURIComponent(id);
      const notFound = { status: 404, body: { message: messages.notFound } };
      if (routes.single) expect(await single(path)).toMatchObject(notFound);
      expect(await edit(path, body(validFields(resource), file && png()))).toMatchObject(notFound);
      if (routes.delete) expect(await remove(path)).toMatchObject(notFound);
      expect(server.pendingUploads()).toEqual([]);
    });
    it('documents its calls: public reads, writes with a session and their body', async () => {
      const { paths } = (await server.call('GET', '/api/v1/openapi.json')).body as OpenApiDocument;
      const documented = (url: string) => `/api/v1${url.replace(/:(\w+)/g, '{$1}')}`;
      const [listUrl] = routes.list.urls;
      expect(paths[documented(listUrl!)]?.get?.security).toBeUndefined();
      if (routes.single) expect(paths[documented(routes.single.url)]?.get).toBeDefined();
      if (routes.delete) {
        const remover = paths[documented(routes.delete.url)]?.[(routes.delete.method ?? 'DELETE').toLowerCase()];
        expect(remover?.security).toEqual([{ bearerAuth: [] }]);
      }
      for (const [route, method] of [
        [routes.add.url, 'post'],
        [routes.edit.url, routes.edit.method.toLowerCase()],
      ] as const) {
        const operation = paths[documented(route)]?.[method];
        expect(operation?.security).toEqual([{ bearerAuth: [] }]);
        const content = operation!.requestBody!.content;
        if (file) {
          const schema = content['multipart/form-data']!.schema;
          expect(Object.keys(schema.properties!).sort()).toEqual(
            [...Object.keys(resource.fields.properties), file.field].sort(),
          );
          const fileRequired = route === routes.add.url && file.required !== undefined;
          expect((schema.required ?? []).includes(file.field)).toBe(fileRequired);
        } else {
          expect(content['application/json']!.schema).toEqual({ $ref: `#/components/schemas/${resource.fields.$id}` });
        }
      }
    });

    // The rest adds records.
    if (holdsOne(resource)) return;

    it(`adds a record: 201, "${messages.added}", trimmed, the entity's fields, its public record`, async () => {
      const fields = validFields(resource);
      const name = nameField(resource);
      const res = await add(body({ ...fields, [name]: `  ${fields[name] as string} ` }, file && png()));
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(messages.added);
      const data = res.body.data as Fields;
      expect(Object.keys(data).sort()).toEqual(Object.keys(resource.entity.properties).sort());
      expect(data._id).toMatch(/^[0-9a-f]{24}$/);
      expect(data).toMatchObject(fields);
      for (const [field, schema] of Object.entries(resource.entity.properties)) {
        if ((schema as FieldSchema).format === 'date-time') {
          expect(new Date(data[field] as string).toISOString()).toBe(data[field]);
        }
      }
      expect((await listed()).find((record) => record._id === data._id)).toEqual(data);
      if (routes.single) {
        const one = await single(data._id as string);
        expect(one.status).toBe(200);
        expect(one.body).toEqual({ message: messages.fetched, data });
      }
    });
    it(`lists ${orderWords(resource)} on ${routes.list.urls.join(' and ')}, in the spec's words, and reflects each write at once`, async () => {
      const first = await addValid('Listed first');
      const second = await addValid('Listed second');
      const ids = async () => (await listed()).map((record) => record._id);
      // Each record's values come after the last one's: a list by a column of its own is in the same order.
      const order = orderOf(resource).direction === 'desc' ? [second._id, first._id] : [first._id, second._id];
      expect((await ids()).filter((id) => id === first._id || id === second._id)).toEqual(order);
      const answer = await list();
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(messages.listed);
      for (const url of routes.list.urls) expect((await list({}, url)).body).toEqual(answer.body);

      const renamed = { ...validFields(resource, 0), [nameField(resource)]: 'Listed renamed' };
      expect((await edit(first._id, body(renamed))).status).toBe(200);
      expect((await listed()).find((record) => record._id === first._id)).toMatchObject(renamed);
      if (routes.delete) {
        expect((await remove(second._id)).status).toBe(200);
        expect(await ids()).not.toContain(second._id);
      }
    });
    it('answers its list (and its public record) with a strong ETag, and 304 to If-None-Match', async () => {
      const record = await addValid();
      const reads = [
        list,
        ...(routes.single ? [(headers?: Record<string, string>) => single(record._id, headers)] : []),
      ];
      for (const read of reads) {
        const res = await read();
        const etag = res.headers.get('etag')!;
        expect(etag).toMatch(/^"[^"]+"$/);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        const again = await read({ 'if-none-match': etag });
        expect(again.status).toBe(304);
        expect(again.text).toBe('');
        expect(again.headers.get('etag')).toBe(etag);
        expect((await read({ 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
        expect((await read({ 'if-none-match': '"other"' })).status).toBe(200);
      }
      const stale = (await list()).headers.get('etag')!;
      const newer = await addValid('Newer');
      const fresh = await list({ 'if-none-match': stale });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.map((record: Fields) => record._id)).toContain(newer._id);
    });
    it(`edits a record: 200, "${messages.updated}", and its public record shows it`, async () => {
      const record = await addValid();
      const fields = changed();
      const res = await edit(record._id, body(fields));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: messages.updated, data: { ...record, ...fields } });
      if (routes.single) expect((await single(record._id)).body.data).toEqual(res.body.data);
      expect((await listed()).find((one) => one._id === record._id)).toEqual(res.body.data);
    });
    const optional = fieldsOf(resource).filter(([field]) => !isRequired(resource, field));
    if (optional.length > 0) {
      it(`stores an optional field left out of an add empty, and of an edit ${resource.leftOutOnEdit ?? 'kept'}`, async () => {
        const leftOut = Object.fromEntries(optional.map(([field]) => [field, undefined]));
        const added = await add(body({ ...validFields(resource), ...leftOut }, file && png()));
        expect(added.status).toBe(201);
        expect(added.body.data).toMatchObject(Object.fromEntries(optional.map(([field]) => [field, ''])));
        const record = await addValid();
        const edited = await edit(record._id, body({ ...changed(), ...leftOut }));
        expect(edited.status).toBe(200);
        const stored = Object.fromEntries(
          optional.map(([field]) => [field, resource.leftOutOnEdit === 'empty' ? '' : record[field]]),
        );
        expect(edited.body.data).toMatchObject(stored);
        expect((await listed()).find((one) => one._id === record._id)).toMatchObject(stored);
      });
    }
    it('refuses an invalid edit in words, changing nothing', async () => {
      const record = await addValid();
      const before = await state();
      const [, fields, message] = refusalsOf(resource)[0]!;
      expectRefused(await edit(record._id, body(fields, file && png(OTHER_PNG))), 400, message);
      if (file?.kind === 'image') {
        const svg = { content: SVG, name: 'x.svg', type: 'image/svg+xml' };
        expectRefused(
          await edit(record._id, body(changed(), svg)),
          415,
          `${file.words} must be a JPEG, PNG, GIF or WebP picture`,
        );
      }
      expect(await state()).toEqual(before);
    });
    if (file) {
      it('refuses a body that is not multipart (415) or a broken one (400), changing nothing', async () => {
        const before = await state();
        const url = pathOf(routes.add.url);
        const json = await server.call('POST', url, { token, json: validFields(resource) });
        expectRefused(json, 415, 'The request body must be sent as multipart/form-data');
        const xml = await server.call('POST', url, { token, body: '<x/>', headers: { 'content-type': 'text/xml' } });
        expectRefused(xml, 415, 'The request body must be sent as multipart/form-data');
        const broken = await server.call('POST', url, {
          token,
          body: 'garbage',
          headers: { 'content-type': 'multipart/form-data' },
        });
        expectRefused(broken, 400, 'The request body is not valid multipart/form-data');
        const cut = await server.call('POST', url, {
          token,
          body: `--xyz\r\nContent-Disposition: form-data; name="${file.field}"; filename="a.png"\r\n\r\n\x89PNG`,
          headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        });
        expect(cut.status).toBe(400);
        expect(server.pendingUploads()).toEqual([]);
        expect(await state()).toEqual(before);
      });

      it('accepts only its declared form fields, once each, text as text', async () => {
        const before = await state();
        const valid = validFields(resource) as Record<string, string>;
        const [text, textSchema] = fieldsOf(resource)[0]!;
        const title = textSchema.title ?? text;
        const words = file.words.toLowerCase();
        const attachment = multipartForm(valid, { [file.field]: png() });
        attachment.append('attachment', new Blob([PNG]), 'a.png');
        const unknown = await add({ form: attachment });
        expect(unknown.status).toBe(400);
        expect(unknown.body.message).toMatch(/^attachment is not a file this request accepts/);
        const twice = multipartForm(valid, { [file.field]: png() });
        twice.append(file.field, new Blob([PNG]), 'b.png');
        expectRefused(await add({ form: twice }), 400, `Send only one file as ${words}`);
        const textAsFile = multipartForm({ ...valid, [text]: undefined }, { [file.field]: png() });
        textAsFile.append(text, new Blob(['x']), 'n.txt');
        expectRefused(await add({ form: textAsFile }), 400, `${title} must be text, not a file`);
        const textTwice = multipartForm(valid, { [file.field]: png() });
        textTwice.append(text, 'Again');
        expectRefused(await add({ form: textTwice }), 400, `${title} was sent more than once`);
        expect(await state()).toEqual(before);
      });

      it(`takes its file (${file.words.toLowerCase()}) as a file: ${file.required ? 'required' : 'optional'}, never a text`, async () => {
        const before = await state();
        const valid = validFields(resource);
        if (file.required) {
          expectRefused(await add(body(valid)), 400, file.required);
          expectRefused(await add(body(valid, EMPTY_FILE)), 400, file.required);
        } else {
          for (const sent of [undefined, EMPTY_FILE]) {
            const res = await add(body(valid, sent));
            expect(res.status).toBe(201);
            expect(fileUrlsOf(res.body.data)).toEqual([]);
            expect(await server.storedUploads()).toEqual(before.uploads);
          }
        }
        const before2 = await state();
        expectRefused(await add(body(valid, 'https://example.org/picture.png')), 400, file.sentAsText);
        expect(await state()).toEqual(before2);
      });

      it('stores the file under a generated name and serves it as what it is', async () => {
        const before = await server.storedUploads();
        const record = await addValid();
        const [url] = fileUrlsOf(record);
        expect(fileUrlsOf(record)).toHaveLength(1);
        expect(url).toMatch(new RegExp(`^${server.url}/uploads/[0-9a-f]{32}\\.png$`));
        expect(await server.storedUploads()).toEqual([...before, fileName(url!)].sort());
        const served = await fetch(url!);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/png');
        expect(served.headers.get('x-content-type-options')).toBe('nosniff');
        expect(served.headers.get('content-disposition')).toBeNull();
        expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
      });

      const limit = file.kind === 'image' ? MAX_IMAGE : MAX_FILE;
      it(`refuses a file over the limit (413)${file.kind === 'image' ? ' or not a picture (415)' : ''}, storing nothing`, async () => {
        const before = await state();
        const valid = validFields(resource);
        const big = png(Buffer.concat([PNG, Buffer.alloc(limit + 1 - PNG.length, 7)]));
        expectRefused(await add(body(valid, big)), 413, `${file.words} is too large (at most ${limit / 1024} KB)`);
        // Far over it, refused while it streams: the form's reader is one for all, tried on the first.
        if (resource === RESOURCES.find((one) => one.file)) {
          const streamed = png(Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024, 7)]));
          expect((await add(body(valid, streamed))).status).toBe(413);
        }
        if (file.kind === 'image') {
          for (const sent of [
            { content: 'just some text, honestly', name: 'x.png', type: 'image/png' },
            { content: SVG, name: 'x.svg', type: 'image/svg+xml' },
            { content: '%PDF-1.7\n%âãÏÓ\n1 0 obj', name: 'x.png', type: 'image/png' },
            { content: 'GI', name: 'x.gif', type: 'image/gif' },
          ]) {
            expectRefused(await add(body(valid, sent)), 415, `${file.words} must be a JPEG, PNG, GIF or WebP picture`);
          }
        }
        expect(await state()).toEqual(before);
        await addValid(undefined, png(Buffer.concat([PNG, Buffer.alloc(limit - PNG.length)])));
      });

      it('keeps the file on an edit that sends its current URL (any host) or no file', async () => {
        const record = await addValid();
        const [url] = fileUrlsOf(record) as [string];
        const name = fileName(url);
        for (const sent of [url, `https://cdn.example.org/uploads/${name}`, `/uploads/${name}`, undefined]) {
          const res = await edit(record._id, body(changed(), sent));
          expect(res.status).toBe(200);
          expect(res.body.data).toEqual({ ...record, ...changed() });
        }
        expect(await server.storedUploads()).toContain(name);
      });

      it('refuses on edit a text that is not its current file, changing nothing', async () => {
        const record = await addValid();
        const [other] = fileUrlsOf(await addValid('Other')) as [string];
        for (const target of [record, ...(file.required ? [] : [await addValid('Bare', undefined)])]) {
          const before = await state();
          for (const sent of [other, 'https://evil.example/x.png', 'javascript:alert(1)', 'picture.png']) {
            expectRefused(await edit(target._id, body(changed(), sent)), 400, file.foreign);
          }
          expect(await state()).toEqual(before);
        }
      });

      it(`replaces the file with a new one; the old one ${resource.history ? 'stays while a kept version shows it' : 'goes'}`, async () => {
        const record = await addValid();
        const [oldUrl] = fileUrlsOf(record) as [string];
        const res = await edit(record._id, body(changed(), png(OTHER_PNG)));
        expect(res.status).toBe(200);
        const [newUrl] = fileUrlsOf(res.body.data) as [string];
        expect(fileName(newUrl)).not.toBe(fileName(oldUrl));
        expect(Buffer.from(await (await fetch(newUrl)).arrayBuffer()).equals(OTHER_PNG)).toBe(true);
        if (resource.history) {
          expect(await server.storedUploads()).toContain(fileName(oldUrl));
          expect((await fetch(oldUrl)).status).toBe(200);
          // Once the version is pruned, the sweep deletes the file only it showed.
          await pruneVersions(server.db, new Date(Date.now() + 60_000));
          await server.app.uploads.sweepOrphans(server.app.referencedUploads, new Date(Date.now() + 60_000));
        }
        expect(await server.storedUploads()).not.toContain(fileName(oldUrl));
        expect(await server.storedUploads()).toContain(fileName(newUrl));
        expect((await fetch(oldUrl)).status).toBe(404);
        if (!file.required) {
          const bare = await addValid('Bare', undefined);
          const withFile = await edit(bare._id, body(changed(), png()));
          expect(fileUrlsOf(withFile.body.data)).toHaveLength(1);
          const kept = await edit(bare._id, body(validFields(resource)));
          expect(fileUrlsOf(kept.body.data)).toEqual(fileUrlsOf(withFile.body.data));
        }
      });
    }
    it('guards its writes: 401 without a session, 403 on another account, before storing anything', async () => {
      const record = await addValid();
      const before = await state();
      const valid = () => body(validFields(resource, 1), file && png());
      // Every credential on every operation is auth/authorisation.test.ts's; here, each write once.
      expect((await add(valid(), { token: '' })).body).toEqual({ message: expect.stringMatching(/log in/i) });
      expect((await add(valid(), { token: 'forged' })).status).toBe(401);
      expect((await edit(record._id, valid(), { token: '' })).status).toBe(401);
      if (routes.delete) expect((await remove(record._id, { token: '' })).status).toBe(401);
      for (const userId of [OTHER_USER, 'garbage']) {
        expectRefused(await add(valid(), { userId }), 403, OWN_ACCOUNT);
        expectRefused(await edit(record._id, valid(), { userId }), 403, OWN_ACCOUNT);
        if (routes.delete) expectRefused(await remove(record._id, { userId }), 403, OWN_ACCOUNT);
      }
      expect(await state()).toEqual(before);
    });
    it(`lets a Manager ${written ? 'change nothing' : 'edit'} and a Guest User change nothing`, async () => {
      const record = await addValid();
      const valid = () => body(validFields(resource, 1), file && png());
      const refusals: [SignedInMember, string][] = [[members['Guest User'], GUEST]];
      if (written) refusals.push([members.Manager, written]);
      const before = await state();
      for (const [member, message] of refusals) {
        const as = { token: member.token, userId: member.id };
        expectRefused(await add(valid(), as), 403, message);
        expectRefused(await edit(record._id, valid(), as), 403, message);
        if (routes.delete) expectRefused(await remove(record._id, as), 403, message);
      }
      expect(await state()).toEqual(before);
      // Every operation for every role is auth/roles.test.ts's; here, the words, and a Manager's write.
      if (!written) {
        const as = { token: members.Manager.token, userId: members.Manager.id };
        expect((await edit(record._id, valid(), as)).status).toBe(200);
      }
    });
    if (routes.delete) {
      it(`deletes a record to the trash: "${messages.deleted}"; a restore brings it back as it was`, async () => {
        const record = await addValid('To the trash');
        const [url] = fileUrlsOf(record);
        const res = await remove(record._id);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: messages.deleted });
        const entry = res.headers.get('trash-entry')!;
        expect(entry).toMatch(/^[0-9a-f]{24}$/);
        expect((await listed()).map((one) => one._id)).not.toContain(record._id);
        if (routes.single) expect((await single(record._id)).status).toBe(404);
        expect(await remove(record._id)).toMatchObject({ status: 404, body: { message: messages.notFound } });
        // The file stays with its record in the trash.
        if (url) expect(await server.storedUploads()).toContain(fileName(url));

        const trashed = (await server.call('GET', '/api/v1/trash', { token })).body.data as Fields[];
        expect(trashed.find((one) => one._id === entry)).toMatchObject({
          kind: resource.activity.kind,
          title: 'To the trash',
          records: 1,
        });
        const restored = await server.call('POST', `/api/v1/trash/${entry}/restore`, { token });
        expect(restored.status).toBe(200);
        // The trash speaks of the kind of record, as its list does ('Live stream restored successfully').
        const { kind } = resource.activity;
        expect(restored.body.message).toBe(`${kind.charAt(0).toUpperCase()}${kind.slice(1)} restored successfully`);
        expect((await listed()).find((one) => one._id === record._id)).toEqual(record);
        if (url) expect((await fetch(url)).status).toBe(200);

        // Deleted for good: the file goes with the entry.
        const again = (await remove(record._id)).headers.get('trash-entry')!;
        expect((await server.call('DELETE', `/api/v1/trash/${again}`, { token })).status).toBe(200);
        if (url) expect(await server.storedUploads()).not.toContain(fileName(url));
      });
    }
    it('writes one activity line for each add, edit and delete, naming the record', async () => {
      const { kind } = resource.activity;
      const before = (await activityOf(server, token, kind, 0)).length;
      const record = await addValid('Active');
      await edit(record._id, body({ ...validFields(resource), [nameField(resource)]: 'Active, renamed' }));
      if (routes.delete) await remove(record._id);
      const writes = routes.delete ? 3 : 2;
      const lines = (await activityOf(server, token, kind, before + writes)).slice(0, writes);
      expect(lines.map((line) => [line.summary, line.recordId])).toEqual([
        ...(routes.delete ? [[`Deleted ${kind} “Active, renamed”`, record._id]] : []),
        [`Edited ${kind} “Active, renamed”`, record._id],
        [`Added ${kind} “Active”`, record._id],
      ]);
    });
    if (resource.history) {
      it('keeps the version an edit replaced, which a restore brings back', async () => {
        const record = await addValid('Kept');
        const versions = `/api/v1/${resource.history}/${record._id}/versions`;
        expect((await server.call('GET', versions, { token })).body.data).toEqual([]);
        const edited = await edit(record._id, body(changed(), file && png(OTHER_PNG)));
        expect(edited.status).toBe(200);
        const kept = await server.call('GET', versions, { token });
        expect(kept.body.message).toBe('Versions fetched successfully');
        expect(kept.body.data).toEqual([
          { id: expect.any(String), savedAt: expect.any(String), savedBy: { id: admin, name: expect.any(String) } },
        ]);
        const version = await server.call('GET', `${versions}/${kept.body.data[0].id}`, { token });
        expect(version.body.data.fields).toEqual(record);
        const restored = await server.call('POST', `${versions}/${kept.body.data[0].id}/restore/${admin}`, { token });
        expect(restored.status).toBe(200);
        expect(restored.body).toEqual({ message: 'Version restored successfully', data: record });
        expect((await listed()).find((one) => one._id === record._id)).toEqual(record);
        expect((await server.call('GET', versions, { token })).body.data).toHaveLength(2);
      });
    }
    const { unique } = resource;
    if (unique) {
      it(`keeps its key (${unique.columns.join(', ')}) unique: a 409 in its words on add and edit, also when adds race`, async () => {
        const before = await state();
        const fields = validFields(resource);
        const answers = await Promise.all([1, 2, 3].map(() => add(body(fields, file && png()))));
        expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
        const created = answers.find((answer) => answer.status === 201)!.body.data as Fields;
        const only = resource.only ? { [resource.only.column]: resource.only.value } : {};
        const message = unique.taken({ ...created, ...only } as unknown as StoredRow);
        for (const answer of answers.filter(({ status }) => status === 409)) expect(answer.body).toEqual({ message });
        expect(await listed()).toHaveLength(before.listed.length + 1);

        const other = await addValid();
        const keyOf = Object.fromEntries(
          unique.columns.filter((column) => column in fields).map((column) => [column, fields[column]]),
        );
        expectRefused(await edit(other._id, body({ ...validFields(resource), ...keyOf })), 409, message);
        expect((await listed()).find((one) => one._id === other._id)).toEqual(other);
      });
    }

    it('answers a retried add with its first answer, adding once', async () => {
      const before = await state();
      const headers = { 'idempotency-key': `resources-${resource.table}-${Date.now()}` };
      const fields = validFields(resource);
      const send = () => add({ ...body(fields, file && png()), headers });
      const first = await send();
      expect(first.status).toBe(201);
      const again = await send();
      expect({ status: again.status, text: again.text }).toEqual({ status: first.status, text: first.text });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await listed()).toHaveLength(before.listed.length + 1);
      expect(await server.storedUploads()).toHaveLength(before.uploads.length + (file ? 1 : 0));
    });
  });
});

describe.each(engines())('every public list on %s, written by another process', (_engine, engine) => {
  let server: TestServer;
  let token: string;
  // Checks the change counter on every read: a write this server's cache never saw is noticed.
  beforeAll(async () => {
    server = await startServer(engine, { listCacheCheckMs: 0 });
    token = await server.login();
  });
  afterAll(() => server.close());

  const many = RESOURCES.filter((resource) => !holdsOne(resource));
  it.each(many.map((resource) => [resource.noun, resource] as const))('%s', async (_noun, resource) => {
    const { file, routes } = resource;
    const fields = validFields(resource);
    const add = await server.call('POST', `/api/v1${routes.add.url.replace(':userId', server.admin._id)}`, {
      token,
      ...(file ? { form: multipartForm(fields as Record<string, string>, { [file.field]: png() }) } : { json: fields }),
    });
    expect(add.status).toBe(201);
    const listUrl = listPath(resource, routes.list.urls[0]!);
    expect((await server.call('GET', listUrl)).body.data).toContainEqual(add.body.data);
    // Another process: the same database, through the resource's queries, not this server's cache.
    const written = { ...fields, [nameField(resource)]: 'Written elsewhere' };
    await resourceRepository(resource).update(server.db, server.app.uploads, add.body.data._id, written);
    const listed = (await server.call('GET', listUrl)).body.data as Fields[];
    expect(listed.find((record) => record._id === add.body.data._id)).toEqual({ ...add.body.data, ...written });
  });
});
