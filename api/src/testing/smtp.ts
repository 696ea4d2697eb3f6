import { SMTPServer } from 'smtp-server';
import type { AddressInfo, Socket } from 'node:net';

/** A message as the SMTP server received it. */
export interface Received {
  from: string;
  to: string[];
  raw: string;
  /** The headers, unfolded, by lower-case name (a repeated header keeps each). */
  headers: Map<string, string[]>;
  /** The plain-text part, decoded from quoted-printable. */
  text: string;
  html: string;
  /** Whether the session had TLS when the message came (implicit, or upgraded with STARTTLS). */
  secure: boolean;
}

export interface TestSmtp {
  port: number;
  /** SMTP_URL for the server. */
  url: string;
  received: Received[];
  /** Each accepted login: its user, and whether the session had TLS by then. */
  logins: { user: string; secure: boolean }[];
  /** Waits until at least `count` messages have arrived (or fails after `ms`). */
  waitFor(count: number, ms?: number): Promise<Received[]>;
  stop(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Listen on this port (a restart on the same address); a free one otherwise. */
  port?: number;
  /** An SMTP refusal (code and words) for a recipient, or undefined to accept it. */
  refuse?: (address: string) => { code: number; words: string } | undefined;
  /** True to take a message's data and never answer it (a sender killed before the server confirmed). */
  hold?: () => boolean;
  /** True to cut the connection in the middle of a message's data (a server or network that dropped it). */
  drop?: () => boolean;
  /**
   * TLS with this key and certificate (PEM): offered with STARTTLS on smtp://, or from the first byte
   * on smtps:// ('implicit'). Without it the server speaks plain SMTP and offers no STARTTLS.
   */
  tls?: { mode: 'starttls' | 'implicit'; key: string; cert: string };
}

const decodeQuotedPrintable = (body: string): string =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The part of a multipart message of the given content type, decoded. */
function part(raw: string, type: string): string {
  const start = raw.search(new RegExp(`Content-Type: ${type}`, 'i'));
  if (start < 0) return '';
  const rest = raw.slice(start);
  const headerEnd = rest.indexOf('\r\n\r\n');
  const head = rest.slice(0, headerEnd);
  const body = rest.slice(headerEnd + 4).split(/\r\n--/)[0]!;
  if (/quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
  if (/base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** A header's RFC 2047 encoded words (=?UTF-8?Q?…?=, =?UTF-8?B?…?=) as the text they stand for. */
const ENCODED_WORD = /=\?[^?]+\?([QB])\?([^?]*)\?=/gi;
const decodeWords = (value: string): string =>
  // A run of words is one text: a character's bytes may be split between two of them.
  value.replace(/=\?[^?]+\?[QB]\?[^?]*\?=(?:\s+=\?[^?]+\?[QB]\?[^?]*\?=)*/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(ENCODED_WORD)].map(([, kind, text]) =>
        kind!.toUpperCase() === 'B'
          ? Buffer.from(text!, 'base64')
          : Buffer.from(
              text!
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            ),
      ),
    ).toString('utf8'),
  );

function headersOf(raw: string): Map<string, string[]> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string[]>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), decodeWords(line.slice(colon + 1).trim())]);
  }
  return headers;
}

/** A real SMTP server (Nodemailer's smtp-server) on 127.0.0.1, keeping what it receives. */
export async function startTestSmtp(options: TestSmtpOptions = {}, received: Received[] = []): Promise<TestSmtp> {
  const logins: TestSmtp['logins'] = [];
  const server = new SMTPServer({
    authOptional: true,
    // A user and password in SMTP_URL are taken without TLS (most tests' server has no certificate).
    allowInsecureAuth: true,
    onAuth(auth, session, callback) {
      logins.push({ user: auth.username ?? '', secure: session.secure });
      callback(null, { user: auth.username });
    },
    // Without a certificate of the test's, smtp-server would offer STARTTLS with its own built-in one.
    ...(options.tls
      ? { key: options.tls.key, cert: options.tls.cert, secure: options.tls.mode === 'implicit' }
      : { disabledCommands: ['STARTTLS'] }),
    logger: false,
    // Stopping cuts the senders' open connections at once, as a crash of the mail server would.
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.words), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const drop = options.drop?.() ?? false;
      stream.on('data', (chunk: Buffer) => {
        if (drop) sockets.get(session.remotePort)?.destroy();
        else chunks.push(chunk);
      });
      stream.on('end', () => {
        if (drop || options.hold?.()) return;
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          headers: headersOf(raw),
          text: part(raw, 'text/plain'),
          html: part(raw, 'text/html'),
          secure: session.secure,
        });
        callback();
      });
    },
  });
  // The connections by the sender's port (a session's remotePort), to cut one.
  const sockets = new Map<number, Socket>();
  server.server.on('connection', (socket: Socket) => {
    const port = socket.remotePort!;
    sockets.set(port, socket);
    socket.once('close', () => sockets.delete(port));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // A client that hangs up on a handshake (a certificate it does not trust) ends that connection only.
  server.on('error', () => undefined);
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `${options.tls?.mode === 'implicit' ? 'smtps' : 'smtp'}://127.0.0.1:${port}`,
    received,
    logins,
    async waitFor(count, ms = 10_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`${received.length} of ${count} messages arrived within ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
