import { Type } from '@sinclair/typebox';
import type { ActivityKind } from '../activity/record';
import type { Database } from '../db/schema';
import { Entity, Input, RequiredText } from '../http/contract';
import { FEATURES, REGISTRY, registryOf } from '../registry';
import { engines, multipartForm, startServer, type TestServer } from '../testing/harness';
import { solidPng } from '../uploads/png';
import { uploadNameFromUrl } from '../uploads/store';
import { defineResource, type StoredRow } from './definition';
import { resourceFeature } from './feature';

// A resource the server has never heard of, added by its definition alone: its table is made here
// and its feature registered into a registry built for the test. Everything else follows.

interface ScratchNoteRow extends StoredRow {
  title: string;
  picture: string | null;
  createdAt: string;
}

const ScratchNote = Entity('ScratchNote', {
  _id: Type.String(),
  title: Type.String(),
  picture: Type.Union([Type.String({ format: 'uri' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
const ScratchNoteFields = Input('ScratchNoteFields', { title: RequiredText(100) }, { title: 'Title' });

const scratchNotes = defineResource<ScratchNoteRow>({
  // Not a table of the server's schema: the test makes it.
  table: 'scratchNotes' as keyof Database & string,
  entity: ScratchNote,
  fields: ScratchNoteFields,
  addedAt: 'createdAt',
  listed: 'newest first',
  file: {
    field: 'picture',
    column: 'picture',
    kind: 'image',
    words: 'The picture',
    onAdd: 'Optional image',
    onEdit: 'A new image, or the current URL',
    sentAsText: 'The picture must be a picture file',
    foreign: 'The picture must be a picture file or the current picture URL',
  },
  answer: (row, fileUrl) => ({ picture: row.picture ? fileUrl(row.picture) : null }),
  // A hook, as a definition declares one: the test's table keeps titles unique.
  unique: { columns: ['title'], taken: (note) => `A note “${note.title}” exists already` },
  history: 'scratch-notes',
  export: {
    name: 'scratch-notes',
    what: 'scratch notes',
    columns: [
      { header: 'Title', column: 'title', sort: 'text' },
      { header: 'Date Added', column: 'createdAt', as: 'date' },
    ],
    searched: (cell) => [cell('Title')],
  },
  // A kind the closed list of activity/record.ts does not have, as a new resource would add there.
  activity: { kind: 'scratch note' as ActivityKind, nameColumn: 'title' },
  routes: {
    list: { urls: ['/all/scratch-notes'] },
    add: { url: '/add/scratch-note/:userId' },
    edit: { method: 'PUT', url: '/edit/scratch-note/:userId/:id' },
    delete: { url: '/scratch-note/:userId/:id' },
  },
});

const picture = (rgb: [number, number, number]) => ({ content: solidPng(6, 6, rgb), name: 'p.png', type: 'image/png' });

describe.each(engines())('a resource added by its definition alone, on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    const registry = registryOf([...FEATURES, resourceFeature(scratchNotes)]);
    server = await startServer(engine, {}, undefined, { registry });
    await server.db.kysely.schema
      .createTable('scratchNotes')
      .addColumn('_id', 'text', (column) => column.primaryKey())
      .addColumn('title', 'text', (column) => column.notNull().unique())
      .addColumn('picture', 'text')
      .addColumn('createdAt', 'text', (column) => column.notNull())
      .addColumn('updatedAt', 'text', (column) => column.notNull())
      .execute();
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  it('is listed, exported, kept in history, and its files are kept by the upload sweep', async () => {
    const added = await server.call('POST', `/api/v1/add/scratch-note/${admin}`, {
      token,
      form: multipartForm({ title: 'First draft' }, { picture: picture([200, 30, 30]) }),
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Scratch note added successfully');
    const id = added.body.data._id as string;
    const first = uploadNameFromUrl(added.body.data.picture as string)!;

    const edited = await server.call('PUT', `/api/v1/edit/scratch-note/${admin}/${id}`, {
      token,
      form: multipartForm({ title: 'Second draft' }, { picture: picture([30, 200, 30]) }),
    });
    expect(edited.status).toBe(200);
    const second = uploadNameFromUrl(edited.body.data.picture as string)!;

    const listed = await server.call('GET', '/api/v1/all/scratch-notes');
    expect(listed.body).toMatchObject({ message: 'Scratch notes fetched successfully' });
    expect(listed.body.data.map((note: { title: string }) => note.title)).toEqual(['Second draft']);

    const exported = await fetch(`${server.url}/api/v1/export/scratch-notes.csv?sort=title`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(exported.status).toBe(200);
    const lines = (await exported.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Title,Date Added');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['Second draft']);

    const versions = await server.call('GET', `/api/v1/scratch-notes/${id}/versions`, { token });
    expect(versions.status).toBe(200);
    expect(versions.body.data).toHaveLength(1);

    // The current picture (the record's column) and the replaced one (its kept version) both stay.
    await server.app.uploads.sweepOrphans(server.app.referencedUploads, new Date(Date.now() + 60_000));
    expect(await server.storedUploads()).toEqual([first, second].sort());
  });

  it("answers a second note of one title with its definition's 409, keeping no file of it", async () => {
    const send = () =>
      server.call('POST', `/api/v1/add/scratch-note/${admin}`, {
        token,
        form: multipartForm({ title: 'Only once' }, { picture: picture([30, 30, 200]) }),
      });
    expect((await send()).status).toBe(201);
    const stored = await server.storedUploads();
    const again = await send();
    expect({ status: again.status, body: again.body }).toEqual({
      status: 409,
      body: { message: 'A note “Only once” exists already' },
    });
    expect(server.pendingUploads()).toEqual([]);
    expect(await server.storedUploads()).toEqual(stored);
  });
});

describe('the registry', () => {
  it("derives from each resource's definition its history, its kind, its export and its file", () => {
    const resources = FEATURES.flatMap((feature) => feature.resources ?? []);
    // The hand-written ones moved onto definitions are among them.
    expect(resources.map((resource) => resource.table)).toEqual(
      expect.arrayContaining(['about', 'readings', 'reflections', 'books']),
    );
    for (const resource of resources) {
      if (resource.history) expect(REGISTRY.history).toContain(resource.history);
      expect(REGISTRY.kinds.has(resource.activity.kind)).toBe(true);
      if (resource.export) expect(REGISTRY.exports.map(({ name }) => name)).toContain(resource.export.name);
      if (resource.file) expect(REGISTRY.files).toContainEqual({ table: resource.table, column: resource.file.column });
    }
  });

  it('refuses two histories or exports of one name, and a kind no feature records', () => {
    const twice = resourceFeature(scratchNotes);
    expect(() => registryOf([...FEATURES, twice, twice])).toThrow('Two features declare the history scratch-notes');
    const withoutTrash = FEATURES.filter((feature) => feature.name !== 'trash');
    expect(() => registryOf(withoutTrash)).toThrow('No feature records the activity kind(s) trash');
  });
});
