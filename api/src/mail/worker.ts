import tls from 'node:tls';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../config';
import type { Db } from '../db/database';
import { parishSettings } from '../parish/settings';
import { claimNext, markFailed, markSent, type OutboxRow } from './outbox';

/** A message that keeps failing softly is failed for good after this long (each try is in the outbox). */
const GIVE_UP_MS = 3 * 86_400_000;

/** The wait after the n-th failed try: the first one, doubled each time, at most the longest. */
export function retryWait(config: Pick<MailConfig, 'retryFirstMs' | 'retryMaxMs'>, attempts: number): number {
  return Math.min(config.retryMaxMs, config.retryFirstMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

interface SendError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/**
 * A refusal of this one message (a recipient or its content, EENVELOPE / EMESSAGE) leaves the server
 * usable for the next; anything else (no connection, a drop, a timeout, a refused login, 421) means it
 * is not, and the pass stops until the next poll.
 */
const aboutTheMessage = (error: SendError) => error.code === 'EENVELOPE' || error.code === 'EMESSAGE';

/** 5xx is the server's final no (a refused login aside: the message is fine, the settings are not). */
const isFinal = (error: SendError) =>
  error.responseCode !== undefined && error.responseCode >= 500 && error.code !== 'EAUTH';

/**
 * Sends the outbox's messages through SMTP_URL: claims one, sends it, marks it sent; a failure waits
 * and is tried again, growing the wait, unless the server said a final 5xx. See docs/mail.md.
 */
export class MailSender {
  private transport?: Transporter;
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly db: Db,
    private readonly config: MailConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  private transporter(): Transporter {
    this.transport ??= nodemailer.createTransport({
      url: this.config.smtpUrl,
      pool: true,
      maxConnections: 2,
      // A server that does not answer is given up on well within a claim (MAIL_CLAIM_MS).
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
      // SMTP_CA_FILE adds to Node's CAs; the certificate and its name are verified either way.
      ...(this.config.smtpCa && { tls: { ca: [...tls.rootCertificates, ...this.config.smtpCa] } }),
    });
    return this.transport;
  }

  /** Sends every message due, one after another; answers how many were sent. */
  async sendDue(): Promise<number> {
    if (!this.config.smtpUrl || !this.config.from) return 0;
    let sent = 0;
    for (;;) {
      const row = await claimNext(this.db.kysely, this.config.claimMs);
      if (!row) return sent;
      const error = await this.send(row);
      if (!error) sent++;
      else if (!aboutTheMessage(error)) return sent;
    }
  }

  private async send(row: OutboxRow): Promise<SendError | undefined> {
    const from = this.config.from!;
    try {
      await this.transporter().sendMail({
        from: { name: from.name || (await parishSettings(this.db)).name, address: from.address },
        to: { name: row.toName, address: row.toAddress },
        ...(this.config.replyTo && { replyTo: this.config.replyTo }),
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        messageId: row.messageId,
      });
    } catch (caught) {
      const error = caught as SendError;
      const words = error.response ?? error.message ?? String(caught);
      const now = Date.now();
      if (isFinal(error)) await markFailed(this.db.kysely, row._id, words);
      else if (now - Date.parse(row.createdAt) > GIVE_UP_MS) {
        await markFailed(this.db.kysely, row._id, `gave up after 3 days of tries: ${words}`);
      } else {
        await markFailed(this.db.kysely, row._id, words, new Date(now + retryWait(this.config, row.attempts)));
      }
      this.log.warn({ outbox: row._id, attempts: row.attempts, code: error.code }, `mail not sent: ${words}`);
      return error;
    }
    await markSent(this.db.kysely, row._id);
    return undefined;
  }

  /** Looks at the outbox every MAIL_POLL_MS (one pass at a time) until stop(). */
  start(): this {
    const tick = () => {
      if (this.running) return;
      this.running = this.sendDue()
        .catch((error: unknown) => this.log.error(error, 'the mail worker failed'))
        .finally(() => (this.running = undefined));
    };
    this.timer = setInterval(tick, this.config.pollMs);
    this.timer.unref();
    tick();
    return this;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    this.transport?.close();
    this.transport = undefined;
  }
}
