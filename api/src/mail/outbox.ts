import type { Kysely, Transaction } from 'kysely';
import type { MailConfig } from '../config';
import { newId, timestamp } from '../db/ids';
import type { Database } from '../db/schema';

/** A stored message (table `outbox`): what is sent, and how far its sending got. */
export interface OutboxRow {
  _id: string;
  /** What sent it: invitation, test … */
  kind: string;
  toName: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  /** The same on every try, so that a message sent twice (a crash before its "sent" was stored) is one to the reader. */
  messageId: string;
  state: OutboxState;
  /** Tries begun (a claim is a try). */
  attempts: number;
  /** When a waiting message is due (or was, for the others). */
  nextTryAt: string;
  /** While sending: when another worker may take it (its sender died). */
  claimedUntil: string | null;
  /** The server's words on the last failure, or why it was not sent. */
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export type OutboxState = 'waiting' | 'sending' | 'sent' | 'failed';

declare module '../db/schema' {
  interface Database {
    outbox: OutboxRow;
  }
}

type Query = Kysely<Database> | Transaction<Database>;

export const MAIL_MESSAGES = {
  notConfigured: 'not sent: no mail server configured',
} as const;

/** What a feature hands the outbox. Names and subjects may hold anything a member typed. */
export interface Mail {
  kind: string;
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
}

/** One line: a CR or LF typed in a name or a subject stays text inside its header, never starts another. */
export const oneLine = (value: string): string => value.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();

/**
 * Stores `mail` in the outbox within the caller's transaction (`query`): the message exists exactly when
 * what causes it does. Without a mail server it is kept as not sent, readable in Settings → Mail.
 */
export async function queueMail(query: Query, config: MailConfig, mail: Mail, now = new Date()): Promise<string> {
  const _id = newId(now);
  const domain = config.from?.address.split('@')[1] ?? 'localhost';
  const configured = !!config.smtpUrl;
  await query
    .insertInto('outbox')
    .values({
      _id,
      kind: mail.kind,
      toName: oneLine(mail.to.name),
      toAddress: oneLine(mail.to.address),
      subject: oneLine(mail.subject),
      textBody: mail.text,
      htmlBody: mail.html,
      messageId: `<${_id}@${domain}>`,
      state: configured ? 'waiting' : 'failed',
      attempts: 0,
      nextTryAt: timestamp(now),
      claimedUntil: null,
      lastError: configured ? null : MAIL_MESSAGES.notConfigured,
      createdAt: timestamp(now),
      sentAt: null,
    })
    .execute();
  return _id;
}

/**
 * Takes the next message due for this worker: a waiting one whose time has come, or one whose sender
 * died mid-send (its claim ran out). The claim is a conditional update, so of two workers (two
 * instances on PostgreSQL) only one gets each message.
 */
export async function claimNext(query: Query, claimMs: number, now = new Date()): Promise<OutboxRow | undefined> {
  const at = timestamp(now);
  const candidates = await query
    .selectFrom('outbox')
    .select('_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'waiting'), eb('nextTryAt', '<=', at)]),
        eb.and([eb('state', '=', 'sending'), eb('claimedUntil', '<=', at)]),
      ]),
    )
    .orderBy('nextTryAt')
    .orderBy('_id')
    .limit(10)
    .execute();
  for (const { _id } of candidates) {
    const claimed = await query
      .updateTable('outbox')
      .set((eb) => ({
        state: 'sending',
        claimedUntil: timestamp(new Date(now.getTime() + claimMs)),
        attempts: eb('attempts', '+', 1),
      }))
      .where('_id', '=', _id)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'waiting'), eb('nextTryAt', '<=', at)]),
          eb.and([eb('state', '=', 'sending'), eb('claimedUntil', '<=', at)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
    if (claimed) return { ...claimed, attempts: Number(claimed.attempts) };
  }
  return undefined;
}

export async function markSent(query: Query, id: string, now = new Date()): Promise<void> {
  await query
    .updateTable('outbox')
    .set({ state: 'sent', sentAt: timestamp(now), claimedUntil: null, lastError: null })
    .where('_id', '=', id)
    .execute();
}

/** A failed try: waiting again at `nextTryAt`, or failed for good (undefined). */
export async function markFailed(query: Query, id: string, words: string, nextTryAt?: Date): Promise<void> {
  await query
    .updateTable('outbox')
    .set({
      state: nextTryAt ? 'waiting' : 'failed',
      ...(nextTryAt && { nextTryAt: timestamp(nextTryAt) }),
      claimedUntil: null,
      lastError: words.slice(0, 2000),
    })
    .where('_id', '=', id)
    .execute();
}

/** A sent message is kept this long (Settings → Mail lists it); a failed one longer, to be read and sent again. */
export const OUTBOX_KEEP_SENT_DAYS = 30;
export const OUTBOX_KEEP_FAILED_DAYS = 90;

/** The hourly chore: forgets sent and failed messages past their days; waiting ones are never dropped. */
export async function forgetOldMail(query: Query, now = new Date()): Promise<number> {
  const before = (days: number) => timestamp(new Date(now.getTime() - days * 86_400_000));
  const sent = await query
    .deleteFrom('outbox')
    .where('state', '=', 'sent')
    .where('sentAt', '<', before(OUTBOX_KEEP_SENT_DAYS))
    .executeTakeFirst();
  const failed = await query
    .deleteFrom('outbox')
    .where('state', '=', 'failed')
    .where('createdAt', '<', before(OUTBOX_KEEP_FAILED_DAYS))
    .executeTakeFirst();
  return Number(sent.numDeletedRows) + Number(failed.numDeletedRows);
}
