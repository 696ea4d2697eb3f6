import { Type } from '@sinclair/typebox';
import { createAdmin } from '../auth/admins';
import { choresOf } from '../chores';
import { addSchemas, Entity } from '../http/contract';
import { FEATURES, registryOf, type Feature } from '../registry';
import { engines, multipartForm, startServer, VALID_REFLECTION, type TestServer } from '../testing/harness';
import { storedState } from '../testing/snapshot';
import { solidPng } from '../uploads/png';
import { HISTORY_MESSAGES, historyRoutes } from './routes';

const PNG = solidPng(8, 8, [180, 40, 40]);
const OTHER_PNG = solidPng(4, 4, [40, 40, 180]);
const png = (content: Buffer) => ({ content, name: 'cover.png', type: 'image/png' });
const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

interface Listed {
  id: string;
  savedAt: string;
  savedBy: { id: string; name: string } | null;
}

describe.each(engines())('history on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  let guest: { id: string; token: string };

  beforeAll(async () => {
    server = await startServer(engine, { listCacheCheckMs: 60_000 });
    token = await server.login();
    admin = server.admin._id;
    const id = await createAdmin(server.db, 'guest@parish.org', 'a guest password', server.config.passwordHashCost, {
      role: 'Guest User',
    });
    const login = await server.call('POST', '/api/v1/admin/login', {
      json: { email: 'guest@parish.org', password: 'a guest password' },
    });
    guest = { id, token: login.body.token as string };
  });
  afterAll(() => server.close());

  const versions = (resource: string, id: string, as = token) =>
    server.call('GET', `/api/v1/${resource}/${id}/versions`, { token: as });
  const version = (resource: string, id: string, versionId: string, as = token) =>
    server.call('GET', `/api/v1/${resource}/${id}/versions/${versionId}`, { token: as });
  const restore = (resource: string, id: string, versionId: string, as = { id: admin, token }) =>
    server.call('POST', `/api/v1/${resource}/${id}/versions/${versionId}/restore/${as.id}`, { token: as.token });
  const listed = async (resource: string, id: string) => {
    const res = await versions(resource, id);
    expect(res.status).toBe(200);
    return res.body.data as Listed[];
  };

  async function addPrayer(title: string, prayer: string) {
    const res = await server.call('POST', `/api/v1/add/prayer/${admin}`, { token, json: { title, prayer } });
    expect(res.status).toBe(201);
    return res.body.data._id as string;
  }
  const editPrayer = (id: string, json: unknown) =>
    server.call('PUT', `/api/v1/edit/prayer/${admin}/${id}`, { token, json });
  const prayers = async () => (await server.call('GET', '/api/v1/get/prayers')).body.data as Record<string, string>[];

  it('keeps the version an edit replaced: listed newest first, with who saved it and when', async () => {
    const id = await addPrayer('Morning', 'First words');
    expect(await listed('prayers', id)).toEqual([]);
    // The activity record is written once the add's answer is sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await editPrayer(id, { title: 'Morning', prayer: 'Second words' })).status).toBe(200);
    expect((await editPrayer(id, { title: 'Morning', prayer: 'Third words' })).status).toBe(200);

    const [newest, oldest] = await listed('prayers', id);
    // The second text was saved by the suite's admin (who made the first edit); the first was added
    // before any edit, and the activity record names who added it.
    expect(newest!.savedBy).toEqual({ id: admin, name: server.admin.email });
    expect(oldest!.savedBy).toEqual({ id: admin, name: server.admin.email });
    expect(Date.parse(newest!.savedAt)).toBeGreaterThanOrEqual(Date.parse(oldest!.savedAt));
    const second = await version('prayers', id, newest!.id);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      message: HISTORY_MESSAGES.fetched,
      data: { id: newest!.id, fields: { _id: id, title: 'Morning', prayer: 'Second words' } },
    });
    expect((await version('prayers', id, oldest!.id)).body.data.fields.prayer).toBe('First words');
  });

  it('restores a version as a new edit: the text is back, the replaced text is a version, Activity says so', async () => {
    const id = await addPrayer('Evening', 'Kept words');
    await prayers(); // the public list is cached now: the restore must refresh it
    await editPrayer(id, { title: 'Evening', prayer: 'Overwritten words' });
    const [kept] = await listed('prayers', id);

    const res = await restore('prayers', id, kept!.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: HISTORY_MESSAGES.restored,
      data: expect.objectContaining({ _id: id, title: 'Evening', prayer: 'Kept words' }),
    });
    expect((await prayers()).find((prayer) => prayer._id === id)?.prayer).toBe('Kept words');

    const after = await listed('prayers', id);
    expect(after).toHaveLength(2);
    expect((await version('prayers', id, after[0]!.id)).body.data.fields.prayer).toBe('Overwritten words');
    // Nothing is rewritten: the restored version stays in the history as it was.
    expect(after[1]!.id).toBe(kept!.id);

    // Activity is written once the answer is sent.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const activity = await server.call('GET', '/api/v1/activity', { token });
    const lines = (activity.body.data as { summary: string; recordId: string }[]).filter(
      (line) => line.recordId === id,
    );
    expect(lines[0]!.summary).toBe('Restored Section A prayer “Evening” to an earlier version');
  });

  it('a failed edit keeps no version', async () => {
    const id = await addPrayer('Noon', 'Words');
    const before = await storedState(server);
    expect((await editPrayer(id, { title: '', prayer: 'Other' })).status).toBe(400);
    expect((await editPrayer(id, { title: 'Noon' })).status).toBe(400);
    expect(await listed('prayers', id)).toEqual([]);
    expect(await storedState(server)).toEqual(before);

    // A reflection's edit refused inside its transaction (another reflection has the date).
    const add = (date: string) =>
      server.call('POST', `/api/v1/add/adult/reflection/${admin}`, { token, json: { ...VALID_REFLECTION, date } });
    const first = (await add('2026-03-01')).body.data._id as string;
    await add('2026-03-02');
    const taken = await server.call('PUT', `/api/v1/edit/adult/reflection/${admin}/${first}`, {
      token,
      json: { ...VALID_REFLECTION, date: '2026-03-02' },
    });
    expect(taken.status).toBe(409);
    expect(await listed('adult-reflections', first)).toEqual([]);
  });

  it("a kept version keeps its picture through the uploads' sweep until it is pruned", async () => {
    const added = await server.call('POST', `/api/v1/add/book/${admin}`, {
      token,
      form: multipartForm(
        { bookName: 'Confessions', bookLink: 'https://example.org/c', category: 'Devotional' },
        { bookImage: png(PNG) },
      ),
    });
    expect(added.status).toBe(201);
    const { _id: id, bookImage } = added.body.data as { _id: string; bookImage: string };
    const oldCover = fileName(bookImage);
    const edited = await server.call('POST', `/api/v1/edit/book/${admin}/${id}`, {
      token,
      form: multipartForm(
        { bookName: 'Confessions (new)', bookLink: 'https://example.org/c', category: 'Devotional' },
        { bookImage: png(OTHER_PNG) },
      ),
    });
    expect(edited.status).toBe(200);
    const newCover = fileName(edited.body.data.bookImage as string);
    const sweep = () => server.app.uploads.sweepOrphans(server.app.referencedUploads, new Date(Date.now() + 60_000));
    await sweep();
    expect(await server.storedUploads()).toEqual(expect.arrayContaining([oldCover, newCover]));

    // The version answers its own cover, and a restore brings it back as the book's.
    const [kept] = await listed('books', id);
    expect(fileName((await version('books', id, kept!.id)).body.data.fields.bookImage as string)).toBe(oldCover);
    const restored = await restore('books', id, kept!.id);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ bookName: 'Confessions' });
    expect(fileName(restored.body.data.bookImage as string)).toBe(oldCover);
    const cover = await server.call('GET', `/uploads/${oldCover}`);
    expect(cover.status).toBe(200);

    // Once every version that shows the new cover is pruned, the sweep deletes it.
    await server.db.kysely.updateTable('recordVersions').set({ replacedAt: '2000-01-01T00:00:00.000Z' }).execute();
    await choresOf(server.app)(true);
    await sweep();
    const stored = await server.storedUploads();
    expect(stored).toContain(oldCover);
    expect(stored).not.toContain(newCover);
  });

  it("a reflection's editor image stays while a kept version shows it", async () => {
    const form = multipartForm({}, { image: png(PNG) });
    const upload = await server.call('POST', `/api/v1/upload/reflection/image/${admin}`, { token, form });
    expect(upload.status).toBe(201);
    const url = upload.body.data.url as string;
    const added = await server.call('POST', `/api/v1/add/children/reflection/${admin}`, {
      token,
      json: { ...VALID_REFLECTION, date: '2026-04-01', reflection: `<p>Look</p><p><img src="${url}"></p>` },
    });
    const id = added.body.data._id as string;
    const withPicture = added.body.data.reflection as string;
    expect(withPicture).toContain(url);
    const edited = await server.call('PUT', `/api/v1/edit/children/reflection/${admin}/${id}`, {
      token,
      json: { ...VALID_REFLECTION, date: '2026-04-01', reflection: '<p>No picture now</p>' },
    });
    expect(edited.status).toBe(200);
    expect(await server.storedUploads()).toContain(fileName(url));

    const [kept] = await listed('children-reflections', id);
    const restored = await restore('children-reflections', id, kept!.id);
    expect(restored.status).toBe(200);
    expect(restored.body.data.reflection).toBe(withPicture);
  });

  it('prunes the versions replaced more than HISTORY_KEEP_DAYS ago, and keeps the others', async () => {
    const id = await addPrayer('Night', 'One');
    await editPrayer(id, { title: 'Night', prayer: 'Two' });
    await editPrayer(id, { title: 'Night', prayer: 'Three' });
    const [recent, old] = await listed('prayers', id);
    const longAgo = new Date(Date.now() - (server.config.historyKeepDays + 1) * 86_400_000).toISOString();
    await server.db.kysely
      .updateTable('recordVersions')
      .set({ replacedAt: longAgo })
      .where('_id', '=', old!.id)
      .execute();
    await choresOf(server.app)(true);
    expect((await listed('prayers', id)).map((entry) => entry.id)).toEqual([recent!.id]);
  });

  it('restores About Us and a Bible reading, and a reflection by audience', async () => {
    const about = await server.call('POST', `/api/v1/post/about/${admin}`, { token, json: { text: 'Founded 1901' } });
    const aboutId = about.body.data._id as string;
    await server.call('PUT', `/api/v1/edit/about/${admin}/${aboutId}`, { token, json: { text: 'Founded 1902' } });
    const [aboutVersion] = await listed('about', aboutId);
    expect((await restore('about', aboutId, aboutVersion!.id)).body.data.text).toBe('Founded 1901');
    expect((await server.call('GET', '/api/v1/about')).body.data[0].text).toBe('Founded 1901');

    const reading = { day: 12, week: 2, date: '2026-01-12', passage: 'Gen 12' };
    const added = await server.call('POST', `/api/v1/add/reading/${admin}`, { token, json: reading });
    const readingId = added.body.data._id as string;
    await server.call('PUT', `/api/v1/edit/reading/${admin}/${readingId}`, {
      token,
      json: { ...reading, passage: 'Gen 13' },
    });
    const [readingVersion] = await listed('readings', readingId);
    expect((await restore('readings', readingId, readingVersion!.id)).body.data).toMatchObject(reading);
    expect((await server.call('GET', '/api/v1/weekly/reading/2')).body.data[0].passage).toBe('Gen 12');

    // An adult reflection's history is not the children's.
    const adult = await server.call('POST', `/api/v1/add/adult/reflection/${admin}`, {
      token,
      json: { ...VALID_REFLECTION, date: '2026-05-01' },
    });
    expect((await versions('children-reflections', adult.body.data._id as string)).status).toBe(404);
  });

  it('answers 404 in words, and changes nothing, for a version that is not this record’s', async () => {
    const id = await addPrayer('Vespers', 'A');
    const other = await addPrayer('Compline', 'B');
    await editPrayer(other, { title: 'Compline', prayer: 'C' });
    const [othersVersion] = await listed('prayers', other);
    const before = await storedState(server);

    for (const res of [
      await version('prayers', id, othersVersion!.id),
      await restore('prayers', id, othersVersion!.id),
      await restore('prayers', id, '0123456789abcdef01234567'),
      await restore('prayers', id, 'not-an-id'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: HISTORY_MESSAGES.versionNotFound });
    }
    expect((await versions('prayers', '0123456789abcdef01234567')).body).toEqual({ message: 'Prayer not found' });
    expect((await restore('books', '0123456789abcdef01234567', othersVersion!.id)).body).toEqual({
      message: 'Book not found',
    });
    // A record without history has no such call.
    const none = await server.call('GET', `/api/v1/donations/${id}/versions`, { token });
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: `There is no API call GET /api/v1/donations/${id}/versions` });
    expect(await storedState(server)).toEqual(before);
  });

  it('a Guest User reads the history but cannot restore (403); no session reads nothing (401)', async () => {
    const id = await addPrayer('Lauds', 'Old');
    await editPrayer(id, { title: 'Lauds', prayer: 'New' });
    const [kept] = await listed('prayers', id);
    expect((await versions('prayers', id, guest.token)).body.data).toHaveLength(1);
    expect((await version('prayers', id, kept!.id, guest.token)).body.data.fields.prayer).toBe('Old');
    const refused = await restore('prayers', id, kept!.id, guest);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'A Guest User can look at everything but change nothing' });
    expect((await prayers()).find((prayer) => prayer._id === id)?.prayer).toBe('New');
    expect((await server.call('GET', `/api/v1/prayers/${id}/versions`)).status).toBe(401);
  });
});

describe('a history the routes serve', () => {
  const Note = Entity('HistoryNote', { _id: Type.String() });
  // A feature whose routes serve the history `notes`, declaring the histories it is given.
  const notes = (history: string[]): Feature => ({
    name: 'notes',
    history,
    routes: [
      async (api) => {
        addSchemas(api, Note);
        historyRoutes<{ _id: string }>(api, {
          resource: 'notes',
          kind: 'book',
          tag: 'notes',
          entity: Note,
          notFound: 'Note not found',
          find: async () => undefined,
          toApi: (row) => row,
          restore: async (_id, row) => row,
        });
      },
    ],
  });
  const start = (feature: Feature) =>
    startServer({ engine: 'sqlite' }, {}, undefined, { registry: registryOf([...FEATURES, feature]) });

  it('must be one a feature declares, or the server does not start', async () => {
    // A server that starts all the same is closed, so that the failing test leaves nothing running.
    const refused = await start(notes([])).then(
      (server) => server.close(),
      (error: Error) => error.message,
    );
    expect(refused).toBe('GET /api/v1/notes/:id/versions serves the history "notes", which no feature declares');
    const server = await start(notes(['notes']));
    try {
      const token = await server.login();
      const res = await server.call('GET', '/api/v1/notes/0123456789abcdef01234567/versions', { token });
      expect(res.body).toEqual({ message: 'Note not found' });
    } finally {
      await server.close();
    }
  });
});
