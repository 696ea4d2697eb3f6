import fc from 'fast-check';
import { choresOf } from '../chores';
import { timestamp } from '../db/ids';
import { sweepEditorImages } from '../reflections/repository';
import { engines, multipartForm, startServer, VALID_REFLECTION, type TestServer } from '../testing/harness';
import { signedInMembers, type SignedInMember, type TeamRole } from '../testing/members';
import { solidPng } from '../uploads/png';

const PNG = solidPng(6, 6, [20, 120, 60]);
const cover = { content: PNG, name: 'cover.png', type: 'image/png' };
const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const NOT_IN_TRASH = 'That is no longer in the trash: it was restored, deleted for good, or the trash was emptied';

describe.each(engines())('the trash on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  let members: Record<TeamRole, SignedInMember>;

  // A long check interval: only what the writes themselves invalidate can refresh a public list.
  beforeAll(async () => {
    server = await startServer(engine, { listCacheCheckMs: 60_000 });
    token = await server.login();
    admin = server.admin._id;
    members = await signedInMembers(server);
  });
  afterAll(() => server.close());

  const trash = (as = token) => server.call('GET', '/api/v1/trash', { token: as });
  const restore = (id: string, as = token) => server.call('POST', `/api/v1/trash/${id}/restore`, { token: as });
  const addBook = async (bookName: string) => {
    const fields = { bookName, bookLink: 'https://example.org/b', category: 'Devotional' };
    const res = await server.call('POST', `/api/v1/add/book/${admin}`, {
      token,
      form: multipartForm(fields, { bookImage: cover }),
    });
    expect(res.status).toBe(201);
    return res.body.data as { _id: string; bookName: string; bookImage: string; dateAdded: string };
  };
  /** Deletes the book: the trash entry its answer names. */
  const trashBook = async (id: string) =>
    (await server.call('DELETE', `/api/v1/book/${admin}/${id}`, { token })).headers.get('trash-entry')!;
  const books = async () => (await server.call('GET', '/api/v1/all/books')).body.data as { _id: string }[];
  const submit = async (request: string) =>
    (await server.call('POST', '/api/v1/prayer/request', { json: { request } })).body.data._id as string;
  const requests = async () =>
    (await server.call('GET', `/api/v1/prayer/request/${admin}`, { token })).body.data as {
      _id: string;
      createdAt: string;
    }[];

  it('a delete moves the book and its cover to the trash; a restore brings back its id, place and cover', async () => {
    const older = await addBook('Older');
    const book = await addBook('Confessions');
    const newer = await addBook('Newer');
    expect((await books()).map((b) => b._id)).toEqual([newer._id, book._id, older._id]);

    const deleted = await server.call('DELETE', `/api/v1/book/${admin}/${book._id}`, { token });
    // The answer the mobile app and the existing clients know, and the entry to undo it with.
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Book deleted successfully' });
    const entry = deleted.headers.get('trash-entry')!;
    expect(entry).toMatch(/^[0-9a-f]{24}$/);

    // Gone from every list and call, but its cover stays stored while it is in the trash.
    expect((await books()).map((b) => b._id)).toEqual([newer._id, older._id]);
    expect((await server.call('GET', `/api/v1/single/book/${book._id}`)).status).toBe(404);
    expect(await server.storedUploads()).toContain(fileName(book.bookImage));
    await server.app.uploads.sweepOrphans(
      async (names) => server.app.referencedUploads(names),
      new Date(Date.now() + 60_000),
    );
    expect(await server.storedUploads()).toContain(fileName(book.bookImage));
    // Kept, but not served: a deleted record's cover is no longer the public's, until a restore.
    expect((await fetch(book.bookImage)).status).toBe(404);

    const listed = await trash();
    expect(listed.status).toBe(200);
    expect(listed.body.data[0]).toEqual({
      _id: entry,
      kind: 'book',
      title: 'Confessions',
      records: 1,
      deletedBy: server.admin.email,
      deletedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const restored = await restore(entry);
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ message: 'Book restored successfully', data: listed.body.data[0] });
    expect((await books()).map((b) => b._id)).toEqual([newer._id, book._id, older._id]);
    const back = (await server.call('GET', `/api/v1/single/book/${book._id}`)).body.data;
    expect(back).toEqual(book);
    const image = await fetch(back.bookImage);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect((await trash()).body.data.map((e: { _id: string }) => e._id)).not.toContain(entry);

    // The activity record says what was done.
    const activity = (await server.call('GET', '/api/v1/activity?kind=trash', { token })).body.data;
    expect(activity[0].summary).toBe('Restored book “Confessions” from the trash');
  });

  it('an Undo of an entry no longer in the trash is a 404 in words, and changes nothing', async () => {
    const book = await addBook('Twice');
    const entry = await trashBook(book._id);
    expect((await restore(entry)).status).toBe(200);
    const again = await restore(entry);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: NOT_IN_TRASH });
    expect((await restore('not-an-id')).body).toEqual({ message: NOT_IN_TRASH });
    expect((await books()).filter((b) => b._id === book._id)).toHaveLength(1);
  });

  it('Delete All prayer requests is one entry; its restore brings every request back in its place', async () => {
    for (const text of ['For rain', 'For peace', 'For the sick']) await submit(text);
    const before = await requests();
    const deleted = await server.call('DELETE', `/api/v1/all/prayer/request/${admin}`, { token });
    expect(deleted.body).toEqual({ message: 'All prayer requests deleted successfully', data: { deleted: 3 } });
    const entry = deleted.headers.get('trash-entry')!;
    expect(await requests()).toEqual([]);
    expect((await trash()).body.data[0]).toMatchObject({
      _id: entry,
      kind: 'prayer request',
      title: 'All prayer requests',
      records: 3,
    });

    const restored = await restore(entry);
    expect(restored.body.message).toBe('3 prayer requests restored successfully');
    expect(await requests()).toEqual(before);
    // An empty list's Delete All puts nothing in the trash.
    await server.call('DELETE', `/api/v1/all/prayer/request/${admin}`, { token });
    const empty = await server.call('DELETE', `/api/v1/all/prayer/request/${admin}`, { token });
    expect(empty.headers.get('trash-entry')).toBeNull();
  });

  it('a restore whose place was taken since is a 409 in words, and nothing changes', async () => {
    const reading = { day: 5, week: 1, date: '2026-01-05', passage: 'Gen 5' };
    const added = (await server.call('POST', `/api/v1/add/reading/${admin}`, { json: reading, token })).body.data;
    const entry = (await server.call('DELETE', `/api/v1/delete/reading/${admin}/${added._id}`, { token })).headers.get(
      'trash-entry',
    )!;
    const replacement = await server.call('POST', `/api/v1/add/reading/${admin}`, {
      json: { ...reading, passage: 'Gen 6' },
      token,
    });
    expect(replacement.status).toBe(201);

    const refused = await restore(entry);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message:
        '“Gen 5” cannot be restored: a Bible reading added since it was deleted has taken its place. ' +
        'Delete or change that one first.',
    });
    expect((await trash()).body.data.map((e: { _id: string }) => e._id)).toContain(entry);
    const week = (await server.call('GET', '/api/v1/weekly/reading/1')).text;
    expect(week).toContain('Gen 6');
    expect(week).not.toContain('Gen 5');
  });

  it('a reflection keeps the editor images only it showed while in the trash, and gets them back', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    const url = (await server.call('POST', `/api/v1/upload/reflection/image/${admin}`, { form, token })).body.data
      .url as string;
    const created = (
      await server.call('POST', `/api/v1/add/adult/reflection/${admin}`, {
        json: { ...VALID_REFLECTION, date: '2026-03-01', reflection: `<p>See</p><img src="${url}">` },
        token,
      })
    ).body.data;
    const deleted = await server.call('DELETE', `/api/v1/delete/adult/reflection/${admin}/${created._id}`, { token });
    expect(deleted.body).toEqual({ message: 'Adult reflection deleted successfully' });
    expect((await server.call('GET', '/api/v1/all/adult/reflection')).body.data).toEqual([]);
    await sweepEditorImages(server.db, server.app.uploads, new Date(Date.now() + 60_000));
    expect(await server.storedUploads()).toContain(fileName(url));

    expect((await restore(deleted.headers.get('trash-entry')!)).status).toBe(200);
    const back = (await server.call('GET', '/api/v1/all/adult/reflection')).body.data;
    expect(back.map((r: { _id: string }) => r._id)).toEqual([created._id]);
    await sweepEditorImages(server.db, server.app.uploads, new Date(Date.now() + 60_000));
    expect((await fetch(url)).status).toBe(200);
  });

  it('deleting an entry for good, or emptying the trash, deletes its files; an Undo after it is a 404', async () => {
    const one = await addBook('Gone for good');
    const two = await addBook('Emptied');
    const first = await trashBook(one._id);
    const second = await trashBook(two._id);
    const discarded = await server.call('DELETE', `/api/v1/trash/${first}`, { token });
    expect(discarded.body).toMatchObject({ message: 'Deleted for good', data: { _id: first, title: 'Gone for good' } });
    expect(await server.storedUploads()).not.toContain(fileName(one.bookImage));
    expect(await server.storedUploads()).toContain(fileName(two.bookImage));
    expect((await server.call('DELETE', `/api/v1/trash/${first}`, { token })).status).toBe(404);

    const emptied = await server.call('DELETE', '/api/v1/trash', { token });
    expect(emptied.status).toBe(200);
    expect(emptied.body.message).toBe('Trash emptied');
    expect(emptied.body.data.deleted).toBeGreaterThan(0);
    expect((await trash()).body.data).toEqual([]);
    expect(await server.storedUploads()).not.toContain(fileName(two.bookImage));
    const late = await restore(second);
    expect(late.status).toBe(404);
    expect(late.body).toEqual({ message: NOT_IN_TRASH });
    expect((await books()).map((b) => b._id)).not.toContain(two._id);
  });

  it('a book deleted for good takes its History with it: the versions and the covers only they showed', async () => {
    const book = await addBook('Edited, then deleted');
    const recolored = { content: solidPng(6, 6, [200, 30, 30]), name: 'new.png', type: 'image/png' };
    const edited = await server.call('POST', `/api/v1/edit/book/${admin}/${book._id}`, {
      token,
      form: multipartForm(
        { bookName: 'Edited', bookLink: 'https://example.org/b', category: 'Devotional' },
        { bookImage: recolored },
      ),
    });
    expect(edited.status).toBe(200);
    const covers = [fileName(book.bookImage), fileName(edited.body.data.bookImage as string)];
    const versionsOf = () =>
      server.db.kysely.selectFrom('recordVersions').select('_id').where('recordId', '=', book._id).execute();
    expect(await versionsOf()).toHaveLength(1);

    // In the trash, its History waits with it; deleted for good, nothing of it is left.
    const entry = await trashBook(book._id);
    expect(await versionsOf()).toHaveLength(1);
    expect((await server.call('DELETE', `/api/v1/trash/${entry}`, { token })).status).toBe(200);
    expect(await versionsOf()).toEqual([]);
    const stored = await server.storedUploads();
    for (const cover of covers) expect(stored).not.toContain(cover);
  });

  it('the chores prune entries older than TRASH_KEEP_DAYS, with their files', async () => {
    const old = await addBook('Old');
    const recent = await addBook('Recent');
    const oldEntry = await trashBook(old._id);
    await trashBook(recent._id);
    const longAgo = new Date(Date.now() - (server.config.trashKeepDays + 1) * 86_400_000);
    await server.db.kysely
      .updateTable('trash')
      .set({ deletedAt: timestamp(longAgo) })
      .where('_id', '=', oldEntry)
      .execute();

    await choresOf(server.app)(true);
    const titles = (await trash()).body.data.map((e: { title: string }) => e.title);
    expect(titles).toEqual(['Recent']);
    expect(await server.storedUploads()).not.toContain(fileName(old.bookImage));
    expect(await server.storedUploads()).toContain(fileName(recent.bookImage));
    await server.call('DELETE', '/api/v1/trash', { token });
  });

  it("a Manager sees and restores the content's entries only; a Guest User nothing, in words", async () => {
    const account = await server.call('POST', `/api/v1/add/account/${admin}`, {
      token,
      json: { bankName: 'First', bankAccountNumber: '001', bankAccountHolderName: 'Parish', currency: 'NGN' },
    });
    const finance = (
      await server.call('DELETE', `/api/v1/delete/account/${admin}/${account.body.data._id}`, { token })
    ).headers.get('trash-entry')!;
    const manager = members.Manager;
    const request = await submit('For the parish');
    const content = (
      await server.call('DELETE', `/api/v1/prayer/request/${manager.id}/${request}`, { token: manager.token })
    ).headers.get('trash-entry')!;

    const seen = (await trash(manager.token)).body.data as { _id: string; deletedBy: string }[];
    expect(seen.map((e) => e._id)).toEqual([content]);
    expect(seen[0]!.deletedBy).toBe('manager@parish.org');
    const refused = await restore(finance, manager.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only an Admin can change donations and bank accounts' });
    // Emptying empties what the Manager may see: the Admin's finance entry stays.
    expect((await server.call('DELETE', '/api/v1/trash', { token: manager.token })).body.data).toEqual({ deleted: 1 });
    expect((await trash()).body.data.map((e: { _id: string }) => e._id)).toEqual([finance]);

    const guest = members['Guest User'];
    for (const [method, url] of [
      ['GET', '/api/v1/trash'],
      ['POST', `/api/v1/trash/${finance}/restore`],
      ['DELETE', `/api/v1/trash/${finance}`],
      ['DELETE', '/api/v1/trash'],
    ] as const) {
      const res = await server.call(method, url, { token: guest.token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'A Guest User can look at everything but change nothing' });
    }
    expect((await restore(finance)).status).toBe(200);
  });

  it('any sequence of deletes and restores leaves every record either live or in the trash, once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constant('delete all' as const), fc.nat({ max: 4 }), fc.constant('restore' as const)), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.nat(),
        async (steps, pick) => {
          await server.call('DELETE', `/api/v1/all/prayer/request/${admin}`, { token });
          await server.call('DELETE', '/api/v1/trash', { token });
          const ids: string[] = [];
          for (let i = 0; i < 4; i++) ids.push(await submit(`Request ${i}`));
          for (const step of steps) {
            const live = await requests();
            if (step === 'delete all') await server.call('DELETE', `/api/v1/all/prayer/request/${admin}`, { token });
            else if (step === 'restore') {
              const entries = (await trash()).body.data as { _id: string }[];
              if (entries.length) expect((await restore(entries[pick % entries.length]!._id)).status).toBe(200);
            } else if (live.length) {
              const id = live[step % live.length]!._id;
              expect((await server.call('DELETE', `/api/v1/prayer/request/${admin}/${id}`, { token })).status).toBe(
                200,
              );
            }
          }
          const live = (await requests()).map((r) => r._id);
          const trashed = (await server.db.kysely.selectFrom('trash').select('rows').execute()).flatMap((entry) =>
            (JSON.parse(entry.rows) as { row: { _id: string } }[]).map(({ row }) => row._id),
          );
          expect([...live, ...trashed].sort()).toEqual([...ids].sort());
        },
      ),
      { numRuns: 15 },
    );
  });
});
