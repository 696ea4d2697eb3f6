import { bumpChangeCounter } from '../db/changes';
import { newId, timestamp } from '../db/ids';
import { engines, multipartForm, startServer, type FileSpec, type TestServer } from '../testing/harness';
import { pruneVersions } from '../history/versions';
import { solidPng } from '../uploads/png';
import { referencedUploads } from '../uploads/references';
import { LIMITS } from './schemas';

const PNG = solidPng(8, 8, [40, 140, 60]);
const OTHER_PNG = solidPng(4, 4, [200, 120, 20]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
/** These suites allow images of at most this many bytes, so that "too large" is cheap to test. */
const MAX_IMAGE = 4096;

const valid = {
  groupName: 'Youth Choir',
  groupLink: 'https://chat.example.org/youth-choir',
  groupDescription: 'We sing at the Sunday evening Mass.',
};

/** A multipart form: text fields, and groupImage as a file (object) or a text value (string). */
const groupForm = (fields: Record<string, string | undefined>, image?: FileSpec | string) =>
  multipartForm(fields, { groupImage: image });

const png = (content: Buffer = PNG): FileSpec => ({ content, name: 'group.png', type: 'image/png' });
const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe.each(engines())('groups on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  // A long check interval: only the invalidation by the writes themselves can refresh the list.
  beforeAll(async () => {
    server = await startServer(engine, { uploadMaxImageBytes: MAX_IMAGE, listCacheCheckMs: 60_000 });
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  const add = (form: FormData, options: { token?: string; userId?: string } = {}) =>
    server.call('POST', `/api/v1/add/group/${options.userId ?? admin}`, { form, token: options.token ?? token });
  const edit = (id: string, form: FormData) =>
    server.call('POST', `/api/v1/edit/group/${admin}/${id}`, { form, token });
  const remove = (id: string) => server.call('DELETE', `/api/v1/group/${admin}/${id}`, { token });
  const list = (headers: Record<string, string> = {}) => server.call('GET', '/api/v1/all/groups', { headers });
  const single = (id: string, headers: Record<string, string> = {}) =>
    server.call('GET', `/api/v1/single/group/${id}`, { headers });

  /** Adds a valid group (with a picture unless `image` is null) and answers its data. */
  async function addValid(fields: Partial<typeof valid> = {}, image: Buffer | null = PNG) {
    const res = await add(groupForm({ ...valid, ...fields }, image ? png(image) : undefined));
    expect(res.status).toBe(201);
    return res.body.data as Record<string, string | null>;
  }

  it('starts with an empty list, with and without the trailing slash', async () => {
    for (const url of ['/api/v1/all/groups', '/api/v1/all/groups/']) {
      const res = await server.call('GET', url);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Groups fetched successfully', data: [] });
    }
  });

  it('adds a group with a picture: 201 with the record, the picture stored and served as an image', async () => {
    const before = await server.storedUploads();
    const res = await add(groupForm({ ...valid, groupName: '  Youth Choir ' }, png()));
    expect(res.status).toBe(201);
    const url = expect.stringMatching(new RegExp(`^${server.url}/uploads/[0-9a-f]{32}\\.png$`));
    expect(res.body).toEqual({
      message: 'Group added successfully',
      data: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        ...valid,
        groupImage: url,
        file: res.body.data.groupImage,
        createdAt: expect.any(String),
      },
    });
    expect(new Date(res.body.data.createdAt).toISOString()).toBe(res.body.data.createdAt);
    expect(await server.storedUploads()).toEqual([...before, fileName(res.body.data.groupImage)].sort());
    expect(server.pendingUploads()).toEqual([]);

    const served = await fetch(res.body.data.groupImage);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    const one = await single(res.body.data._id);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ message: 'Group fetched successfully', data: res.body.data });
  });

  it('adds a group without a picture (the image is optional), also with an empty file input', async () => {
    const before = await server.storedUploads();
    const res = await add(groupForm(valid));
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual(expect.objectContaining({ ...valid, groupImage: null, file: null }));
    const empty = await add(groupForm(valid, { content: '', name: '', type: 'application/octet-stream' }));
    expect(empty.status).toBe(201);
    expect(empty.body.data.groupImage).toBeNull();
    expect(await server.storedUploads()).toEqual(before);
  });

  describe('refuses an invalid group with 400 naming the field, storing nothing', () => {
    it.each([
      [{ ...valid, groupName: undefined }, 'Name is required'],
      [{ ...valid, groupName: '   ' }, 'Name is required'],
      [
        { ...valid, groupName: 'x'.repeat(LIMITS.groupName + 1) },
        `Name must be at most ${LIMITS.groupName} characters long`,
      ],
      [{ ...valid, groupLink: undefined }, 'Link is required'],
      [{ ...valid, groupLink: '' }, 'Link is required'],
      [{ ...valid, groupLink: 'javascript:alert(1)' }, 'Link must be a valid URL starting with http:// or https://'],
      [{ ...valid, groupLink: 'not a url' }, 'Link must be a valid URL starting with http:// or https://'],
      [
        { ...valid, groupLink: `https://example.org/${'x'.repeat(LIMITS.groupLink)}` },
        `Link must be at most ${LIMITS.groupLink} characters long`,
      ],
      [{ ...valid, groupDescription: undefined }, 'Description is required'],
      [{ ...valid, groupDescription: ' \n ' }, 'Description is required'],
      [
        { ...valid, groupDescription: 'x'.repeat(LIMITS.groupDescription + 1) },
        `Description must be at most ${LIMITS.groupDescription} characters long`,
      ],
    ])('%# %j', async (fields, message) => {
      const before = await server.storedUploads();
      const res = await add(groupForm(fields, png()));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
      expect(await server.storedUploads()).toEqual(before);
      expect(server.pendingUploads()).toEqual([]);
    });

    it('refuses text as groupImage on add, and files in other fields', async () => {
      const text = await add(groupForm(valid, 'https://example.org/group.png'));
      expect(text.status).toBe(400);
      expect(text.body).toEqual({ message: 'The picture must be a picture file' });
      const withFile = groupForm(valid, png());
      withFile.append('file', new Blob([PNG]), 'a.png');
      const unknown = await add(withFile);
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toMatch(/^file is not a file this request accepts/);
      const twoImages = groupForm(valid, png());
      twoImages.append('groupImage', new Blob([PNG]), 'b.png');
      const twice = await add(twoImages);
      expect(twice.status).toBe(400);
      expect(twice.body).toEqual({ message: 'Send only one file as the picture' });
      expect(server.pendingUploads()).toEqual([]);
    });

    it('answers 415 for a body that is not multipart and 400 (never 500) for a broken one', async () => {
      const json = await server.call('POST', `/api/v1/add/group/${admin}`, { token, json: valid });
      expect(json.status).toBe(415);
      expect(json.body).toEqual({ message: 'The request body must be sent as multipart/form-data' });
      const broken = await server.call('POST', `/api/v1/add/group/${admin}`, {
        token,
        body: 'garbage',
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(broken.status).toBe(400);
      expect(broken.body).toEqual({ message: 'The request body is not valid multipart/form-data' });
    });
  });

  describe('refuses pictures that are not images, or too large, storing nothing', () => {
    it.each([
      ['text disguised as a PNG', { content: 'just some text, honestly', name: 'x.png', type: 'image/png' }],
      ['an SVG', { content: SVG, name: 'group.svg', type: 'image/svg+xml' }],
      ['a PDF', { content: '%PDF-1.7\n%âãÏÓ\n1 0 obj', name: 'group.png', type: 'image/png' }],
    ])('415 for %s', async (_what, image) => {
      const before = await server.storedUploads();
      const res = await add(groupForm(valid, image));
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ message: 'The picture must be a JPEG, PNG, GIF or WebP picture' });
      expect(await server.storedUploads()).toEqual(before);
      expect(server.pendingUploads()).toEqual([]);
    });

    it('413 for a picture over the limit', async () => {
      const before = await server.storedUploads();
      const content = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE + 1 - PNG.length, 7)]);
      const res = await add(groupForm(valid, png(content)));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: 'The picture is too large (at most 4 KB)' });
      expect(await server.storedUploads()).toEqual(before);
    });
  });

  it('guards the writes: 401 without a token, 403 for another user id, before storing anything', async () => {
    const group = await addValid();
    const before = await server.storedUploads();
    const noToken = await server.call('POST', `/api/v1/add/group/${admin}`, { form: groupForm(valid, png()) });
    expect(noToken.status).toBe(401);
    expect(noToken.body).toEqual({ message: expect.stringMatching(/log in/i) });
    expect(
      (await server.call('POST', `/api/v1/add/group/${admin}`, { form: groupForm(valid), token: 'forged' })).status,
    ).toBe(401);
    const foreign = await add(groupForm(valid, png()), { userId: 'ffffffffffffffffffffffff' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ message: 'You may only act on your own account' });

    const editForeign = await server.call('POST', `/api/v1/edit/group/ffffffffffffffffffffffff/${group._id}`, {
      token,
      form: groupForm(valid, png()),
    });
    expect(editForeign.status).toBe(403);
    expect(
      (await server.call('POST', `/api/v1/edit/group/${admin}/${group._id}`, { form: groupForm(valid) })).status,
    ).toBe(401);
    expect((await server.call('DELETE', `/api/v1/group/${admin}/${group._id}`)).status).toBe(401);
    const deleteForeign = await server.call('DELETE', `/api/v1/group/garbage/${group._id}`, { token });
    expect(deleteForeign.status).toBe(403);
    expect(await server.storedUploads()).toEqual(before);
    expect((await single(group._id as string)).status).toBe(200);
  });

  it.each(['garbage', '0123456789abcdef01234567', 'ABCDEF0123456789ABCDEF01', "1' OR '1'='1"])(
    'answers 404 Group not found for the id %s',
    async (id) => {
      const path = encodeURIComponent(id);
      const one = await single(path);
      expect(one.status).toBe(404);
      expect(one.body).toEqual({ message: 'Group not found' });
      const edited = await edit(path, groupForm(valid, png()));
      expect(edited.status).toBe(404);
      expect(edited.body).toEqual({ message: 'Group not found' });
      const deleted = await remove(path);
      expect(deleted.status).toBe(404);
      expect(deleted.body).toEqual({ message: 'Group not found' });
      expect(server.pendingUploads()).toEqual([]);
    },
  );

  describe('edit', () => {
    const changed = {
      groupName: 'Legion of Mary',
      groupLink: 'http://example.org/legion',
      groupDescription: 'Weekly meeting on Tuesdays.',
    };

    it('keeps the picture when groupImage is the current URL (any host) or absent', async () => {
      const group = await addValid();
      const name = fileName(group.groupImage!);
      for (const image of [group.groupImage!, `https://cdn.example.org/uploads/${name}`, undefined]) {
        const res = await edit(group._id!, groupForm(changed, image));
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ message: 'Group updated successfully', data: { ...group, ...changed } });
      }
      expect(await server.storedUploads()).toContain(name);
      expect((await single(group._id!)).body.data).toEqual({ ...group, ...changed });
    });

    it('replaces the picture with a new file (the old one goes with its version); adds one to a group without', async () => {
      const group = await addValid();
      const oldName = fileName(group.groupImage!);
      const res = await edit(group._id!, groupForm(changed, png(OTHER_PNG)));
      expect(res.status).toBe(200);
      const newName = fileName(res.body.data.groupImage);
      expect(newName).not.toBe(oldName);
      expect(res.body.data.file).toBe(res.body.data.groupImage);
      expect(await server.storedUploads()).toContain(newName);
      // The version the edit kept shows the old picture; once it is pruned, the sweep deletes the file.
      expect(await server.storedUploads()).toContain(oldName);
      await pruneVersions(server.db, new Date(Date.now() + 60_000));
      await server.app.uploads.sweepOrphans(referencedUploads(server.db), new Date(Date.now() + 60_000));
      expect(await server.storedUploads()).not.toContain(oldName);
      expect((await fetch(group.groupImage!)).status).toBe(404);

      const bare = await addValid({}, null);
      const withPicture = await edit(bare._id!, groupForm(changed, png()));
      expect(withPicture.status).toBe(200);
      expect(withPicture.body.data.groupImage).toMatch(/\/uploads\/[0-9a-f]{32}\.png$/);
      const kept = await edit(bare._id!, groupForm(valid));
      expect(kept.body.data.groupImage).toBe(withPicture.body.data.groupImage);
    });

    it("refuses any other text as groupImage (another group's picture, a foreign URL) and changes nothing", async () => {
      const group = await addValid();
      const other = await addValid({ groupName: 'Other' });
      const bare = await addValid({ groupName: 'Bare' }, null);
      for (const [target, image] of [
        [group, other.groupImage!],
        [group, 'https://evil.example/x.png'],
        [group, 'javascript:alert(1)'],
        [bare, other.groupImage!],
      ] as const) {
        const res = await edit(target._id!, groupForm(changed, image));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: "The picture must be a picture file or the group's current picture URL" });
        expect((await single(target._id!)).body.data).toEqual(target);
      }
    });

    it('validates like add, and stores nothing when refused', async () => {
      const group = await addValid();
      const before = await server.storedUploads();
      const bad = await edit(group._id!, groupForm({ ...changed, groupLink: 'ftp://x' }, png(OTHER_PNG)));
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ message: 'Link must be a valid URL starting with http:// or https://' });
      const svg = await edit(group._id!, groupForm(changed, { content: SVG, name: 'x.svg', type: 'image/svg+xml' }));
      expect(svg.status).toBe(415);
      expect(await server.storedUploads()).toEqual(before);
      expect(server.pendingUploads()).toEqual([]);
      expect((await single(group._id!)).body.data).toEqual(group);
    });
  });

  it('deletes a group to the trash; its picture goes when the trash entry does', async () => {
    const group = await addValid();
    const name = fileName(group.groupImage!);
    const res = await remove(group._id!);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Group deleted successfully' });
    // Kept in the trash with its record; gone once the entry is deleted for good.
    expect(await server.storedUploads()).toContain(name);
    const entry = res.headers.get('trash-entry');
    expect((await server.call('DELETE', `/api/v1/trash/${entry}`, { token })).status).toBe(200);
    expect(await server.storedUploads()).not.toContain(name);
    expect((await single(group._id!)).status).toBe(404);
    expect((await list()).body.data.map((g: { _id: string }) => g._id)).not.toContain(group._id);
    expect((await remove(group._id!)).status).toBe(404);
    const bare = await addValid({}, null);
    expect((await remove(bare._id!)).status).toBe(200);
  });

  it('lists newest first and reflects every write at once', async () => {
    await addValid({ groupName: 'First' });
    const second = await addValid({ groupName: 'Second' }, null);
    const third = await addValid({ groupName: 'Third' });
    const names = async () => ((await list()).body.data as { groupName: string }[]).map((g) => g.groupName);
    expect((await names()).slice(0, 3)).toEqual(['Third', 'Second', 'First']);
    expect((await list()).body.data[0]).toEqual(third);

    await edit(second._id!, groupForm({ ...valid, groupName: 'Second, renamed' }));
    expect((await names()).slice(0, 3)).toEqual(['Third', 'Second, renamed', 'First']);
    await remove(third._id!);
    expect((await names()).slice(0, 2)).toEqual(['Second, renamed', 'First']);
  });

  it('answers the list and a group with a strong ETag, and 304 to If-None-Match', async () => {
    const group = await addValid();
    for (const read of [list, (headers?: Record<string, string>) => single(group._id!, headers)]) {
      const res = await read();
      const etag = res.headers.get('etag')!;
      expect(etag).toMatch(/^"[^"]+"$/);
      expect((await read({ 'if-none-match': etag })).status).toBe(304);
    }
    const stale = (await list()).headers.get('etag')!;
    await addValid({ groupName: 'Newer' });
    const fresh = await list({ 'if-none-match': stale });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data[0].groupName).toBe('Newer');
  });

  it('documents the group calls, the uploads as multipart/form-data', async () => {
    const paths = (await server.call('GET', '/api/v1/openapi.json')).body.paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/add/group/{userId}',
        '/api/v1/all/groups',
        '/api/v1/single/group/{id}',
        '/api/v1/edit/group/{userId}/{id}',
        '/api/v1/group/{userId}/{id}',
      ]),
    );
    for (const path of ['/api/v1/add/group/{userId}', '/api/v1/edit/group/{userId}/{id}']) {
      const body = paths[path].post.requestBody.content['multipart/form-data'].schema;
      expect(Object.keys(body.properties).sort()).toEqual(['groupDescription', 'groupImage', 'groupLink', 'groupName']);
      expect(body.required).not.toContain('groupImage');
    }
  });
});

describe.each(engines())('the group list cache on %s', (_name, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, { listCacheCheckMs: 0 });
  });
  afterAll(() => server.close());

  it('notices groups written by another process (through the change counter)', async () => {
    expect((await server.call('GET', '/api/v1/all/groups')).body.data).toEqual([]);
    const now = new Date();
    await server.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('groups')
        .values({
          _id: newId(now),
          group_name: 'Written elsewhere',
          group_link: 'https://example.org/elsewhere',
          group_description: 'From the seed',
          group_image: null,
          created_at: timestamp(now),
          updated_at: timestamp(now),
        })
        .execute();
      await bumpChangeCounter(trx, 'groups');
    });
    const res = await server.call('GET', '/api/v1/all/groups');
    expect(res.body.data.map((g: { groupName: string }) => g.groupName)).toEqual(['Written elsewhere']);
    expect(res.body.data[0].groupImage).toBeNull();
  });
});
