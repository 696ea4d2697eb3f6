import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Messages queued, then delivered in one pass of the worker. */
export const MAIL_MESSAGES = 1000;

interface SenderFigures {
  queuedMs: number;
  sendMs: number;
  sent: number;
  states: Record<string, number>;
}

/** A local SMTP server (Nodemailer's smtp-server) that takes every message and counts the ones it got. */
async function countingSmtp() {
  let received = 0;
  const recipients = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received++;
        for (const rcpt of session.envelope.rcptTo) recipients.add(rcpt.address);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    counts: () => ({ received, recipients: recipients.size }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The production outbox and worker (api/dist) in a process of their own, on the database `env` names. */
function runSender(env: Record<string, string>): Promise<SenderFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'mail-sender.mjs')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = output.trim().split('\n').pop() ?? '';
      if (code === 0) resolve(JSON.parse(last) as SenderFigures);
      else reject(new Error(`the mail bench's sender failed (exit ${code}):\n${output}`));
    });
  });
}

/**
 * `npm run bench -- mail`: 1,000 messages queued in the outbox (one transaction each, as the features
 * store them), then the time the worker takes to deliver them all to a local SMTP server, one after
 * another as in production: on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
export async function mailFigures(report: (what: string, figure: string, budget: string) => void): Promise<void> {
  console.log(`\n# 18. mail: ${MAIL_MESSAGES.toLocaleString('en')} queued messages delivered to a local SMTP server`);
  const engines: [string, Record<string, string>][] = [['SQLite', {}]];
  if (process.env.TEST_DATABASE_URL) {
    engines.push([
      'PostgreSQL',
      { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: `bench_mail_${randomBytes(4).toString('hex')}` },
    ]);
  }
  for (const [engine, database] of engines) {
    const smtp = await countingSmtp();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-mail-'));
    try {
      const figures = await runSender({
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Bench Parish <office@bench.example.org>',
        MAIL_BENCH_COUNT: String(MAIL_MESSAGES),
        ...database,
      });
      const { received, recipients } = smtp.counts();
      const perSecond = (figures.sent / figures.sendMs) * 1000;
      report(
        `mail (${engine}): ${MAIL_MESSAGES.toLocaleString('en')} queued → delivered`,
        `${(figures.sendMs / 1000).toFixed(1)} s (${perSecond.toFixed(0)} messages/s)`,
        'printed',
      );
      report(
        `mail (${engine}): received, each once`,
        `${received} to ${recipients} addresses; outbox ${JSON.stringify(figures.states)}`,
        `${MAIL_MESSAGES} to ${MAIL_MESSAGES}, all sent`,
      );
      report(
        `mail (${engine}): queueing them, one transaction each`,
        `${(figures.queuedMs / 1000).toFixed(1)} s`,
        'for comparison',
      );
    } finally {
      await smtp.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
