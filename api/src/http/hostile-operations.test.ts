import fc from 'fast-check';
import { CURRENCY_FORMAT } from '../http/contract';
import { engines, multipartForm, startServer, type CallOptions, type TestServer } from '../testing/harness';
import { operationsOf, pathWith, type Operation, type SchemaObject } from '../testing/openapi';
import { storedState } from '../testing/snapshot';
import { solidPng } from '../uploads/png';

// Property: whatever a client sends to any operation of the OpenAPI document — malformed JSON, wrong
// types, huge or control-character texts, extra fields, bad ids, broken multipart — the server never
// answers 5xx, and a refused call (4xx) changes nothing stored, rows or files.
// Deterministic: a fixed seed and case count (fast-check prints both, and the failing case, on failure).

const SEED = Number(process.env.PROPERTY_SEED ?? 20261125);
const RUNS = Number(process.env.PROPERTY_RUNS ?? 500);

jest.setTimeout(180_000);

const controlText = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '\u000b'), fc.string())
  .map(([a, c, b]) => `${a}${c}${b}`);
const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  controlText,
  fc.constantFrom(
    '',
    '   ',
    '<img src=x onerror=alert(1)>',
    '"><script>alert(1)</script>',
    'javascript:alert(1)',
    'https:alert(1)',
    '../../etc/passwd',
    "' or 1=1 --",
    '\uD800',
    '0x10',
    '1e1',
    '{"$gt":""}',
  ),
  fc.nat({ max: 300_000 }).map((length) => 'x'.repeat(length)),
);
/** Ids: mostly of records that exist (seeded before the run), else random, malformed or hostile. */
const idLike = (existing: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...existing) },
    { weight: 1, arbitrary: fc.stringMatching(/^[0-9a-f]{24}$/) },
    { weight: 1, arbitrary: hostileText.filter((text) => text.length < 2000) },
    { weight: 1, arbitrary: fc.constantFrom('not-a-hex-id', '%00', '..', '0'.repeat(200)) },
  );
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, 12345, -1, 1e308, [], ['x'], {}),
  hostileText,
);

/** A value the field accepts, so that a case's one mutation is what the server meets. */
function validValue(name: string, schema: SchemaObject): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer' || schema.type === 'number') return 1;
  if (schema.type === 'array') return [];
  if (schema.format === 'http-url') return 'https://example.org/page';
  if (schema.format === CURRENCY_FORMAT) return 'NGN';
  if (schema.format === 'email' || name === 'email') return 'ada@example.com';
  if (schema.format === 'date' || name === 'date') return '2026-03-01';
  if (name === 'time') return '10:30';
  return 'Some text';
}

/** The schema's fields with values it accepts (file fields left to the form). */
function validFields(schema: SchemaObject): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([, field]) => field.format !== 'binary' && !field.anyOf)
      .map(([name, field]) => [name, validValue(name, field)]),
  );
}

/** Up to two changes to a valid body: a field made hostile or of another type, dropped, or added. */
function mutations(schema: SchemaObject) {
  const fields = Object.keys(schema.properties ?? {});
  return fc.array(
    fc.record({
      field: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...(fields.length ? fields : ['x'])) },
        { weight: 1, arbitrary: fc.constantFrom('_id', 'id', 'nosuchcolumn', '__proto__', 'createdAt') },
      ),
      value: fc.oneof(
        { weight: 3, arbitrary: controlText },
        { weight: 3, arbitrary: hostileText },
        { weight: 2, arbitrary: anyJson },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    }),
    { maxLength: 2, size: 'xsmall' },
  );
}

function mutated(base: Record<string, unknown>, changes: { field: string; value: unknown }[]) {
  const body: Record<string, unknown> = { ...base };
  for (const { field, value } of changes) {
    if (value === undefined) delete body[field];
    else Object.defineProperty(body, field, { value, enumerable: true, configurable: true, writable: true });
  }
  return body;
}

/** An object shaped like the schema, valid but for a few hostile changes. */
function bodyLike(schema: SchemaObject): fc.Arbitrary<unknown> {
  return mutations(schema).map((changes) => mutated(validFields(schema), changes));
}

/** What goes in the request: a JSON value, raw bytes, or a multipart form. */
function requestBody(operation: Operation): fc.Arbitrary<CallOptions> {
  // fetch sends no body with a GET (the slow-client suite sends one over a raw socket).
  if (operation.method === 'GET' || operation.method === 'HEAD') return fc.constant({});
  const raw = fc.oneof(
    fc.constantFrom('{', '{"a":', 'null', '[]', '"text"', '\u0000', '{"request": "x"}}'),
    fc.string(),
  );
  const rawAs = (type: string) => raw.map((body) => ({ body, headers: { 'content-type': type } }));
  const json = fc.oneof(
    { weight: 3, arbitrary: bodyLike(operation.body?.schema ?? {}).map((json) => ({ json })) },
    { weight: 1, arbitrary: anyJson.map((json) => ({ json })) },
    { weight: 1, arbitrary: rawAs('application/json') },
  );
  const fileContent = fc.oneof(
    fc.constant(solidPng(4, 4, [1, 2, 3])),
    fc.uint8Array({ maxLength: 600 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(
      Buffer.alloc(0),
      Buffer.from('<svg onload="alert(1)"/>'),
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.concat([solidPng(2, 2, [9, 9, 9]), Buffer.from('<script>alert(1)</script>')]),
    ),
  );
  const files = Object.entries(operation.body?.schema.properties ?? {})
    .filter(([, field]) => field.format === 'binary' || field.anyOf)
    .map(([name]) => name);
  const form = fc
    .tuple(
      mutations(operation.body?.schema ?? {}),
      fc.array(
        fc.record({
          field: fc.oneof(fc.constantFrom(...(files.length ? files : ['file'])), fc.string()),
          name: fc.oneof(fc.constantFrom('a.png', '../../x.png', 'a.svg', 'a.html', '', 'a\u0000.png'), fc.string()),
          type: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
          content: fileContent,
        }),
        { minLength: files.length ? 1 : 0, maxLength: 3 },
      ),
    )
    .map(([changes, parts]) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(mutated(validFields(operation.body?.schema ?? {}), changes))) {
        data.append(name, typeof value === 'string' ? value.slice(0, 70_000) : (JSON.stringify(value) ?? ''));
      }
      for (const file of parts) {
        data.append(file.field, new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
      }
      return { form: data } as CallOptions;
    });
  const brokenForm = fc.constantFrom(
    {
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    },
    { body: 'no boundary at all', headers: { 'content-type': 'multipart/form-data' } },
    { body: '--y\r\n\r\n--y--', headers: { 'content-type': 'multipart/form-data; boundary=x' } },
  );
  if (operation.body?.kind === 'multipart') return fc.oneof(form, form, brokenForm, json);
  if (operation.body?.kind === 'json') return fc.oneof(json, json, json, form);
  return fc.oneof(fc.constant({}), json);
}

describe.each(engines())('every operation under hostile input on %s', (_name, engine) => {
  let server: TestServer;
  let operations: Operation[];
  let token: string;
  /** Ids of a record of every kind, so that edits and deletes meet real records. */
  const existing: string[] = [];
  beforeAll(async () => {
    server = await startServer(engine, { uploadMaxImageBytes: 4096, uploadMaxFileBytes: 8192 });
    operations = await operationsOf(server);
    token = await server.login();
    const picture = solidPng(4, 4, [1, 2, 3]);
    for (const operation of operations) {
      if (
        operation.method !== 'POST' ||
        !operation.body ||
        // Not a record's add: the release calls and the deploy tokens name a remote with releases (this
        // server has none), a client report names a release in rollout, a forgotten password or a mail
        // sent again makes no record, and a backup's restore names a backup; the random cases below walk
        // them all the same.
        /edit|delete|import|login|upload|set-password|forgot-password|two-factor|releases|deploy-tokens|client-reports|mail\/|backups/.test(
          operation.path,
        )
      )
        continue;
      const path = pathWith(operation, { userId: server.admin._id });
      const fields = validFields(operation.body.schema);
      const files = Object.entries(operation.body.schema.properties ?? {}).filter(
        ([, field]) => field.format === 'binary',
      );
      const request: CallOptions =
        operation.body.kind === 'json'
          ? { json: fields }
          : {
              form: multipartForm(
                Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])),
                Object.fromEntries(
                  files.map(([name]) => [name, { content: picture, name: 'p.png', type: 'image/png' }]),
                ),
              ),
            };
      const res = await server.call('POST', path, { ...request, token });
      if (res.status !== 201) throw new Error(`seeding ${operation.path} failed: ${res.status} ${res.text}`);
      existing.push((res.body as { data: { _id: string } }).data._id);
    }
    expect(existing.length).toBeGreaterThan(8);
  });
  afterAll(() => server.close());

  it(`never answers 5xx, and a refused call changes nothing (one case an operation, then ${RUNS} random, seed ${SEED})`, async () => {
    // Operations that take a body are picked three times as often: there is more to get wrong.
    const operation = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...operations.filter((candidate) => candidate.body)) },
      { weight: 1, arbitrary: fc.constantFrom(...operations.filter((candidate) => !candidate.body)) },
    );
    const casesFor = (operation: Operation) =>
      fc.record({
        operation: fc.constant(operation),
        parameters: fc.record(Object.fromEntries(operation.parameters.map((name) => [name, idLike(existing)]))),
        // Mostly the signed-in account's own path, so that the case reaches the route's checks.
        ownAccount: fc.nat({ max: 9 }).map((n) => n < 8),
        request: requestBody(operation),
        // The paged lists' ?page=&limit=&q=, and names no route takes, with hostile values.
        query: fc.option(
          fc.dictionary(
            fc.constantFrom('page', 'limit', 'q', 'sort', '_id'),
            hostileText.filter((text) => text.length < 3000),
            { maxKeys: 3 },
          ),
          { freq: 3 },
        ),
      });
    const cases = operation.chain(casesFor);
    // Every operation first, once each (fast-check's examples), then the random cases.
    type Case = ReturnType<typeof casesFor> extends fc.Arbitrary<infer T> ? T : never;
    const everyOperationOnce: [Case][] = operations.map((operation, index) => [
      fc.sample(casesFor(operation), { seed: SEED + index, numRuns: 1 })[0]!,
    ]);
    const exercised = new Set<string>();
    // What is stored once the last case ended: only the calls, and the set-up after one, change it. One
    // fingerprint a case, taken after it, is the next case's `before`.
    let stored = await storedState(server);
    await fc.assert(
      fc.asyncProperty(cases, async ({ operation, parameters, ownAccount, request, query }) => {
        if (ownAccount && 'userId' in parameters) parameters.userId = server.admin._id;
        exercised.add(`${operation.method} ${operation.path}`);
        const before = stored;
        const search = query ? `?${new URLSearchParams(query).toString()}` : '';
        const res = await server.call(operation.method, `${pathWith(operation, parameters)}${search}`, {
          ...request,
          token,
        });
        if (res.status >= 500)
          throw new Error(`${operation.method} ${operation.path} answered ${res.status}: ${res.text}`);
        stored = await storedState(server);
        if (res.status >= 400 && stored !== before) {
          throw new Error(
            `${operation.method} ${operation.path} refused with ${res.status} but changed what is stored`,
          );
        }
        // A profile saved with another email: back to the suite's, which its sign-ins use.
        if (operation.method === 'PUT' && operation.path === '/api/v1/account' && res.status === 200) {
          await server.call('PUT', '/api/v1/account', { token, json: { email: server.admin.email } });
          stored = await storedState(server);
        }
        // Signing out is one of the operations: sign in again for the next case.
        if (operation.path === '/api/v1/auth/logout' && res.status === 200) {
          token = await server.login();
          stored = await storedState(server);
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true, examples: everyOperationOnce },
    );
    // Every operation met hostile input at least once in this run.
    const missed = operations
      .map((operation) => `${operation.method} ${operation.path}`)
      .filter((name) => !exercised.has(name));
    expect(missed).toEqual([]);
  });
});
