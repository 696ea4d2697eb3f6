import { engines, startServer, type TestServer } from '../testing/harness';
import { pruneVersions } from '../history/versions';
import { sweepEditorImages } from './repository';
import { solidPng } from '../uploads/png';

// What is the reflections' own: two audiences in one table, a reflection a date, found by date, rich
// text sanitised, the editor's images. Who may write them is resources/resources.test.ts's.

const PNG = solidPng(6, 6, [90, 60, 160]);

const valid = {
  date: '2026-03-04',
  topic: 'Trust in the Lord',
  reflection: '<p>Trust in the <strong>Lord</strong> with all your heart.</p>',
  bibleReading: 'Proverbs 3:5-6',
  devotionalContent: '<ol><li data-list="bullet">For the sick</li></ol>',
  devotionalConfession: '<p class="ql-align-center">Write down one worry.</p>',
  furtherReading: 'Psalm 37',
  mass: 'Daniel 3:25, 34-43',
};

describe.each(engines())('reflections on %s', (_name, engine) => {
  let server: TestServer;
  let token: string;
  let admin: string;
  beforeAll(async () => {
    server = await startServer(engine, { uploadMaxImageBytes: 4096, listCacheCheckMs: 60_000 });
    token = await server.login();
    admin = server.admin._id;
  });
  afterAll(() => server.close());

  describe.each(['adult', 'children'] as const)('%s', (audience) => {
    const Audience = audience === 'adult' ? 'Adult' : 'Children';
    const add = (json: unknown) => server.call('POST', `/api/v1/add/${audience}/reflection/${admin}`, { json, token });
    const edit = (id: string, json: unknown) =>
      server.call('PUT', `/api/v1/edit/${audience}/reflection/${admin}/${id}`, { json, token });
    const remove = (id: string) =>
      server.call('DELETE', `/api/v1/delete/${audience}/reflection/${admin}/${id}`, { token });
    const one = (key: string) => server.call('GET', `/api/v1/${audience}/reflection/${key}`);
    const list = () => server.call('GET', `/api/v1/all/${audience}/reflection`);
    // Each test of a suite writes its own dates: a day per test.
    let day = audience === 'adult' ? 1 : 15;
    const nextDate = () => `2026-05-${String(day++).padStart(2, '0')}`;

    it('adds a reflection, reads it by _id and by date, and lists it (newest date first)', async () => {
      const date = nextDate();
      const res = await add({ ...valid, date, topic: '  Trust in the Lord ' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: `${Audience} reflection added successfully`,
        data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...valid, date, createdAt: expect.any(String) },
      });
      const byId = await one(res.body.data._id);
      expect(byId.status).toBe(200);
      expect(byId.body).toEqual({ message: 'Reflection fetched successfully', data: res.body.data });
      expect((await one(date)).body.data).toEqual(res.body.data);

      const later = (await add({ ...valid, date: nextDate(), topic: 'Later' })).body.data;
      const listed = await list();
      expect(listed.body.message).toBe('Reflections fetched successfully');
      const ids = listed.body.data.map((r: { _id: string }) => r._id);
      expect(ids.indexOf(later._id)).toBeLessThan(ids.indexOf(res.body.data._id));
    });

    it('keeps one reflection per date: 409 with a clear message, on add and on edit', async () => {
      const date = nextDate();
      await add({ ...valid, date });
      const again = await add({ ...valid, date, topic: 'Again' });
      expect(again.status).toBe(409);
      // In words, with the date as every screen shows it (dd/mm/yyyy).
      const shown = date.split('-').reverse().join('/');
      const message = `${audience === 'adult' ? 'An adult' : 'A children'} reflection already exists for ${shown}`;
      expect(again.body).toEqual({ message });
      const other = (await add({ ...valid, date: nextDate() })).body.data;
      const moved = await edit(other._id, { ...valid, date });
      expect(moved.status).toBe(409);
      expect(moved.body).toEqual({ message });
    });

    it.each([
      [{ ...valid, date: undefined }, 'Date is required'],
      [{ ...valid, date: '04/03/2026' }, 'Date must be a calendar date written YYYY-MM-DD'],
      [{ ...valid, topic: '   ' }, 'Topic is required'],
      [{ ...valid, reflection: undefined }, 'Reflection is required'],
      [{ ...valid, reflection: '<p><br></p>' }, 'Reflection is required'],
      [{ ...valid, reflection: '<script>alert(1)</script>' }, 'Reflection is required'],
      [{ ...valid, bibleReading: '' }, 'Bible reading is required'],
      [{ ...valid, devotionalContent: '' }, 'Prayer points is required'],
      [{ ...valid, devotionalConfession: '<p> </p>' }, 'Exercise is required'],
      [{ ...valid, furtherReading: undefined }, 'Bible meditation is required'],
      [{ ...valid, mass: '' }, 'Mass reading is required'],
      [{ ...valid, topic: 'x'.repeat(301) }, 'Topic must be at most 300 characters long'],
    ])('refuses %j with 400 naming the field', async (body, message) => {
      const res = await add(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    });

    it('sanitises rich text on write: no script, no event handler, no javascript: link', async () => {
      const res = await add({
        ...valid,
        date: nextDate(),
        reflection:
          '<p onclick="steal()">Hello<script>alert(1)</script> <a href="javascript:alert(2)">bad</a> ' +
          '<a href="https://example.org">good</a></p><img src=x onerror="alert(3)"><img src="https://example.org/a.png" onload="x()">',
        devotionalContent:
          '<iframe src="https://www.youtube.com/embed/abc" class="ql-video"></iframe><iframe src="https://evil.example/x"></iframe>',
        devotionalConfession: '<p style="color:red" class="ql-indent-2 evil">Kneel</p><svg onload="alert(4)"></svg>',
      });
      expect(res.status).toBe(201);
      const data = res.body.data;
      expect(data.reflection).toBe(
        '<p>Hello <a target="_blank" rel="noopener noreferrer">bad</a> ' +
          '<a href="https://example.org" target="_blank" rel="noopener noreferrer">good</a></p><img src="https://example.org/a.png" />',
      );
      expect(data.devotionalContent).toBe('<iframe src="https://www.youtube.com/embed/abc" class="ql-video"></iframe>');
      expect(data.devotionalConfession).toBe('<p class="ql-indent-2">Kneel</p>');
      for (const html of [data.reflection, data.devotionalContent, data.devotionalConfession]) {
        expect(html).not.toMatch(/script|onerror|onload|onclick|javascript:|style=|evil/i);
      }
    });

    it('stores every space typed in the editor as an ordinary one, double spaces and line starts included', async () => {
      // The editor hands its HTML over with typed spaces non-breaking (a double space as " \u00a0").
      const typed = (text: string) => text.replace(/ /g, '&nbsp;');
      const res = await add({
        ...valid,
        date: nextDate(),
        reflection: `<p>${typed('Narrow screens break words')} <strong>${typed('in the ')}</strong>${typed('middle  of  them.')}</p><p>time of \u00a0waiting</p>`,
        devotionalContent: `<p>${typed(' Indented')}</p><ol><li data-list="bullet">${typed('the assurance of grace ')}</li></ol>`,
        devotionalConfession: '<p>Plain\u00a0text\u00a0\u00a0\u00a0three&#160;and&#xa0;four</p>',
      });
      expect(res.status).toBe(201);
      const expected = {
        reflection:
          '<p>Narrow screens break words <strong>in the </strong>middle  of  them.</p><p>time of  waiting</p>',
        devotionalContent: '<p> Indented</p><ol><li data-list="bullet">the assurance of grace </li></ol>',
        devotionalConfession: '<p>Plain text   three and four</p>',
      };
      expect(res.body.data).toMatchObject(expected);
      // What the mobile app reads, and what an edit stores.
      expect((await one(res.body.data._id)).body.data).toMatchObject(expected);
      const edited = await edit(res.body.data._id, {
        ...valid,
        date: res.body.data.date,
        reflection: '<p>edited&nbsp;&nbsp;twice</p>',
      });
      expect(edited.status).toBe(200);
      expect((await one(res.body.data._id)).body.data.reflection).toBe('<p>edited  twice</p>');
      expect(JSON.stringify((await one(res.body.data._id)).body)).not.toMatch(/\u00a0|&nbsp;|&#160;/i);
    });

    it("keeps the editor's YouTube and Vimeo players whole, and removes any other frame an attacker would try", async () => {
      const player = (src: string) =>
        `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="${src}"></iframe>`;
      const kept = [
        player('https://www.youtube.com/embed/abc123?showinfo=0'),
        player('https://player.vimeo.com/video/76979871'),
      ];
      const refused = [
        player('javascript:alert(1)'),
        player('data:text/html,<script>alert(1)</script>'),
        player('https://www.youtube.com.evil.example/embed/x'),
        player('https://evil.example/embed/x'),
        player('http://www.youtube.com/embed/x'),
        player('//www.youtube.com/embed/x'),
        player('https://www.youtube.com/watch?v=x'),
        '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      ];
      const res = await add({
        ...valid,
        date: nextDate(),
        reflection: `<p>Watch</p>${kept.join('')}${refused.join('')}`,
      });
      expect(res.status).toBe(201);
      const html = res.body.data.reflection as string;
      expect(html.match(/<iframe/g)).toHaveLength(2);
      expect(html).toContain('src="https://www.youtube.com/embed/abc123?showinfo=0"');
      expect(html).toContain('src="https://player.vimeo.com/video/76979871"');
      expect(html).toMatch(
        /^<p>Watch<\/p><iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https:\/\/www\.youtube/,
      );
      expect(html).not.toMatch(/javascript:|data:|evil|srcdoc|http:\/\/|watch\?/);
      // A frame with a good address but a srcdoc loses the srcdoc.
      const withSrcdoc = await add({
        ...valid,
        date: nextDate(),
        reflection:
          '<iframe class="ql-video" srcdoc="<b>x</b>" onload="alert(1)" src="https://player.vimeo.com/video/1"></iframe>',
      });
      expect(withSrcdoc.body.data.reflection).toBe(
        '<iframe class="ql-video" src="https://player.vimeo.com/video/1"></iframe>',
      );
    });

    it('edits a reflection and deletes it', async () => {
      const created = (await add({ ...valid, date: nextDate() })).body.data;
      const changed = { ...valid, date: nextDate(), topic: 'Changed', mass: 'John 3:16' };
      const res = await edit(created._id, changed);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: `${Audience} reflection updated successfully`,
        data: { ...created, ...changed },
      });
      expect((await one(created.date)).status).toBe(404);
      expect((await one(changed.date)).body.data.topic).toBe('Changed');
      const deleted = await remove(created._id);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ message: `${Audience} reflection deleted successfully` });
      expect((await one(created._id)).status).toBe(404);
      expect((await remove(created._id)).status).toBe(404);
    });

    it.each(['garbage', '0123456789abcdef01234567', '2026-02-30', '1999-01-01'])(
      'answers 404 Reflection not found for %s',
      async (key) => {
        const res = await one(key);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: 'Reflection not found' });
        if (key !== '1999-01-01' && key !== '2026-02-30') {
          expect((await edit(key, valid)).body).toEqual({ message: 'Reflection not found' });
          expect((await remove(key)).body).toEqual({ message: 'Reflection not found' });
        }
      },
    );
  });

  it('keeps the audiences apart: the same date for both, each read from its own calls', async () => {
    const date = '2026-07-01';
    const adult = await server.call('POST', `/api/v1/add/adult/reflection/${admin}`, {
      json: { ...valid, date, topic: 'For adults' },
      token,
    });
    const children = await server.call('POST', `/api/v1/add/children/reflection/${admin}`, {
      json: { ...valid, date, topic: 'For children' },
      token,
    });
    expect(adult.status).toBe(201);
    expect(children.status).toBe(201);
    expect((await server.call('GET', `/api/v1/adult/reflection/${date}`)).body.data.topic).toBe('For adults');
    expect((await server.call('GET', `/api/v1/children/reflection/${date}`)).body.data.topic).toBe('For children');
    expect((await server.call('GET', `/api/v1/children/reflection/${adult.body.data._id}`)).status).toBe(404);
  });

  describe('editor images', () => {
    const upload = (
      file?: { content: Buffer | string; name?: string; type?: string },
      userId = admin,
      withToken = true,
    ) => {
      const form = new FormData();
      if (file) {
        const content = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
        form.append(
          'image',
          new Blob([new Uint8Array(content)], { type: file.type ?? 'image/png' }),
          file.name ?? 'a.png',
        );
      }
      return server.call('POST', `/api/v1/upload/reflection/image/${userId}`, {
        form,
        token: withToken ? token : undefined,
      });
    };
    const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

    it('uploads an image and answers its URL and how long it is kept unused; refuses other files', async () => {
      const before = Date.now();
      const res = await upload({ content: PNG });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        message: 'Image uploaded successfully',
        data: {
          url: expect.stringMatching(new RegExp(`^${server.url}/uploads/[0-9a-f]{32}\\.png$`)),
          keptUnusedUntil: expect.any(String),
        },
      });
      // EDITOR_IMAGE_GRACE_HOURS (24 by default) after the upload: a browser's draft expires before it.
      const keptFor = Date.parse(res.body.data.keptUnusedUntil) - before;
      expect(keptFor).toBeGreaterThanOrEqual(24 * 3_600_000);
      expect(keptFor).toBeLessThan(24 * 3_600_000 + 60_000);
      expect((await fetch(res.body.data.url)).headers.get('content-type')).toBe('image/png');
      const svg = await upload({ content: '<svg onload="alert(1)"/>', name: 'a.svg', type: 'image/svg+xml' });
      expect(svg.status).toBe(415);
      expect(svg.body).toEqual({ message: 'The image must be a JPEG, PNG, GIF or WebP picture' });
      expect((await upload()).body).toEqual({ message: 'The image is required' });
      expect((await upload({ content: PNG }, admin, false)).status).toBe(401);
      expect((await upload({ content: PNG }, 'ffffffffffffffffffffffff')).status).toBe(403);
      expect(server.pendingUploads()).toEqual([]);
    });

    it("stores its images as paths, whatever origin the editor sent, and answers them from the server's own origin", async () => {
      const name = fileName((await upload({ content: PNG })).body.data.url as string);
      const created = await server.call('POST', `/api/v1/add/adult/reflection/${admin}`, {
        json: {
          ...valid,
          date: '2026-08-20',
          reflection: `<p>Look</p><img src="http://evil.example/uploads/${name}">`,
        },
        token,
      });
      expect(created.status).toBe(201);
      const stored = await server.db.kysely
        .selectFrom('reflections')
        .select('reflection')
        .where('_id', '=', created.body.data._id as string)
        .executeTakeFirstOrThrow();
      expect(stored.reflection).toBe(`<p>Look</p><img src="/uploads/${name}" />`);
      const expected = `<p>Look</p><img src="${server.url}/uploads/${name}" />`;
      expect(created.body.data.reflection).toBe(expected);
      expect(
        (await server.call('GET', `/api/v1/adult/reflection/${created.body.data._id as string}`)).body.data.reflection,
      ).toBe(expected);
      const listed = (await server.call('GET', '/api/v1/all/adult/reflection')).body.data as {
        _id: string;
        reflection: string;
      }[];
      expect(listed.find((row) => row._id === created.body.data._id)?.reflection).toBe(expected);
      await server.call('DELETE', `/api/v1/delete/adult/reflection/${admin}/${created.body.data._id as string}`, {
        token,
      });
    });

    it('deletes an editor image once no reflection nor kept version shows it (edit, then delete)', async () => {
      const first = (await upload({ content: PNG })).body.data.url as string;
      const second = (await upload({ content: PNG })).body.data.url as string;
      const withImages = {
        ...valid,
        date: '2026-08-01',
        reflection: `<p>Look</p><img src="${first}">`,
        devotionalContent: `<p><img src="${second}"></p>`,
      };
      const created = (await server.call('POST', `/api/v1/add/adult/reflection/${admin}`, { json: withImages, token }))
        .body.data;
      // Another reflection shows the second image too.
      await server.call('POST', `/api/v1/add/children/reflection/${admin}`, {
        json: { ...valid, date: '2026-08-01', reflection: `<img src="${second}">` },
        token,
      });
      expect(await server.storedUploads()).toEqual(expect.arrayContaining([fileName(first), fileName(second)]));

      const edited = await server.call('PUT', `/api/v1/edit/adult/reflection/${admin}/${created._id}`, {
        json: { ...withImages, reflection: '<p>No picture now</p>' },
        token,
      });
      expect(edited.status).toBe(200);
      // The version the edit kept still shows it; once the version is pruned, the chores' sweep deletes it.
      expect(await server.storedUploads()).toContain(fileName(first));
      await pruneVersions(server.db, new Date(Date.now() + 60_000));
      await sweepEditorImages(server.db, server.app.uploads, new Date(Date.now() + 60_000));
      expect(await server.storedUploads()).not.toContain(fileName(first));
      await server.call('DELETE', `/api/v1/delete/adult/reflection/${admin}/${created._id}`, { token });
      // Still shown by the children's reflection.
      expect(await server.storedUploads()).toContain(fileName(second));
    });

    it('sweeps editor images of abandoned forms once they are old, keeping shown and recent ones', async () => {
      const abandoned = fileName((await upload({ content: PNG })).body.data.url as string);
      const shown = (await upload({ content: PNG })).body.data.url as string;
      await server.call('POST', `/api/v1/add/adult/reflection/${admin}`, {
        json: { ...valid, date: '2026-09-01', reflection: `<img src="${shown}">` },
        token,
      });
      // Nothing is old enough yet: the form that uploaded it may still be open.
      expect(await sweepEditorImages(server.db, server.app.uploads, new Date(Date.now() - 3_600_000))).toBe(0);
      expect(await server.storedUploads()).toContain(abandoned);

      // (Earlier tests in this suite abandoned images too; they go as well.)
      expect(await sweepEditorImages(server.db, server.app.uploads, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
      expect(await server.storedUploads()).not.toContain(abandoned);
      expect(await server.storedUploads()).toContain(fileName(shown));
    });
  });
});
