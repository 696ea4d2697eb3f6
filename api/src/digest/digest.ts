import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { contentCalendar } from '../analytics/calendar';
import { can } from '../auth/permissions';
import { DAILY_BACKUP_FAILED, SERVER_MEMBER as BACKUP_MEMBER } from '../backups/schedule';
import type { MailConfig } from '../config';
import type { Db } from '../db/database';
import { timestamp } from '../db/ids';
import { exclusively, LOCKS } from '../db/instances';
import { localNow } from '../http/dates';
import type { Database } from '../db/schema';
import { parishSettings, type Parish } from '../parish/settings';
import { SERVER_MEMBER as ROLLBACK_MEMBER } from '../releases/client-reports';
import { publicOrigin } from '../uploads/store';
import { escapeHtml } from '../mail/compose';
import { digestDue, DIGEST_AT } from './schedule';
import { MAIL_MESSAGES, oneLine, queueMail, type Mail } from '../mail/outbox';

/** Migration 0029: which week's digest was taken on (its Monday) and when it was made (slot 1 only). */
export interface WeeklyDigestTable {
  slot: number;
  lastWeek: string | null;
  lastMadeAt: string | null;
}

declare module '../db/schema' {
  interface Database {
    weeklyDigest: WeeklyDigestTable;
  }
}

/** A list in the digest names at most this many; the rest are counted ("and 12 more"). */
export const DIGEST_LIST_MAX = 20;
/** A prayer request or an intention is quoted up to this many characters. */
const QUOTE_MAX = 200;
/** The first digest (no earlier one) lists what is new in the week before. */
const WEEK_MS = 7 * 86_400_000;

/** A section of the digest: its title, its lines (or the words saying there is nothing), and where to act. */
interface Section {
  title: string;
  lines: string[];
  /** How many were left out of `lines`. */
  more: number;
  empty: string;
  link: { label: string; url: string };
}

/** What the digest of a week says, the same for every member (the failures are the Admins'). */
export interface DigestFacts {
  week: string;
  since: string;
  prayerRequests: Section;
  intentions: Section;
  gaps: Section;
  failures: Section;
}

const quote = (text: string) => {
  const line = oneLine(text);
  return `“${line.length > QUOTE_MAX ? `${line.slice(0, QUOTE_MAX - 1)}…` : line}”`;
};

/** A day (YYYY-MM-DD) in words: Monday 7 December. */
const day = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
/** A moment in the parish's zone, in words: Sat 5 Dec, 02:30. */
const moment = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(at));
const date = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone }).format(new Date(at));

const capped = (lines: string[], total: number) => ({
  lines: lines.slice(0, DIGEST_LIST_MAX),
  more: total - Math.min(lines.length, DIGEST_LIST_MAX),
});

/**
 * What the week's digest says, read in the transaction that claims the week: the prayer requests new
 * since `since`, the intentions waiting to be placed, the gaps of the content calendar's next 7 days
 * from `today`, and what failed since `since`.
 */
export async function digestFacts(
  db: Db,
  parish: Parish,
  origin: string,
  window: { week: string; since: string; now: string; today: string },
): Promise<DigestFacts> {
  const { since, now, today } = window;
  const { timeZone } = parish;
  const q = db.kysely;

  const requests = await q
    .selectFrom('prayerRequests')
    .leftJoin('admins', 'admins._id', 'prayerRequests.assigneeId')
    .select([
      'prayerRequests.request',
      'prayerRequests.state',
      'prayerRequests.createdAt',
      'admins.name',
      'admins.email',
    ])
    .where('prayerRequests.createdAt', '>', since)
    .where('prayerRequests.createdAt', '<=', now)
    .orderBy('prayerRequests.createdAt')
    .orderBy('prayerRequests._id')
    .execute();
  const prayerRequests: Section = {
    title: `New prayer requests since ${date(since, timeZone)} (${requests.length})`,
    ...capped(
      requests.map((row) => {
        const assigned = row.name || row.email ? `, assigned to ${oneLine(row.name || row.email!)}` : '';
        return `${date(row.createdAt, timeZone)}, ${row.state}${assigned}: ${quote(row.request)}`;
      }),
      requests.length,
    ),
    empty: 'No new prayer requests.',
    link: { label: 'Open Prayer Requests', url: `${origin}/prayer-requests` },
  };

  const waiting = await q
    .selectFrom('massIntentions')
    .select(['fullname', 'intention', 'createdAt'])
    .where('state', '=', 'Requested')
    .orderBy('createdAt')
    .orderBy('_id')
    .execute();
  const intentions: Section = {
    title: `Mass intentions waiting to be placed (${waiting.length})`,
    ...capped(
      waiting.map((row) => `${oneLine(row.fullname)}, asked ${date(row.createdAt, timeZone)}: ${quote(row.intention)}`),
      waiting.length,
    ),
    empty: 'No intention is waiting to be placed.',
    link: { label: 'Open Mass Scheduling', url: `${origin}/mass-scheduling` },
  };

  // The content calendar's own days (the dashboard's), its first week.
  const days = (await contentCalendar(db, today)).days.slice(0, 7);
  const missing = days.flatMap((entry) => {
    const lacks = [
      ...(entry.adultReflection ? [] : ['the adult reflection']),
      ...(entry.childrenReflection ? [] : ["the children's reflection"]),
      ...(entry.reading ? [] : [`the Bible reading (plan week ${entry.planWeek})`]),
    ];
    return lacks.length ? [`${day(entry.date)}: ${lacks.join(', ')}`] : [];
  });
  const gaps: Section = {
    title: `Gaps in the content calendar, ${day(days[0]!.date)} to ${day(days[days.length - 1]!.date)}`,
    ...capped(missing, missing.length),
    empty: 'Every day has its reflections and its reading.',
    link: { label: 'Open the content calendar', url: `${origin}/dashboard` },
  };

  const failed = await q
    .selectFrom('activity')
    .select(['at', 'summary'])
    .where('at', '>', since)
    .where('at', '<=', now)
    .where((eb) =>
      eb.or([
        eb.and([eb('member', '=', BACKUP_MEMBER.member), eb('summary', 'like', `${DAILY_BACKUP_FAILED}%`)]),
        eb('member', '=', ROLLBACK_MEMBER.member),
      ]),
    )
    .orderBy('at')
    .execute();
  const lines = failed.map((row) => `${moment(row.at, timeZone)}: ${oneLine(row.summary)}`);
  const schedule = await q.selectFrom('backupSchedule').select('failedAt').where('slot', '=', 1).executeTakeFirst();
  if (schedule?.failedAt) lines.push('No daily backup has succeeded since the last one failed.');
  const unsent = await q
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('state', '=', 'failed')
    .where('createdAt', '>', since)
    .where((eb) => eb.or([eb('lastError', 'is', null), eb('lastError', '!=', MAIL_MESSAGES.notConfigured)]))
    .executeTakeFirst();
  const refused = Number(unsent?.count ?? 0);
  if (refused)
    lines.push(`${refused} mail message${refused === 1 ? ' was' : 's were'} refused for good (Settings → Mail).`);
  const backupFailed = !!schedule?.failedAt || failed.some((row) => row.summary.startsWith(DAILY_BACKUP_FAILED));
  const failures: Section = {
    title: `What failed since ${date(since, timeZone)}`,
    ...capped(lines, lines.length),
    empty: 'Nothing failed: no daily backup failed and no release was rolled back automatically.',
    // Where to act: the backups when one failed, else the releases (an automatic rollback).
    link: backupFailed
      ? { label: 'Open Settings → Backups', url: `${origin}/settings/backups` }
      : { label: 'Open Settings → Deployed versions', url: `${origin}/settings/versions` },
  };

  return { week: window.week, since, prayerRequests, intentions, gaps, failures };
}

const sectionText = (section: Section) =>
  [
    section.title.toUpperCase(),
    ...(section.lines.length ? section.lines.map((line) => `- ${line}`) : [section.empty]),
    ...(section.more ? [`- and ${section.more} more`] : []),
    `${section.link.label}: ${section.link.url}`,
  ].join('\n');

const sectionHtml = (section: Section) =>
  [
    `<h2 style="margin:24px 0 8px;font-size:16px;color:#111827">${escapeHtml(section.title)}</h2>`,
    section.lines.length
      ? `<ul style="margin:0 0 8px;padding-left:20px">${[
          ...section.lines,
          ...(section.more ? [`and ${section.more} more`] : []),
        ]
          .map((line) => `<li style="margin:0 0 4px">${escapeHtml(line)}</li>`)
          .join('')}</ul>`
      : `<p style="margin:0 0 8px;color:#4b5563">${escapeHtml(section.empty)}</p>`,
    `<p style="margin:0 0 16px"><a href="${escapeHtml(section.link.url)}" style="color:#2563eb">${escapeHtml(section.link.label)}</a></p>`,
  ].join('');

/** One member's digest: the failures only to those who manage the backups and releases (the dashboard's rule). */
export function digestMail(
  facts: DigestFacts,
  member: { name: string; email: string; role: string },
  parish: Parish,
  origin: string,
): Mail {
  const sections = [
    facts.prayerRequests,
    facts.intentions,
    facts.gaps,
    ...(can(member.role, 'team') ? [facts.failures] : []),
  ];
  const name = oneLine(member.name) || member.email;
  const week = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${facts.week}T00:00:00Z`));
  const intro = `Here is the week at ${parish.name}'s back-office: what is new, what waits, and what is missing.`;
  const footnote = `You get this digest every ${DIGEST_AT} (${parish.timeZone}). Turn it off in Settings → Profile: ${origin}/settings/profile`;
  const text = [`Dear ${name},`, intro, ...sections.map(sectionText), footnote, `— ${parish.name}`].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">',
    '<div style="max-width:560px;margin:0 auto;padding:24px">',
    `<p style="margin:0 0 24px;font-weight:bold;color:#374151">${escapeHtml(parish.name)}</p>`,
    `<p style="margin:0 0 16px">${escapeHtml(`Dear ${name},`)}</p>`,
    `<p style="margin:0 0 16px">${escapeHtml(intro)}</p>`,
    ...sections.map(sectionHtml),
    `<p style="margin:24px 0 0;font-size:13px;color:#6b7280">You get this digest every ${DIGEST_AT} (${escapeHtml(parish.timeZone)}). <a href="${escapeHtml(`${origin}/settings/profile`)}" style="color:#6b7280">Turn it off in Settings → Profile</a>.</p>`,
    '</div></body></html>',
  ].join('');
  return {
    kind: 'weekly-digest',
    to: { name: member.name, address: member.email },
    subject: `${parish.name}: the week of ${week}`,
    text,
    html,
  };
}

export type DigestOutcome =
  /** This week's digest was made already, here or by another instance. */
  | 'done'
  /** Another instance holds the chores' lock (PostgreSQL): asked again at the next check. */
  | 'busy'
  | 'queued';

/**
 * The weekly digest, asked every minute (server.ts): once Monday 07:00 has come in the parish's zone
 * and no instance made this week's, one claims the week (a conditional update of one row, under the
 * chores' lock) and stores a digest for each active member who has not turned it off, in the same
 * transaction: a crash leaves either the week claimed with every message in the outbox, or neither.
 * A server started later in the week makes that week's. Without SMTP_URL it is made all the same,
 * kept as not sent like any message. Answers what it did, and to how many.
 */
export async function makeWeeklyDigest(
  db: Db,
  mail: MailConfig,
  origin: string,
  now: Date = new Date(),
): Promise<{ outcome: DigestOutcome; week?: string; members?: number }> {
  const parish = await parishSettings(db);
  const { week } = digestDue(now, parish.timeZone);
  const row = await db.kysely.selectFrom('weeklyDigest').select('lastWeek').where('slot', '=', 1).executeTakeFirst();
  if (row?.lastWeek && row.lastWeek >= week) return { outcome: 'done', week };
  const made = await exclusively(db, LOCKS.chores, false, () =>
    db.kysely.transaction().execute(async (trx: Transaction<Database>) => {
      const before = await trx.selectFrom('weeklyDigest').select('lastMadeAt').where('slot', '=', 1).executeTakeFirst();
      // Of two instances (or ticks) asking at once, the update lets one through: the other finds the week taken.
      const claimed = await trx
        .updateTable('weeklyDigest')
        .set({ lastWeek: week, lastMadeAt: timestamp(now) })
        .where('slot', '=', 1)
        .where((eb) => eb.or([eb('lastWeek', 'is', null), eb('lastWeek', '<', week)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return 'done' as const;
      const since = before?.lastMadeAt ?? timestamp(new Date(now.getTime() - WEEK_MS));
      const today = localNow(now, parish.timeZone).date;
      const facts = await digestFacts({ ...db, kysely: trx }, parish, origin, {
        week,
        since,
        now: timestamp(now),
        today,
      });
      const members = await trx
        .selectFrom('admins')
        .select(['name', 'email', 'role'])
        .where('active', '=', 1)
        .where('weeklyDigest', '=', 1)
        .orderBy('email')
        .execute();
      for (const member of members) await queueMail(trx, mail, digestMail(facts, member, parish, origin));
      return members.length;
    }),
  );
  // Undefined: another instance holds the chores' lock; asked again in a minute.
  if (made === undefined) return { outcome: 'busy', week };
  return made === 'done' ? { outcome: 'done', week } : { outcome: 'queued', week, members: made };
}

/** The digest check is asked every minute: its time is a minute of the parish's week. */
export const DIGEST_CHECK_INTERVAL_MS = 60_000;

/** The weekly digest's chore for the server (server.ts): logs what it made. */
export function weeklyDigestOf(app: FastifyInstance): () => Promise<void> {
  return async () => {
    // A restore replaces the tables it would read and write: asked again in a minute.
    if (app.backups.isRestoring) return;
    const made = await makeWeeklyDigest(app.db, app.config.mail, publicOrigin(app));
    if (made.outcome === 'queued')
      app.log.info(`the weekly digest of ${made.week} was queued for ${made.members} member(s)`);
  };
}
