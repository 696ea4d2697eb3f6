import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent as userEvents } from '@testing-library/user-event';
import Quill from 'quill';
import { session } from 'shared';
import { type Reflection } from './api';
import { renderRoutes, signIn, stubApi } from 'shared/testing';
import App from '../App';
import {
  draftExpiry,
  draftKey,
  DRAFT_LIFETIME_MS,
  DRAFT_WRITE_AFTER_MS,
  readDraft,
  rememberUploadedPicture,
  writeDraft,
} from './draft';

const userId = '0123456789abcdef01234567';
const reflection: Reflection = {
  _id: 'e'.repeat(24),
  date: '2026-03-04',
  topic: 'Trust in the Lord',
  reflection: '<p>Trust in the <strong>Lord</strong>.</p>',
  bibleReading: 'Proverbs 3:5-6',
  devotionalContent: '<p>For the sick</p>',
  devotionalConfession: '<p>Write down one worry.</p>',
  furtherReading: 'Psalm 37',
  mass: 'Daniel 3:25',
  createdAt: '2026-03-01T08:00:00.000Z',
};

// Typing into three Quill editors in jsdom takes a few seconds.
jest.setTimeout(20_000);

/** Waits out the draft's write delay (the form's own constant), so that a write due by now has happened. */
const pastDraftWriteDelay = () => act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_WRITE_AFTER_MS + 100)));

// Keys typed without a timer between them: the editors see the same events, sooner.
const userEvent = userEvents.setup({ delay: null });

const render = (path: string) => renderRoutes([{ path: '*', element: <App /> }], path);
const ok = (data: unknown): [number, unknown] => [200, { message: 'ok', data }];

/** The Quill editor labelled `name` (its editable root is a labelled text box). */
// The editor is its own chunk (Quill): on a loaded machine its first import takes seconds.
const editor = (name: string) => screen.findByRole('textbox', { name }, { timeout: 15_000 });
const quillOf = (root: HTMLElement) => Quill.find(root.parentElement!) as Quill;

beforeEach(() => {
  localStorage.clear();
  session.clear();
  signIn(userId);
});

describe.each([
  ['adult', 'Adult'],
  ['children', 'Children'],
] as const)('%s reflections list', (audience, label) => {
  it('shows topic, mass, bible reading, date and a details link keyed by date', async () => {
    const calls = stubApi({ [`GET /all/${audience}/reflection`]: () => ok([reflection]) });
    render(`/${audience}-reflection`);
    const table = await screen.findByRole('table', { name: `${label} reflections` });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Topic', 'Mass', 'Bible Reading', 'Date', 'Action']);
    expect(within(table).getByText('04/03/2026')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'View details of 04/03/2026' })).toHaveAttribute(
      'href',
      `/${audience}-reflection/2026-03-04`,
    );
    expect(screen.getByRole('link', { name: `Add ${label} Reflection` })).toHaveAttribute(
      'href',
      `/add-${audience}-reflection`,
    );
    expect(calls.map((call) => call.url)).toEqual([`/all/${audience}/reflection`]);
  });

  it('shows the empty text', async () => {
    stubApi({ [`GET /all/${audience}/reflection`]: () => ok([]) });
    render(`/${audience}-reflection`);
    expect(await screen.findByText('No reflections available.')).toBeInTheDocument();
  });
});

describe('reflection form', () => {
  it('shows all eight messages, with the rich-text editors labelled and the snow toolbar of spec §9', async () => {
    stubApi({});
    render('/add-adult-reflection');
    const reflectionEditor = await editor('Reflection');
    expect(await editor('Prayer Points')).toBeInTheDocument();
    expect(await editor('Exercise')).toBeInTheDocument();
    expect(screen.getByLabelText('Bible Meditation')).toBeInTheDocument();
    expect(screen.getByLabelText('Mass Reading')).toBeInTheDocument();
    const toolbar = reflectionEditor.closest('.quill')!.querySelector('.ql-toolbar.ql-snow')!;
    expect(toolbar).not.toBeNull();
    for (const control of [
      '.ql-header',
      '.ql-font',
      '.ql-size',
      '.ql-align',
      '.ql-list',
      '.ql-indent',
      '.ql-link',
      '.ql-image',
      '.ql-video',
    ]) {
      expect(toolbar.querySelector(control)).not.toBeNull();
    }
    // Every control of the toolbar has a name (Quill draws them as bare icons).
    const controls = [...toolbar.querySelectorAll<HTMLElement>('button, [role="button"]')];
    expect(controls.length).toBeGreaterThan(15);
    expect(controls.filter((control) => !control.getAttribute('aria-label') && !control.textContent?.trim())).toEqual(
      [],
    );
    expect(within(toolbar as HTMLElement).getByRole('button', { name: 'Bulleted list' })).toBeInTheDocument();
    expect(within(toolbar as HTMLElement).getByRole('button', { name: 'Video' })).toBeInTheDocument();
    const headers = [...toolbar.querySelectorAll('select.ql-header option')].map((o) => o.getAttribute('value'));
    expect(headers).toEqual(['1', '2', '3', null]);
    const sizes = [...toolbar.querySelectorAll('select.ql-size option')].map((o) => o.getAttribute('value'));
    expect(sizes).toEqual(['small', null, 'large', 'huge']);
    const history = quillOf(reflectionEditor).getModule('history') as { options: { delay: number; maxStack: number } };
    expect(history.options).toMatchObject({ delay: 1000, maxStack: 100 });

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of [
      'Date is required',
      'Topic is required',
      'Reflection is required',
      'Bible reading is required',
      'Devotional content is required',
      'Devotional confession is required',
      'Further reading is required',
      'Mass field is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/adult-reflection');
  });

  it.each(['adult', 'children'] as const)(
    'sends the eight fields typed (rich text as HTML), then goes to the %s list',
    async (audience) => {
      const calls = stubApi({
        [`POST /add/${audience}/reflection/${userId}`]: () => [201, { message: 'ok', data: reflection }],
        [`GET /all/${audience}/reflection`]: () => ok([reflection]),
      });
      const { router } = render(`/add-${audience}-reflection`);
      await userEvent.type(screen.getByLabelText('Date'), '04/03/2026');
      await userEvent.type(screen.getByLabelText('Topic'), ' Trust ');
      await userEvent.type(screen.getByLabelText('Bible Reading'), 'Proverbs 3:5-6');
      await userEvent.type(await editor('Reflection'), 'Trust in the Lord');
      await userEvent.type(await editor('Prayer Points'), 'For the sick');
      await userEvent.type(await editor('Exercise'), 'Write down one worry');
      await userEvent.type(screen.getByLabelText('Bible Meditation'), 'Psalm 37');
      await userEvent.type(screen.getByLabelText('Mass Reading'), 'Daniel 3:25');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));

      expect(await screen.findByText('Reflection added successfully')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe(`/${audience}-reflection`));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
        date: '2026-03-04',
        topic: 'Trust',
        // Quill's HTML keeps typed spaces as &nbsp; (ARCHITECTURE, toolchain facts).
        reflection: expect.stringMatching(/^<p>Trust(&nbsp;| )in(&nbsp;| )the(&nbsp;| )Lord<\/p>/),
        bibleReading: 'Proverbs 3:5-6',
        devotionalContent: expect.stringMatching(/^<p>For(&nbsp;| )the(&nbsp;| )sick<\/p>/),
        devotionalConfession: expect.stringMatching(/^<p>Write(&nbsp;| )down(&nbsp;| )one(&nbsp;| )worry<\/p>/),
        furtherReading: 'Psalm 37',
        mass: 'Daniel 3:25',
      });
    },
  );

  it('keeps what was typed when the server refuses a second reflection for the date', async () => {
    stubApi({
      [`POST /add/children/reflection/${userId}`]: () => [
        409,
        { message: 'A children reflection already exists for 04/03/2026' },
      ],
    });
    const { router } = render('/add-children-reflection');
    await userEvent.type(screen.getByLabelText('Date'), '04/03/2026');
    await userEvent.type(screen.getByLabelText('Topic'), 'Trust');
    await userEvent.type(screen.getByLabelText('Bible Reading'), 'Proverbs 3');
    await userEvent.type(await editor('Reflection'), 'Text');
    await userEvent.type(await editor('Prayer Points'), 'Points');
    await userEvent.type(await editor('Exercise'), 'Exercise');
    await userEvent.type(screen.getByLabelText('Bible Meditation'), 'Psalm 37');
    await userEvent.type(screen.getByLabelText('Mass Reading'), 'Daniel 3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A children reflection already exists for 04/03/2026')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/add-children-reflection');
    expect(screen.getByLabelText('Topic')).toHaveValue('Trust');
    expect(await editor('Reflection')).toHaveTextContent('Text');
  });

  it('uploads an image put in the editor and embeds its URL, not base64', async () => {
    const calls = stubApi({
      [`POST /upload/reflection/image/${userId}`]: () => [
        201,
        {
          message: 'Image uploaded successfully',
          data: { url: 'http://localhost/uploads/abc.png', keptUnusedUntil: '2099-01-01T00:00:00.000Z' },
        },
      ],
    });
    render('/add-adult-reflection');
    const root = await editor('Reflection');
    const quill = quillOf(root);
    const uploader = quill.getModule('uploader') as {
      upload: (range: { index: number; length: number }, files: File[]) => void;
    };
    uploader.upload({ index: 0, length: 0 }, [new File(['png'], 'photo.png', { type: 'image/png' })]);
    await waitFor(() => expect(root.querySelector('img')).toHaveAttribute('src', 'http://localhost/uploads/abc.png'));
    expect(root.innerHTML).not.toMatch(/data:/);
    const upload = calls.find((call) => call.method === 'POST')!;
    expect((upload.body as FormData).get('image')).toBeInstanceOf(File);
  });

  it('says the picture limit under each editor and refuses a larger picture before sending', async () => {
    const calls = stubApi({});
    render('/add-adult-reflection');
    const root = await editor('Reflection');
    expect(
      screen.getAllByText('Pictures (toolbar, paste or drop): JPEG, PNG, GIF or WebP, at most 5 MB.'),
    ).toHaveLength(3);
    const uploader = quillOf(root).getModule('uploader') as {
      upload: (range: { index: number; length: number }, files: File[]) => void;
    };
    const big = new File(['png'], 'photo.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 << 20 });
    uploader.upload({ index: 0, length: 0 }, [big]);
    expect(await screen.findByText('The image is too large (at most 5 MB)')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(root.querySelector('img')).toBeNull();
  });

  it('saves a video inserted in the editor as its YouTube or Vimeo player, not as a link', async () => {
    const calls = stubApi({
      [`POST /add/adult/reflection/${userId}`]: () => [201, { message: 'ok', data: reflection }],
    });
    render('/add-adult-reflection');
    const quill = quillOf(await editor('Reflection'));
    // Quill's own calls change the form's state: inside act, as a user's typing would be.
    act(() => {
      quill.insertText(0, 'Watch this: ', 'user');
      quill.insertEmbed(12, 'video', 'https://www.youtube.com/embed/abc123', 'user');
    });
    await userEvent.type(screen.getByLabelText('Date'), '04/03/2026');
    await userEvent.type(screen.getByLabelText('Topic'), 'Video');
    await userEvent.type(screen.getByLabelText('Bible Reading'), 'John 1');
    const prayerPoints = quillOf(await editor('Prayer Points'));
    const exercise = quillOf(await editor('Exercise'));
    act(() => {
      prayerPoints.insertText(0, 'For all', 'user');
      exercise.insertText(0, 'Watch', 'user');
    });
    await userEvent.type(screen.getByLabelText('Bible Meditation'), 'Psalm 1');
    await userEvent.type(screen.getByLabelText('Mass Reading'), 'John 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')!.body as Record<string, string>;
    expect(body.reflection).toMatch(
      /<iframe[^>]*class="ql-video"[^>]*src="https:\/\/www\.youtube\.com\/embed\/abc123"/,
    );
    expect(body.reflection).not.toMatch(/<a /);
  });

  it('shows a stored video as a player when editing again', async () => {
    const withVideo = {
      ...reflection,
      reflection:
        '<p>Watch</p><iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://player.vimeo.com/video/76979871"></iframe>',
    };
    stubApi({ [`GET /adult/reflection/${reflection._id}`]: () => ok(withVideo) });
    render(`/adult-reflection/edit/${reflection._id}`);
    const root = await editor('Reflection');
    await waitFor(() =>
      expect(root.querySelector('iframe.ql-video')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871'),
    );
  });

  it('asks before leaving with unsaved changes: Stay keeps the form, Leave goes', async () => {
    stubApi({ 'GET /all/adult/reflection': () => ok([]) });
    const { router } = render('/add-adult-reflection');
    await userEvent.type(screen.getByLabelText('Topic'), 'Half written');
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('You have unsaved changes. Leave this page and lose them?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/add-adult-reflection');
    expect(screen.getByLabelText('Topic')).toHaveValue('Half written');

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/adult-reflection'));
  });

  it('does not ask when nothing was changed', async () => {
    stubApi({ 'GET /all/adult/reflection': () => ok([]) });
    const { router } = render('/add-adult-reflection');
    await editor('Reflection');
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/adult-reflection'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("fills in the date a link names (the dashboard's calendar), a start that is no change to ask about", async () => {
    stubApi({ 'GET /all/children/reflection': () => ok([]) });
    const { router } = render('/add-children-reflection?date=2026-12-02');
    await editor('Reflection');
    expect(screen.getByLabelText('Date')).toHaveValue('02/12/2026');
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/children-reflection'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a reflection’s local draft', () => {
  const key = draftKey(userId, 'adult', undefined);
  const typeTopic = async (topic: string) => {
    await userEvent.type(await screen.findByLabelText('Topic'), topic);
    await waitFor(() => expect(localStorage.getItem(key)).toContain(topic));
  };

  it('is offered when the form opens again: Restore draft fills it in, and a save clears it', async () => {
    stubApi({
      'GET /all/adult/reflection': () => ok([]),
      [`POST /add/adult/reflection/${userId}`]: () => [201, { message: 'ok', data: reflection }],
    });
    const first = render('/add-adult-reflection');
    await typeTopic('Half written');
    first.unmount();

    render('/add-adult-reflection');
    const offer = await screen.findByRole('region', { name: 'Unsaved draft' });
    expect(offer).toHaveTextContent(/An unsaved draft of this reflection from \d\d\/\d\d\/\d{4} \d\d:\d\d is kept/);
    expect(screen.getByLabelText('Topic')).toHaveValue('');
    await userEvent.click(within(offer).getByRole('button', { name: 'Restore draft' }));
    expect(screen.getByLabelText('Topic')).toHaveValue('Half written');
    expect(offer).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Date'), '04/03/2026');
    await userEvent.type(screen.getByLabelText('Bible Reading'), 'Proverbs 3');
    await userEvent.type(await editor('Reflection'), 'Text');
    await userEvent.type(await editor('Prayer Points'), 'Points');
    await userEvent.type(await editor('Exercise'), 'Exercise');
    await userEvent.type(screen.getByLabelText('Bible Meditation'), 'Psalm 37');
    await userEvent.type(screen.getByLabelText('Mass Reading'), 'Daniel 3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reflection added successfully')).toBeInTheDocument();
    // Past the draft's write delay, while the list the save went back to loads.
    await pastDraftWriteDelay();
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('is not written for a form opened and left as it was', async () => {
    stubApi({ [`GET /adult/reflection/${reflection._id}`]: () => ok(reflection) });
    render(`/adult-reflection/edit/${reflection._id}`);
    expect(await editor('Reflection')).toHaveTextContent('Trust in the Lord.');
    await pastDraftWriteDelay();
    expect(localStorage.getItem(draftKey(userId, 'adult', reflection._id))).toBeNull();
  });

  it('Discard drops it and keeps the form empty', async () => {
    stubApi({});
    const first = render('/add-adult-reflection');
    await typeTopic('Abandoned');
    first.unmount();
    render('/add-adult-reflection');
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Topic')).toHaveValue('');
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('belongs to the account that wrote it', async () => {
    stubApi({});
    const first = render('/add-adult-reflection');
    await typeTopic('Mine');
    first.unmount();
    signIn('fedcba9876543210fedcba98');
    render('/add-adult-reflection');
    await screen.findByLabelText('Topic');
    expect(screen.queryByRole('region', { name: 'Unsaved draft' })).not.toBeInTheDocument();
  });

  it('expires before the server may sweep the uploaded pictures it shows', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    const values = { ...reflection, reflection: '<p><img src="http://localhost/uploads/a.png"></p>' };
    rememberUploadedPicture('http://localhost/uploads/a.png', '2026-11-25T09:00:00.000Z');
    const kept = writeDraft(key, values, null, now);
    expect(kept.pictures).toEqual({ 'http://localhost/uploads/a.png': '2026-11-25T09:00:00.000Z' });
    expect(draftExpiry(kept)).toBe(Date.parse('2026-11-25T08:50:00Z'));
    expect(readDraft(key, Date.parse('2026-11-25T08:49:00Z'))).not.toBeNull();
    expect(readDraft(key, Date.parse('2026-11-25T08:51:00Z'))).toBeNull();
    expect(localStorage.getItem(key)).toBeNull();
    // Without uploaded pictures, a week.
    const plain = writeDraft(key, reflection, null, now);
    expect(draftExpiry(plain)).toBe(now + DRAFT_LIFETIME_MS);
  });
});

describe('reflection details', () => {
  it('shows the fields read-only, the rich text sanitised (no script runs), with Edit', async () => {
    const hostile = {
      ...reflection,
      reflection: '<p>Safe text</p><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>',
      devotionalContent:
        '<a href="javascript:window.__xss = 3">click</a><iframe src="https://evil.example/x"></iframe>',
    };
    stubApi({ [`GET /children/reflection/${reflection.date}`]: () => ok(hostile) });
    render(`/children-reflection/${reflection.date}`);
    expect(await screen.findByRole('heading', { name: 'Trust in the Lord' })).toBeInTheDocument();
    expect(screen.getByText('04/03/2026')).toBeInTheDocument();
    expect(screen.getByText('Safe text')).toBeInTheDocument();
    expect(screen.getByText('Psalm 37')).toBeInTheDocument();
    expect(screen.getByText('Daniel 3:25')).toBeInTheDocument();
    const shown = screen.getByLabelText('Reflection').innerHTML + screen.getByLabelText('Prayer Points').innerHTML;
    expect(shown).not.toMatch(/onerror|<script|javascript:|<iframe/);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/children-reflection/edit/${reflection._id}`,
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('deletes after confirmation and returns to the list', async () => {
    const calls = stubApi({
      [`GET /adult/reflection/${reflection.date}`]: () => ok(reflection),
      [`DELETE /delete/adult/reflection/${userId}/${reflection._id}`]: () => [200, { message: 'ok' }],
      'GET /all/adult/reflection': () => ok([]),
    });
    const { router } = render(`/adult-reflection/${reflection.date}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this reflection?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Reflection deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/adult-reflection'));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it("says 'Reflection details not found.' for an unknown date or id", async () => {
    stubApi({
      'GET /adult/reflection/2026-01-01': () => [404, { message: 'Reflection not found' }],
      [`GET /adult/reflection/${reflection._id}`]: () => [404, { message: 'Reflection not found' }],
    });
    render('/adult-reflection/2026-01-01');
    expect(await screen.findByText('Reflection details not found.')).toBeInTheDocument();
    render(`/adult-reflection/edit/${reflection._id}`);
    await waitFor(() => expect(screen.getAllByText('Reflection details not found.')).toHaveLength(2));
  });
});

describe('edit reflection', () => {
  it('is prefilled from the loaded reflection and goes to the details after saving', async () => {
    const calls = stubApi({
      [`GET /adult/reflection/${reflection._id}`]: () => ok(reflection),
      [`PUT /edit/adult/reflection/${userId}/${reflection._id}`]: () => [200, { message: 'ok', data: reflection }],
      [`GET /adult/reflection/${reflection.date}`]: () => ok(reflection),
    });
    const { router } = render(`/adult-reflection/edit/${reflection._id}`);
    const topic = await screen.findByLabelText('Topic');
    expect(topic).toHaveValue('Trust in the Lord');
    expect(screen.getByLabelText('Date')).toHaveValue('04/03/2026');
    expect(screen.getByLabelText('Mass Reading')).toHaveValue('Daniel 3:25');
    expect(await editor('Reflection')).toHaveTextContent('Trust in the Lord.');
    await userEvent.clear(topic);
    await userEvent.type(topic, 'Trust');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reflection updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/adult-reflection/${reflection.date}`));
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).not.toBeInTheDocument();
    const body = calls.find((call) => call.method === 'PUT')!.body as Record<string, string>;
    expect(body.topic).toBe('Trust');
    expect(body.reflection).toBe(reflection.reflection);
  });

  it('goes back to the details of the new date after an edit that moves it', async () => {
    const moved = { ...reflection, date: '2026-03-05' };
    const calls = stubApi({
      [`GET /adult/reflection/${reflection._id}`]: () => ok(reflection),
      [`PUT /edit/adult/reflection/${userId}/${reflection._id}`]: () => [200, { message: 'ok', data: moved }],
      [`GET /adult/reflection/${moved.date}`]: () => ok(moved),
    });
    const { router } = render(`/adult-reflection/edit/${reflection._id}`);
    const date = await screen.findByLabelText('Date');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/adult-reflection/${reflection.date}`);
    await userEvent.clear(date);
    await userEvent.type(date, '05/03/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reflection updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/adult-reflection/${moved.date}`));
    expect((calls.find((call) => call.method === 'PUT')!.body as Record<string, string>).date).toBe(moved.date);
  });
});
