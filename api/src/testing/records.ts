import { solidPng } from '../uploads/png';
import { multipartForm, VALID_REFLECTION, type CallOptions, type FileSpec, type TestServer } from './harness';

// One valid record of each kind the API stores, for the suites that need real records to name: the
// authorisation suite seeds one of each, the role table adds, edits and deletes them.

export const PICTURE: FileSpec = { content: solidPng(4, 4, [200, 30, 30]), name: 'picture.png', type: 'image/png' };

/** The kind of record a path speaks of, by its words (most specific first: "prayer/request" before "prayer"). */
const KINDS = [
  ['session', /account\/sessions/],
  ['member', /\/team/],
  ['prayer request', /prayer\/request/],
  ['book', /book/],
  ['group', /group/],
  ['donation', /donation/],
  ['stream', /stream/],
  ['bank account', /\/account\//],
  ['prayer', /prayer/],
  ['about', /about/],
  ['reading', /reading/],
  ['adult reflection', /adult/],
  ['children reflection', /children/],
] as const;
export type RecordKind = (typeof KINDS)[number][0];

export function kindOfPath(path: string): RecordKind | undefined {
  return KINDS.find(([, words]) => words.test(path))?.[0];
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
  stream: {
    fields: { name: 'Vigil', streamingLink: 'https://example.org/live', category: 'Live Events' },
    file: 'file',
  },
  'bank account': {
    json: { bankName: 'First', bankAccountNumber: '001', bankAccountHolderName: 'Parish', currency: 'NGN' },
  },
  prayer: { json: { title: 'Angelus', prayer: 'The angel of the Lord' } },
  about: { json: { text: '<p>About us</p>' } },
  reading: { json: { day: 5, week: 1, date: '2026-01-05', passage: 'Gen 5' } },
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

/** The add of each kind the authorisation suite seeds, by its path (the account's id filled in). */
const ADDS: [RecordKind, (admin: string) => string][] = [
  ['book', (admin) => `/api/v1/add/book/${admin}`],
  ['group', (admin) => `/api/v1/add/group/${admin}`],
  ['donation', (admin) => `/api/v1/add/donation/${admin}`],
  ['stream', (admin) => `/api/v1/add/stream/${admin}`],
  ['bank account', (admin) => `/api/v1/add/account/${admin}`],
  ['prayer', (admin) => `/api/v1/add/prayer/${admin}`],
  ['about', (admin) => `/api/v1/post/about/${admin}`],
  ['reading', (admin) => `/api/v1/add/reading/${admin}`],
  ['adult reflection', (admin) => `/api/v1/add/adult/reflection/${admin}`],
  ['children reflection', (admin) => `/api/v1/add/children/reflection/${admin}`],
];

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
  for (const [kind, path] of ADDS)
    ids[kind] = await idOf(
      server.call('POST', path(server.admin._id), { token, ...validRecord(kind, { withPicture: true }) }),
    );
  return ids;
}
