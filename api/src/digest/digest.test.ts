import { addActivity } from '../activity/record';
import { calendarDates, dayOfYear } from '../analytics/calendar';
import { createAdmin } from '../auth/admins';
import { DAILY_BACKUP_FAILED, SERVER_MEMBER as BACKUP_MEMBER } from '../backups/schedule';
import { openDatabase } from '../db/database';
import { newId, timestamp } from '../db/ids';
import { localNow } from '../http/dates';
import { SERVER_MEMBER as ROLLBACK_MEMBER } from '../releases/client-reports';
import { engines, startServer, type TestServer } from '../testing/harness';
import { startTestSmtp, type Received, type TestSmtp } from '../testing/smtp';
import { makeWeeklyDigest } from './digest';
import { digestDue, instantOf, nextDigestAt } from './schedule';
import { MAIL_MESSAGES } from '../mail/outbox';
import { MailSender } from '../mail/worker';

// The weekly digest: its time in the parish's zone (across changes of clocks), what it lists for a
// seeded week as a member receives it, who gets it, and that a week's goes once however many ask.

const at = (iso: string) => new Date(iso);

describe('when the weekly digest is due', () => {
  it('is Monday 07:00 in the parish’s zone: from that minute that week’s, before it the week before’s', () => {
    // Lagos is UTC+1 all year.
    expect(digestDue(at('2026-12-07T06:00:00.000Z'), 'Africa/Lagos')).toEqual({
      week: '2026-12-07',
      at: at('2026-12-07T06:00:00.000Z'),
    });
    expect(digestDue(at('2026-12-07T05:59:59.999Z'), 'Africa/Lagos').week).toBe('2026-11-30');
    // Wednesday: still that week's (a server started late in the week makes it).
    expect(digestDue(at('2026-12-09T15:00:00.000Z'), 'Africa/Lagos').week).toBe('2026-12-07');
    expect(nextDigestAt(at('2026-12-07T06:00:00.000Z'), 'Africa/Lagos')).toEqual(at('2026-12-14T06:00:00.000Z'));
  });

  it('keeps 07:00 on the parish’s clock when the clocks change between two Mondays', () => {
    // London goes to summer time on Sunday 29 March 2026 and back on Sunday 25 October.
    expect(nextDigestAt(at('2026-03-28T12:00:00.000Z'), 'Europe/London')).toEqual(at('2026-03-30T06:00:00.000Z'));
    expect(digestDue(at('2026-03-28T12:00:00.000Z'), 'Europe/London').at).toEqual(at('2026-03-23T07:00:00.000Z'));
    expect(nextDigestAt(at('2026-10-24T12:00:00.000Z'), 'Europe/London')).toEqual(at('2026-10-26T07:00:00.000Z'));
    // New York changes on Sunday 8 March: 07:00 is 12:00 UTC the Monday before, 11:00 UTC the one after.
    expect(digestDue(at('2026-03-07T12:00:00.000Z'), 'America/New_York').at).toEqual(at('2026-03-02T12:00:00.000Z'));
    expect(nextDigestAt(at('2026-03-07T12:00:00.000Z'), 'America/New_York')).toEqual(at('2026-03-09T11:00:00.000Z'));
    // Sydney's Monday 07:00 is Sunday evening in UTC; summer time starts on Sunday 4 October.
    expect(nextDigestAt(at('2026-10-01T00:00:00.000Z'), 'Australia/Sydney')).toEqual(at('2026-10-04T20:00:00.000Z'));
    expect(digestDue(at('2026-10-04T19:59:00.000Z'), 'Australia/Sydney')).toEqual({
      week: '2026-09-28',
      at: at('2026-09-27T21:00:00.000Z'),
    });
  });

  it('takes a time the clocks skip as the instant they jump to, and a repeated one the first time', () => {
    // 02:30 does not exist in New York on 8 March 2026 (02:00 EST is 03:00 EDT); 01:30 on 1 November happens twice.
    expect(new Date(instantOf(Date.UTC(2026, 2, 8, 2, 30), 'America/New_York'))).toEqual(
      at('2026-03-08T07:30:00.000Z'),
    );
    expect(new Date(instantOf(Date.UTC(2026, 10, 1, 1, 30), 'America/New_York'))).toEqual(
      at('2026-11-01T05:30:00.000Z'),
    );
  });
});

const FAST = { pollMs: 20, retryFirstMs: 20, retryMaxMs: 200, claimMs: 60_000 };
const ORIGIN = 'https://office.example.org';
const ZONE = 'Africa/Lagos';

describe.each(engines())('the weekly digest on %s', (_name, engine) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let sender: MailSender;
  let token: string;
  /** The next Monday 07:00 in Lagos: every record the suite makes now is of the week before it. */
  let monday: Date;

  const digests = (): Received[] =>
    smtp.received.filter((message) => message.headers.get('subject')?.[0]?.startsWith('St Mary: the week of'));
  /** Waits until the outbox has sent everything it holds, then answers the digests received. */
  async function delivered(count: number): Promise<Received[]> {
    for (let tries = 0; tries < 500; tries++) {
      const pending = await server.db.kysely
        .selectFrom('outbox')
        .select('_id')
        .where('state', 'in', ['waiting', 'sending'])
        .execute();
      if (!pending.length && digests().length >= count) return digests();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`${digests().length} of ${count} digests arrived`);
  }
  const make = (now: Date, db = server.db) => makeWeeklyDigest(db, server.config.mail, ORIGIN, now);
  const day = (date: string) =>
    new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startServer(engine, {
      publicUrl: ORIGIN,
      mail: { ...FAST, smtpUrl: smtp.url, from: { name: '', address: 'office@stmary.example.org' } },
    });
    sender = new MailSender(server.db, server.config.mail, server.app.log).start();
    token = await server.login();
    const parish = await server.call('PUT', '/api/v1/parish', {
      token,
      json: { name: 'St Mary', currency: 'NGN', timeZone: ZONE, weekStart: 1 },
    });
    expect(parish.status).toBe(200);
    monday = nextDigestAt(new Date(), ZONE);
  });
  afterAll(async () => {
    await sender.stop();
    await server.close();
    await smtp.stop();
  });

  it('lists the week’s new prayer requests, waiting intentions, calendar gaps and failures, to those who want it', async () => {
    await server.call('PUT', '/api/v1/account', {
      token,
      json: { name: 'Fr. Anthony', email: server.admin.email, weeklyDigest: true },
    });
    const graceId = await createAdmin(server.db, 'grace@parish.org', 'grace password', 12, {
      name: 'Sister Grace',
      role: 'Manager',
    });
    await createAdmin(server.db, 'paul@parish.org', 'paul password', 12, { name: 'Brother Paul', role: 'Manager' });
    const paul = (
      await server.call('POST', '/api/v1/admin/login', {
        json: { email: 'paul@parish.org', password: 'paul password' },
      })
    ).body.token as string;
    const off = await server.call('PUT', '/api/v1/account', {
      token: paul,
      json: { name: 'Brother Paul', email: 'paul@parish.org', weeklyDigest: false },
    });
    expect(off.body.data.weeklyDigest).toBe(false);

    // Prayer requests from the app: one left New, one prayed for and assigned; one older than the week.
    const submit = async (request: string) =>
      (await server.call('POST', '/api/v1/prayer/request', { json: { request } })).body.data._id as string;
    await submit('For my mother in hospital <b>tonight</b>');
    const exams = await submit('For my son’s exams');
    const cared = await server.call('PUT', `/api/v1/prayer/request/${server.admin._id}/${exams}`, {
      token,
      json: { state: 'Prayed for', assigneeId: graceId },
    });
    expect(cared.status).toBe(200);
    await server.db.kysely
      .insertInto('prayerRequests')
      .values({
        _id: newId(),
        request: 'A request of last month',
        createdAt: timestamp(new Date(monday.getTime() - 20 * 86_400_000)),
      })
      .execute();

    // Intentions: one waits to be placed, one was cancelled.
    const intend = async (fullname: string, intention: string) =>
      (
        await server.call('POST', '/api/v1/mass/intention', {
          json: { fullname, email: 'family@example.org', intention },
        })
      ).body.data._id as string;
    await intend('Okafor family', 'For the repose of the soul of John Okafor');
    const cancelled = await intend('Adeyemi family', 'Thanksgiving');
    const cancel = await server.call('PUT', `/api/v1/mass/intention/${server.admin._id}/${cancelled}`, {
      token,
      json: { state: 'Cancelled' },
    });
    expect(cancel.status).toBe(200);

    // The digest's week: every reflection and reading but Tuesday's children's, Wednesday's adult and Thursday's reading.
    const week = calendarDates(localNow(monday, ZONE).date, 7);
    const stamp = timestamp();
    for (const [index, date] of week.entries()) {
      for (const audience of ['adult', 'children']) {
        if ((index === 1 && audience === 'children') || (index === 2 && audience === 'adult')) continue;
        await server.db.kysely
          .insertInto('reflections')
          .values({
            _id: newId(),
            audience,
            date,
            topic: 'Topic',
            reflection: '<p>Text</p>',
            bibleReading: 'John 3:16',
            devotionalContent: '',
            devotionalConfession: '',
            furtherReading: '',
            mass: '',
            createdAt: stamp,
            updatedAt: stamp,
          })
          .execute();
      }
      if (index === 3) continue;
      await server.db.kysely
        .insertInto('readings')
        .values({
          _id: newId(),
          day: dayOfYear(date),
          week: 1,
          date,
          passage: 'Genesis 1',
          createdAt: stamp,
          updatedAt: stamp,
        })
        .execute();
    }

    // What failed, as the daily backup and the releases record it; a member's own write is not a failure.
    await addActivity(server.db, {
      ...BACKUP_MEMBER,
      kind: 'backup',
      summary: `${DAILY_BACKUP_FAILED}: no space left on device`,
    });
    await addActivity(server.db, {
      ...ROLLBACK_MEMBER,
      kind: 'release',
      summary: 'Community 1.2.0-abc1234 rolled back automatically: it failed for 4 of 6 members (more than 20 %)',
    });
    await addActivity(server.db, {
      adminId: server.admin._id,
      member: 'Fr. Anthony',
      kind: 'book',
      summary: 'Added book “Psalms”',
    });

    expect(await make(monday)).toEqual({ outcome: 'queued', week: localNow(monday, ZONE).date, members: 2 });
    const received = await delivered(2);
    expect(received.map((message) => message.to).sort()).toEqual([[server.admin.email], ['grace@parish.org']]);
    const mine = received.find((message) => message.to[0] === server.admin.email)!;
    const weekOf = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${week[0]}T00:00:00Z`));
    expect(mine.headers.get('subject')).toEqual([`St Mary: the week of ${weekOf}`]);
    const text = mine.text.replace(/\r\n/g, '\n');
    expect(text).toMatch(/^Dear Fr\. Anthony,\n/);
    const section = (title: string) => text.slice(text.indexOf(title)).split('\n\n')[0]!.split('\n');
    const [requestsTitle, ...requests] = section('NEW PRAYER REQUESTS');
    expect(requestsTitle).toMatch(/^NEW PRAYER REQUESTS SINCE .* \(2\)$/);
    expect(requests).toEqual([
      expect.stringMatching(/, New: “For my mother in hospital <b>tonight<\/b>”$/),
      expect.stringMatching(/, Prayed for, assigned to Sister Grace: “For my son’s exams”$/),
      `Open Prayer Requests: ${ORIGIN}/prayer-requests`,
    ]);
    expect(section('MASS INTENTIONS')).toEqual([
      'MASS INTENTIONS WAITING TO BE PLACED (1)',
      expect.stringMatching(/^- Okafor family, asked .*: “For the repose of the soul of John Okafor”$/),
      `Open Mass Scheduling: ${ORIGIN}/mass-scheduling`,
    ]);
    expect(section('GAPS IN THE CONTENT CALENDAR')).toEqual([
      `GAPS IN THE CONTENT CALENDAR, ${day(week[0]!)} TO ${day(week[6]!)}`.toUpperCase(),
      `- ${day(week[1]!)}: the children's reflection`,
      `- ${day(week[2]!)}: the adult reflection`,
      `- ${day(week[3]!)}: the Bible reading (plan week ${Math.min(52, Math.ceil(dayOfYear(week[3]!) / 7))})`,
      `Open the content calendar: ${ORIGIN}/dashboard`,
    ]);
    expect(section('WHAT FAILED')).toEqual([
      expect.stringMatching(/^WHAT FAILED SINCE /),
      expect.stringMatching(/: The daily backup failed: no space left on device$/),
      expect.stringMatching(/: Community 1\.2\.0-abc1234 rolled back automatically: it failed for 4 of 6 members/),
      `Open Settings → Backups: ${ORIGIN}/settings/backups`,
    ]);
    expect(text).toContain(`Turn it off in Settings → Profile: ${ORIGIN}/settings/profile`);
    expect(text).toMatch(/\n— St Mary$/);
    expect(mine.html).toContain('For my mother in hospital &lt;b&gt;tonight&lt;/b&gt;');
    expect(mine.html).toContain(`<a href="${ORIGIN}/prayer-requests"`);
    // A Manager does not manage the backups and releases: no failures in hers.
    const grace = received.find((message) => message.to[0] === 'grace@parish.org')!;
    expect(grace.text).toMatch(/^Dear Sister Grace,/);
    expect(grace.text).toContain('MASS INTENTIONS WAITING TO BE PLACED (1)');
    expect(grace.text).not.toContain('WHAT FAILED');
  });

  it('goes once a week: two instances asking at once make one, and the next lists only what is new since', async () => {
    smtp.received.length = 0;
    // Asked again in the same week, before and after its time: already made.
    expect((await make(new Date(monday.getTime() + 60_000))).outcome).toBe('done');
    const next = new Date(monday.getTime() + 7 * 86_400_000);
    await server.db.kysely
      .insertInto('prayerRequests')
      .values({ _id: newId(), request: 'For rain', createdAt: timestamp(new Date(next.getTime() - 86_400_000)) })
      .execute();
    // A second instance: its own connection (pool on PostgreSQL) to the same database.
    const other = engine.engine === 'postgres' ? openDatabase(server.config) : server.db;
    try {
      const outcomes = await Promise.all([make(next), make(next, other), make(new Date(next.getTime() + 1000))]);
      expect(outcomes.filter((made) => made.outcome === 'queued')).toEqual([
        { outcome: 'queued', week: localNow(next, ZONE).date, members: 2 },
      ]);
    } finally {
      if (other !== server.db) await other.close();
    }
    const received = await delivered(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(digests()).toHaveLength(2);
    const text = received[0]!.text.replace(/\r\n/g, '\n');
    expect(text).toMatch(/NEW PRAYER REQUESTS SINCE .* \(1\)\n- .*, New: “For rain”\n/);
  });

  it('is made by a server started later in the week, once, and not before the next Monday 07:00', async () => {
    smtp.received.length = 0;
    const wednesday = new Date(monday.getTime() + 16 * 86_400_000);
    expect(await make(wednesday)).toMatchObject({ outcome: 'queued', members: 2 });
    expect((await make(new Date(wednesday.getTime() + 3_600_000))).outcome).toBe('done');
    // 06:59 on the next Monday is still that week.
    expect((await make(new Date(monday.getTime() + 21 * 86_400_000 - 60_000))).outcome).toBe('done');
    await delivered(2);
  });
});

describe.each(engines())('the weekly digest without a mail server on %s', (_name, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, { publicUrl: ORIGIN });
  });
  afterAll(() => server.close());

  it('is kept in the outbox as not sent, shown in Settings → Mail, and made once a week', async () => {
    const monday = nextDigestAt(new Date(), ZONE);
    const made = await makeWeeklyDigest(server.db, server.config.mail, ORIGIN, monday);
    expect(made).toMatchObject({ outcome: 'queued', members: 1 });
    expect((await makeWeeklyDigest(server.db, server.config.mail, ORIGIN, monday)).outcome).toBe('done');
    const shown = await server.call('GET', '/api/v1/mail', { token: await server.login() });
    expect(shown.status).toBe(200);
    expect(shown.body.data.messages).toEqual([
      expect.objectContaining({
        kind: 'weekly-digest',
        toAddress: server.admin.email,
        state: 'failed',
        lastError: MAIL_MESSAGES.notConfigured,
      }),
    ]);
  });
});
