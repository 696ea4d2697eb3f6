import { declaredActivity, type ActivityKind } from '../activity/record';
import { solidPng } from '../uploads/png';
import { multipartForm, VALID_REFLECTION, type CallOptions, type FileSpec, type TestServer } from './harness';
import type { Operation } from './openapi';

// One valid record of each kind the API stores, for the suites that need real records to name: the
// authorisation suite seeds one of each, the role table adds, edits and deletes them.

export const PICTURE: FileSpec = { content: solidPng(4, 4, [200, 30, 30]), name: 'picture.png', type: 'image/png' };

/** The kind of record a route speaks of: what its write records in Settings → Activity. */
export type RecordKind = ActivityKind;

/** What each write route of the server records, as the routes declare it (`config.activity`). */
function declared(server: TestServer) {
  const routes = declaredActivity.get(server.app);
  if (!routes) throw new Error('the server records no activity');
  return routes;
}

/** The kind of record an operation of the OpenAPI document writes, as its route declares; undefined for a read. */
export function kindOf(server: TestServer, operation: Pick<Operation, 'method' | 'path'>): RecordKind | undefined {
  return declared(server).get(`${operation.method} ${operation.path.replace(/\{(\w+)\}/g, ':$1')}`)?.kind;
}

/** The fields of a valid record, as its add and edit take them (a form's picture under `file`). */
const VALID: Partial<Record<RecordKind, { json: object } | { fields: Record<string, string>; file: string }>> = {
  book: {
    fields: { bookName: 'Confessions', bookLink: 'https://example.org/c', category: 'Devotional' },
    file: 'bookImage',
  },
  group: {
    fields: { groupName: 'Choir', groupLink: 'https://example.org/g', groupDescription: 'Sings' },
    file: 'groupImage',
  },
  donation: { fields: { donationName: 'Roof', donationDescription: 'Tiles' }, file: 'file' },
  'live stream': {
    fields: { name: 'Vigil', streamingLink: 'https://example.org/live', category: 'Live Events' },
    file: 'file',
  },
  'bank account': {
    json: { bankName: 'First', bankAccountNumber: '001', bankAccountHolderName: 'Parish', currency: 'NGN' },
  },
  'Section A prayer': { json: { title: 'Angelus', prayer: 'The angel of the Lord' } },
  'regular Mass': { json: { weekday: 'Sunday', time: '10:30', place: 'Main church' } },
  Mass: { json: { date: '2099-12-24', time: '23:30', place: 'Main church', title: 'Midnight Mass' } },
  'About Us': { json: { text: '<p>About us</p>' } },
  'Bible reading': { json: { day: 5, week: 1, date: '2026-01-05', passage: 'Gen 5' } },
  'adult reflection': { json: { ...VALID_REFLECTION, date: '2026-02-01' } },
  'children reflection': { json: { ...VALID_REFLECTION, date: '2026-02-02' } },
};

/** A valid add (with its picture) or edit (which keeps the stored one) of a kind; undefined: none here. */
export function validRecord(
  kind: RecordKind | undefined,
  { withPicture }: { withPicture: boolean },
): CallOptions | undefined {
  const valid = kind && VALID[kind];
  if (!valid) return undefined;
  if ('json' in valid) return { json: valid.json };
  return { form: multipartForm(valid.fields, withPicture ? { [valid.file]: PICTURE } : {}) };
}

/** Adds one record of every kind through the API (a prayer request as the mobile app sends it): their ids. */
export async function seedOneOfEach(server: TestServer, token: string): Promise<Partial<Record<RecordKind, string>>> {
  const idOf = async (answer: Promise<{ status: number; body: { data?: { _id?: string } } }>) => {
    const { status, body } = await answer;
    if (status !== 201) throw new Error(`seeding answered ${status}: ${JSON.stringify(body)}`);
    return body.data!._id!;
  };
  const ids: Partial<Record<RecordKind, string>> = {
    'prayer request': await idOf(server.call('POST', '/api/v1/prayer/request', { json: { request: 'For rain' } })),
  };
  // Each kind's add: the POST route that records "Added <kind>" (the resources' and the others' alike).
  for (const [route, { kind, done }] of declared(server)) {
    const [method, url] = route.split(' ') as [string, string];
    if (method !== 'POST' || done !== 'Added' || !VALID[kind] || ids[kind]) continue;
    const path = url.replace(':userId', server.admin._id);
    ids[kind] = await idOf(server.call('POST', path, { token, ...validRecord(kind, { withPicture: true }) }));
  }
  const missing = Object.keys(VALID).filter((kind) => !ids[kind as RecordKind]);
  if (missing.length > 0) throw new Error(`no route records adding a ${missing.join(', ')}`);
  return ids;
}
