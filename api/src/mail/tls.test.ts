import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type MailConfig } from '../config';
import { startServer, type TestServer } from '../testing/harness';
import { startTestSmtp, type TestSmtp, type TestSmtpOptions } from '../testing/smtp';
import { compose } from './compose';
import { queueMail, type Mail } from './outbox';
import { MailSender } from './worker';

// SMTP_URL over real TLS: STARTTLS on smtp://, TLS from the start on smtps://, the server's certificate
// verified as in production (SMTP_CA_FILE names the private CA that signed it), never a stub transport.

const FAST = { pollMs: 20, retryFirstMs: 20, retryMaxMs: 200, claimMs: 60_000 };

const mail: Mail = {
  kind: 'test',
  to: { name: 'Grace', address: 'grace@example.org' },
  subject: 'Over TLS',
  ...compose({ parish: 'St Mary', greeting: 'Dear Grace,', paragraphs: ['A line.'] }),
};

/** Throw-away keys and certificates made with openssl in a temporary folder. */
class Certificates {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smtp-tls-'));

  private openssl(...args: string[]): void {
    execFileSync('openssl', args, { cwd: this.dir, stdio: 'pipe' });
  }

  read = (name: string): string => fs.readFileSync(path.join(this.dir, name), 'utf8');
  file = (name: string): string => path.join(this.dir, name);

  /** A CA's key (<name>.key) and self-signed certificate (<name>.pem). */
  ca(name: string): void {
    this.openssl(
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', `/CN=${name}`, '-keyout', `${name}.key`, '-out', `${name}.pem`,
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
    ); // prettier-ignore
  }

  /** A server's key and certificate for `names` (subjectAltName), signed by a CA or by itself. */
  server(name: string, names: string, signer?: string): { key: string; cert: string } {
    if (signer) {
      fs.writeFileSync(this.file(`${name}.ext`), `subjectAltName=${names}\nextendedKeyUsage=serverAuth\n`);
      this.openssl(
        'req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-subj', `/CN=${name}`, '-keyout', `${name}.key`, '-out', `${name}.csr`,
      ); // prettier-ignore
      this.openssl(
        'x509', '-req', '-in', `${name}.csr`, '-CA', `${signer}.pem`, '-CAkey', `${signer}.key`,
        '-CAcreateserial', '-days', '2', '-extfile', `${name}.ext`, '-out', `${name}.pem`,
      ); // prettier-ignore
    } else {
      this.openssl(
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
        '-subj', `/CN=${name}`, '-keyout', `${name}.key`, '-out', `${name}.pem`, '-addext', `subjectAltName=${names}`,
      ); // prettier-ignore
    }
    return { key: this.read(`${name}.key`), cert: this.read(`${name}.pem`) };
  }

  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

const certificates = new Certificates();
afterAll(() => certificates.remove());

describe('SMTP_CA_FILE', () => {
  beforeAll(() => certificates.ca('parish-ca'));

  it("reads a PEM file's certificates at start", () => {
    const pem = certificates.read('parish-ca.pem');
    fs.writeFileSync(certificates.file('two.pem'), `${pem}\n${pem}`);
    expect(loadConfig({ SMTP_CA_FILE: certificates.file('parish-ca.pem') }).mail.smtpCa).toEqual([pem.trim()]);
    expect(loadConfig({ SMTP_CA_FILE: certificates.file('two.pem') }).mail.smtpCa).toHaveLength(2);
    expect(loadConfig({}).mail.smtpCa).toBeUndefined();
  });

  it('refuses a missing file, or one without a certificate, with a clear message', () => {
    expect(() => loadConfig({ SMTP_CA_FILE: certificates.file('nowhere.pem') })).toThrow(
      /SMTP_CA_FILE cannot be read \(ENOENT\)/,
    );
    expect(() => loadConfig({ SMTP_CA_FILE: certificates.file('parish-ca.key') })).toThrow(
      /SMTP_CA_FILE must be a PEM file of certificates/,
    );
    fs.writeFileSync(
      certificates.file('broken.pem'),
      '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n',
    );
    expect(() => loadConfig({ SMTP_CA_FILE: certificates.file('broken.pem') })).toThrow(
      /SMTP_CA_FILE must be a PEM file of certificates/,
    );
  });
});

// TLS is the transport's business, not the database's: SQLite is enough.
describe('sending over TLS', () => {
  let server: TestServer;
  let smtp: TestSmtp | undefined;
  let trusted: { key: string; cert: string };
  const senders: MailSender[] = [];

  /** The worker's settings as the server loads them: SMTP_URL with a login, and SMTP_CA_FILE. */
  const configFor = (url: string, env: NodeJS.ProcessEnv = {}): MailConfig => ({
    ...loadConfig({
      SMTP_URL: url.replace('://', '://office:app-password@'),
      MAIL_FROM: 'St Mary <office@stmary.example.org>',
      SMTP_CA_FILE: certificates.file('parish-ca.pem'),
      ...env,
    }).mail,
    ...FAST,
  });
  const send = async (options: TestSmtpOptions, env?: NodeJS.ProcessEnv) => {
    smtp = await startTestSmtp(options);
    const config = configFor(smtp.url, env);
    await queueMail(server.db.kysely, config, mail);
    const sender = new MailSender(server.db, config, server.app.log);
    senders.push(sender);
    return sender.sendDue();
  };
  const rows = () => server.db.kysely.selectFrom('outbox').selectAll().execute();

  beforeAll(async () => {
    certificates.ca('parish-ca');
    trusted = certificates.server('mail', 'IP:127.0.0.1,DNS:localhost', 'parish-ca');
    server = await startServer({ engine: 'sqlite' });
  });
  beforeEach(() => server.db.kysely.deleteFrom('outbox').execute());
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
    await smtp?.stop();
    smtp = undefined;
  });
  afterAll(() => server.close());

  it.each([
    ['upgrades smtp:// with STARTTLS when the server offers it', 'starttls', /^smtp:\/\//],
    ['speaks TLS from the first byte on smtps://', 'implicit', /^smtps:\/\//],
  ] as const)('%s, logs in and delivers over TLS', async (_what, mode, scheme) => {
    expect(await send({ tls: { mode, ...trusted } })).toBe(1);
    expect(smtp!.url).toMatch(scheme);
    const [message] = await smtp!.waitFor(1);
    expect(message).toMatchObject({ to: ['grace@example.org'], secure: true });
    // The password went only over TLS.
    expect(smtp!.logins).toEqual([{ user: 'office', secure: true }]);
    expect(await rows()).toEqual([expect.objectContaining({ state: 'sent', lastError: null })]);
  });

  const selfSigned = () => certificates.server('self', 'IP:127.0.0.1');
  it.each([
    ['STARTTLS', 'a self-signed certificate', 'starttls', selfSigned, /self-signed certificate/],
    ['smtps://', 'a self-signed certificate', 'implicit', selfSigned, /self-signed certificate/],
    [
      'STARTTLS',
      'a certificate from a CA not in SMTP_CA_FILE',
      'starttls',
      () => (certificates.ca('other-ca'), certificates.server('other', 'IP:127.0.0.1', 'other-ca')),
      /unable to verify the first certificate/,
    ],
    [
      'smtps://',
      "the trusted CA's certificate for another name",
      'implicit',
      () => certificates.server('elsewhere', 'DNS:mail.example.org', 'parish-ca'),
      /IP: 127\.0\.0\.1 is not in the cert's list/,
    ],
  ] as const)(
    '%s: sends nothing to a server with %s (never in clear); the message waits with the TLS words',
    async (_scheme, _what, mode, made, words) => {
      expect(await send({ tls: { mode, ...made() } })).toBe(0);
      expect(smtp!.received).toEqual([]);
      expect(smtp!.logins).toEqual([]);
      const [row] = await rows();
      expect(row).toMatchObject({ state: 'waiting', attempts: 1 });
      expect(row!.lastError).toMatch(words);
    },
  );

  it("trusts Node's usual CAs only when SMTP_CA_FILE is unset: the private CA's certificate is refused", async () => {
    expect(await send({ tls: { mode: 'starttls', ...trusted } }, { SMTP_CA_FILE: '' })).toBe(0);
    expect(smtp!.received).toEqual([]);
    const [row] = await rows();
    expect(row).toMatchObject({ state: 'waiting' });
    expect(row!.lastError).toMatch(/unable to (get local issuer|verify the first) certificate/);
  });
});
