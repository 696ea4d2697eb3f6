import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** log2 of scrypt's N (auth/password.ts): 17 in production (PASSWORD_HASH_COST); the tests use a low one. */
export const DEFAULT_PASSWORD_COST = 17;

/** A release is a remote's build: a few hundred files and a few megabytes. Far more is not a build. */
export const RELEASE_MAX_FILES = 5000;
export const RELEASE_MAX_BYTES = 200 * 1024 * 1024;

/**
 * What a backup archive may unpack to (a restore, from Settings or `npm run restore`): a parish's
 * years of records and uploads fit many times over; an archive past these is a decompression bomb.
 */
export const BACKUP_MAX_FILES = 200_000;
export const BACKUP_MAX_BYTES = 20 * 1024 * 1024 * 1024;
export const BACKUP_MAX_FILE_BYTES = 10 * 1024 * 1024 * 1024;

/** Where the front-end builds live; configurable so tests can serve a fixture folder. */
/**
 * The build folders. The server never serves them: at start it publishes each as a release (a no-op
 * when already published) and makes it live only for an app with no live release. The shell's live
 * release is served at `/` with the SPA fallback, the remotes' at `/remotes/`.
 */
export interface StaticRoots {
  /** shell/dist */
  shell: string;
  /** remote-<name>/dist */
  remoteBuilds: string[];
}

/** Every build folder, the shell's first. */
export const buildDirs = (roots: StaticRoots): string[] => [roots.shell, ...roots.remoteBuilds];

export interface AppConfig {
  port: number;
  host: string;
  /** Holds app.db (SQLite) and uploads/. */
  dataDir: string;
  uploadsDir: string;
  /** Where `npm run backup` and the backup before an upgrade write (BACKUP_DIR; default DATA_DIR/backups). */
  backupDir: string;
  /** The most a backup archive may unpack to, in files, bytes, and bytes of one file (BACKUP_MAX_*). */
  backupMaxFiles: number;
  backupMaxBytes: number;
  backupMaxFileBytes: number;
  /** postgres://… selects PostgreSQL; otherwise SQLite in dataDir. */
  databaseUrl?: string;
  /** PostgreSQL schema holding the tables (default public); the tests isolate each suite in its own. */
  databaseSchema?: string;
  adminEmail?: string;
  adminPassword?: string;
  tokenTtlHours: number;
  /** log2 of scrypt's N for new password hashes (17: OWASP's recommendation); weaker ones are upgraded at login. */
  passwordHashCost: number;
  loginRateMax: number;
  loginRateWindowMs: number;
  publicRateMax: number;
  publicRateWindowMs: number;
  /**
   * Which X-Forwarded-For hops to believe (used by the rate limits): false for none, a number of
   * proxies in front of the server, or the proxies' addresses and ranges. The client is the
   * right-most address not trusted, never the left-most one a client can write itself.
   */
  trustProxy: false | string[];
  /** Largest accepted image upload (book covers, stream and group pictures), in bytes. */
  uploadMaxImageBytes: number;
  /** Largest accepted file of any type (donation files), in bytes. */
  uploadMaxFileBytes: number;
  /**
   * Load shedding (http/pressure.ts): once the event loop has lagged more than this for
   * pressureWindowMs, the signed-in members' calls are answered 503 with Retry-After instead of
   * queueing, until it has lagged less than half of it for as long. 0: never shed.
   */
  eventLoopLagLimitMs: number;
  /** Likewise for the logins and the mobile app's submits (the public reads are never shed). */
  eventLoopLagHardLimitMs: number;
  /** How long a lag must last over a limit before shedding starts (and under half of it before it stops). */
  pressureWindowMs: number;
  /** At a stop, requests in progress get this long to finish; what is left is then cut. */
  shutdownGraceMs: number;
  /** How often the lag is measured. */
  pressureSampleMs: number;
  /**
   * Admission control (http/pressure.ts): at most this many administrators' reads in progress at once
   * (0: no limit), and at most adminReadsQueue more waiting; past that, 503 with Retry-After.
   */
  adminReadsAtOnce: number;
  adminReadsQueue: number;
  /** Slow and idle clients (http/connections.ts). */
  connections: ConnectionLimits;
  /**
   * Origin put in front of `/uploads/<name>` in answers (e.g. https://office.example.org), without a
   * trailing slash. Unset: the request's own protocol and host.
   */
  publicUrl?: string;
  /**
   * Public list caches ask the database at most this often whether another process changed the
   * list (0: before every answer). Writes through this process invalidate at once.
   */
  listCacheCheckMs: number;
  /** Editor images no reflection shows are deleted once they are this old (abandoned forms). */
  editorImageGraceHours: number;
  /** The activity record keeps each write this many days (ACTIVITY_KEEP_DAYS). */
  activityKeepDays: number;
  /** A deleted record stays in the trash, restorable, this many days (TRASH_KEEP_DAYS). */
  trashKeepDays: number;
  /** A record's history keeps each version this many days after an edit replaced it (HISTORY_KEEP_DAYS). */
  historyKeepDays: number;
  logLevel: string;
  /**
   * Which requests are logged: 'all' (two lines each, Fastify's default), or only the ones an
   * operator needs — failed with 5xx, or slower than SLOW_REQUEST_MS ('errors-and-slow', the default:
   * a line per request costs a busy server a large share of its throughput).
   */
  requestLog: 'all' | 'errors-and-slow';
  slowRequestMs: number;
  staticRoots: StaticRoots;
  /** Immutable remote releases, served at `/remotes/<name>/<release>/`. */
  releasesDir: string;
  /** The live map (operator data), served to browsers as `/remotes.json`. */
  remotesMapFile: string;
  /** Releases kept per remote besides the live one, the one before it and any live within a session. */
  releasesKeep: number;
  /** The most bytes and files one release may hold (a publish, or an upload's archive and what it unpacks to). */
  releaseMaxBytes: number;
  releaseMaxFiles: number;
  /** The most rows an Excel export writes: a workbook is built in memory, a CSV streams. */
  excelExportMaxRows: number;
  /** Exports and PDFs made at once in all (exports/heavy-work.ts); each member's one at a time. */
  exportsAtOnce: number;
  /** Origins besides this server's that the live map may load a remote from (a CDN). */
  remoteOrigins: string[];
  /** How long the shell waits for a remote's files before showing its panel. */
  remoteLoadTimeoutMs: number;
  /** A release in rollout failing in more than this percentage of its browsers is taken back to 0 %. */
  rollbackErrorShare: number;
  /** The shell's error reports each address may send per window. */
  clientReportRateMax: number;
  clientReportRateWindowMs: number;
  /**
   * Who may read GET /metrics by address (METRICS_ALLOW): addresses and CIDR ranges, or `loopback`
   * (the default: this machine only). The address is the client's as TRUST_PROXY reads it.
   */
  metricsAllow: string[];
  /** A bearer token that reads GET /metrics from any address (METRICS_TOKEN); unset: none does. */
  metricsToken?: string;
  /** The mail server and the sender (MAIL_FROM, MAIL_REPLY_TO); unset: mail is kept, not sent (docs/mail.md). */
  mail: MailConfig;
}

export interface MailConfig {
  /** smtp://user:pass@host:587 (STARTTLS where offered) or smtps://…:465. */
  smtpUrl?: string;
  /**
   * SMTP_CA_FILE's certificates (PEM, one each): the mail server's certificate is also trusted when one
   * of them signed it (a private CA). The server's certificate is always verified.
   */
  smtpCa?: string[];
  /** The sender's address; its name when given, else the parish's. */
  from?: { name: string; address: string };
  replyTo?: string;
  /** How often the outbox is looked at for messages due. */
  pollMs: number;
  /** The wait after a first failed try; it doubles with each try, up to retryMaxMs. */
  retryFirstMs: number;
  retryMaxMs: number;
  /** A message being sent is another worker's to take once this long has passed (its sender died). */
  claimMs: number;
}

export interface ConnectionLimits {
  /** A request's headers must arrive within this time (Node's headersTimeout). */
  headersTimeoutMs: number;
  /** A body must keep arriving at least this fast, measured over `bodyRateWindowMs` (a dribbled body is cut). */
  bodyMinBytesPerSecond: number;
  bodyRateWindowMs: number;
  /** Open connections at once; more are closed as they come (file descriptors are finite). */
  maxConnections: number;
  /** Open connections from one client address (a named proxy's are not counted): one client cannot take the cap. */
  maxConnectionsPerAddress: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveTimeoutMs: number;
  /** Requests served on one connection before it is closed. */
  maxRequestsPerSocket: number;
  /** How often Node looks for connections past their header or request deadline. */
  checkEveryMs: number;
}

/**
 * The whole-request deadline: the headers' time plus the largest upload at the minimum rate, so a
 * real 20 MB upload on a slow link finishes while nothing can stay open longer.
 */
export function requestDeadlineMs(config: Pick<AppConfig, 'connections' | 'uploadMaxFileBytes'>): number {
  const { headersTimeoutMs, bodyMinBytesPerSecond } = config.connections;
  return headersTimeoutMs + Math.ceil((config.uploadMaxFileBytes / bodyMinBytesPerSecond) * 1000);
}

/** The repository root: this file sits in api/src (ts-jest) or api/dist (compiled), both two levels down. */
export const repoRoot = path.resolve(__dirname, '..', '..');

const MIB = 1024 * 1024;

export const REMOTE_NAMES = ['content', 'community', 'finance'] as const;

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  }
  return value;
}

/** A percentage from 0 to 100 (`5`, `2.5` or `5%`). */
function percentage(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.trim().replace(/\s*%$/, ''));
  if (!Number.isFinite(value) || value < 0 || value > 100) {
    throw new Error(`${name} must be a percentage from 0 to 100, such as 5 (got "${raw}")`);
  }
  return value;
}

function publicUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = text(env, 'PUBLIC_URL');
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    url = new URL('invalid:');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new Error(`PUBLIC_URL must be an http(s) address such as https://office.example.org (got "${raw}")`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

const PROXY_ADDRESS = /^(?:loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(?:\/\d{1,3})?)$/;

/**
 * TRUST_PROXY: unset/false, or the reverse proxies' addresses/CIDRs (or loopback, linklocal,
 * uniquelocal), comma-separated. X-Forwarded-For is read only on connections from them. A hop count is
 * refused: it trusts the right-most hop whoever connects, so a client reaching the server directly
 * could pick its address and pass every rate limit.
 */
function trustProxy(env: NodeJS.ProcessEnv): AppConfig['trustProxy'] {
  const raw = (text(env, 'TRUST_PROXY') ?? '').toLowerCase();
  if (raw === '' || raw === 'false' || raw === 'no' || raw === '0') return false;
  const addresses = raw.split(',').map((item) => item.trim());
  if (addresses.some((item) => !PROXY_ADDRESS.test(item) || /^\d+$/.test(item))) {
    throw new Error(
      `TRUST_PROXY must name the reverse proxies in front of the server by address (e.g. 10.0.0.1,10.1.0.0/16 or loopback), comma-separated; a count or "true" would trust any client that connects directly (got "${raw}")`,
    );
  }
  return addresses;
}

/** The shortest METRICS_TOKEN: a guessable one would open the figures to anyone who tries. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

/** An address or a CIDR range (IPv4 or IPv6), or `loopback`. */
function isAddressOrRange(item: string): boolean {
  if (item === 'loopback') return true;
  const [address = '', bits, ...rest] = item.split('/');
  const version = net.isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

function metricsAllow(env: NodeJS.ProcessEnv): string[] {
  const raw = text(env, 'METRICS_ALLOW');
  if (!raw) return ['loopback'];
  const items = raw.split(',').map((item) => item.trim().toLowerCase());
  const wrong = items.filter((item) => !isAddressOrRange(item));
  if (wrong.length) {
    throw new Error(
      `METRICS_ALLOW must list addresses or CIDR ranges (e.g. 10.0.0.5,192.168.1.0/24 or loopback), comma-separated (got "${wrong.join(', ')}")`,
    );
  }
  return items;
}

function metricsToken(env: NodeJS.ProcessEnv): string | undefined {
  const token = text(env, 'METRICS_TOKEN');
  if (token !== undefined && (token.length < METRICS_TOKEN_MIN_LENGTH || /\s/.test(token))) {
    throw new Error(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters without spaces (e.g. the output of: openssl rand -hex 32)`,
    );
  }
  return token;
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+$/;

function smtpUrl(env: NodeJS.ProcessEnv): string | undefined {
  const raw = text(env, 'SMTP_URL');
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new Error(
      'SMTP_URL must be an smtp:// or smtps:// address such as smtp://user:password@mail.example.org:587',
    );
  }
  return raw;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g;

/** SMTP_CA_FILE: a PEM file of the certificates that may sign the mail server's, read at start. */
function smtpCa(env: NodeJS.ProcessEnv): string[] | undefined {
  const file = text(env, 'SMTP_CA_FILE');
  if (!file) return undefined;
  let pem: string;
  try {
    pem = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(`SMTP_CA_FILE cannot be read (${code}): ${file}`, { cause: error });
  }
  const certificates = pem.match(PEM_CERTIFICATE) ?? [];
  const wrong = certificates.some((certificate) => {
    try {
      new X509Certificate(certificate);
      return false;
    } catch {
      return true;
    }
  });
  if (!certificates.length || wrong) {
    throw new Error(
      `SMTP_CA_FILE must be a PEM file of certificates (-----BEGIN CERTIFICATE----- …), such as the mail server's CA (got ${file})`,
    );
  }
  return certificates;
}

/** MAIL_FROM: `office@example.org` or `St Mary's Parish <office@example.org>`. */
function mailFrom(env: NodeJS.ProcessEnv, smtp: string | undefined): MailConfig['from'] {
  const raw = text(env, 'MAIL_FROM');
  if (!raw) {
    if (smtp)
      throw new Error(
        "MAIL_FROM must be set with SMTP_URL: the sender's address, such as St Mary's Parish <office@example.org>",
      );
    return undefined;
  }
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(raw);
  const address = (named ? named[2] : raw).trim();
  const name = (named ? named[1] : '').replace(/^"(.*)"$/, '$1').trim();
  if (!EMAIL.test(address) || /[\r\n]/.test(raw)) {
    throw new Error(
      `MAIL_FROM must be an address, or a name and an address such as St Mary's Parish <office@example.org> (got "${raw}")`,
    );
  }
  return { name, address };
}

function mailReplyTo(env: NodeJS.ProcessEnv): string | undefined {
  const raw = text(env, 'MAIL_REPLY_TO');
  if (raw !== undefined && !EMAIL.test(raw)) {
    throw new Error(`MAIL_REPLY_TO must be an address such as office@example.org (got "${raw}")`);
  }
  return raw;
}

function mail(env: NodeJS.ProcessEnv): MailConfig {
  const smtp = smtpUrl(env);
  const retryFirstMs = int(env, 'MAIL_RETRY_FIRST_MS', 15_000, 10);
  return {
    smtpUrl: smtp,
    smtpCa: smtpCa(env),
    from: mailFrom(env, smtp),
    replyTo: mailReplyTo(env),
    pollMs: int(env, 'MAIL_POLL_MS', 5_000, 10),
    retryFirstMs,
    // At most 15 minutes between tries (never below the first wait).
    retryMaxMs: int(env, 'MAIL_RETRY_MAX_MS', Math.max(900_000, retryFirstMs), retryFirstMs),
    // Longer than a send can take (Nodemailer's timeouts: mail/transport.ts).
    claimMs: int(env, 'MAIL_CLAIM_MS', 300_000, 10),
  };
}

function requestLog(env: NodeJS.ProcessEnv): AppConfig['requestLog'] {
  const raw = text(env, 'LOG_REQUESTS') ?? 'errors-and-slow';
  if (raw !== 'all' && raw !== 'errors-and-slow') {
    throw new Error(`LOG_REQUESTS must be all or errors-and-slow (got "${raw}")`);
  }
  return raw;
}

function text(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

export function defaultStaticRoots(root = repoRoot): StaticRoots {
  return {
    shell: path.join(root, 'shell', 'dist'),
    remoteBuilds: REMOTE_NAMES.map((name) => path.join(root, `remote-${name}`, 'dist')),
  };
}

function origins(env: NodeJS.ProcessEnv): string[] {
  const raw = text(env, 'REMOTE_ORIGINS');
  if (!raw) return [];
  return raw.split(',').map((item) => {
    let url: URL | undefined;
    try {
      url = new URL(item.trim());
    } catch {
      url = undefined;
    }
    if (
      !url ||
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.origin !== item.trim().replace(/\/$/, '')
    ) {
      throw new Error(
        `REMOTE_ORIGINS must list origins such as https://cdn.example.org, comma-separated (got "${item}")`,
      );
    }
    return url.origin;
  });
}

/** Reads the whole configuration from the environment once, failing early on nonsense values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? path.join(repoRoot, 'data'));
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// (leave it unset to use SQLite in DATA_DIR)');
  }
  const eventLoopLagLimitMs = int(env, 'EVENT_LOOP_LAG_LIMIT_MS', 500, 0);
  return {
    port: int(env, 'PORT', 8080, 0),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    backupDir: path.resolve(text(env, 'BACKUP_DIR') ?? path.join(dataDir, 'backups')),
    backupMaxFiles: int(env, 'BACKUP_MAX_FILES', BACKUP_MAX_FILES, 1),
    backupMaxBytes: int(env, 'BACKUP_MAX_BYTES', BACKUP_MAX_BYTES, 1),
    backupMaxFileBytes: int(env, 'BACKUP_MAX_FILE_BYTES', BACKUP_MAX_FILE_BYTES, 1),
    databaseUrl,
    databaseSchema: text(env, 'DATABASE_SCHEMA'),
    adminEmail: text(env, 'ADMIN_EMAIL'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    tokenTtlHours: int(env, 'TOKEN_TTL_HOURS', 12),
    passwordHashCost: int(env, 'PASSWORD_HASH_COST', DEFAULT_PASSWORD_COST, 10),
    loginRateMax: int(env, 'LOGIN_RATE_MAX', 5),
    loginRateWindowMs: int(env, 'LOGIN_RATE_WINDOW_MS', 60_000),
    publicRateMax: int(env, 'PUBLIC_RATE_MAX', 30),
    publicRateWindowMs: int(env, 'PUBLIC_RATE_WINDOW_MS', 60_000),
    trustProxy: trustProxy(env),
    uploadMaxImageBytes: int(env, 'UPLOAD_MAX_IMAGE_BYTES', 5 * MIB),
    uploadMaxFileBytes: int(env, 'UPLOAD_MAX_FILE_BYTES', 20 * MIB),
    eventLoopLagLimitMs,
    // The logins and the mobile app's submits are shed last: never below the other calls' limit.
    eventLoopLagHardLimitMs: int(env, 'EVENT_LOOP_LAG_HARD_LIMIT_MS', 4 * eventLoopLagLimitMs, eventLoopLagLimitMs),
    pressureWindowMs: int(env, 'PRESSURE_WINDOW_MS', 2000, 1),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000, 0),
    pressureSampleMs: int(env, 'PRESSURE_SAMPLE_MS', 250, 10),
    adminReadsAtOnce: int(env, 'ADMIN_READS_AT_ONCE', 2, 0),
    adminReadsQueue: int(env, 'ADMIN_READS_QUEUE', 1000, 0),
    connections: {
      // A request head is a few hundred bytes: a connection that has not sent one in 10 s is not a client.
      headersTimeoutMs: int(env, 'HEADERS_TIMEOUT_MS', 10_000, 100),
      // 8 KiB/s (64 kbit/s): a 20 MB donation file may take 43 minutes; a dribble is cut in 10 s.
      bodyMinBytesPerSecond: int(env, 'BODY_MIN_BYTES_PER_SECOND', 8 * 1024),
      bodyRateWindowMs: int(env, 'BODY_RATE_WINDOW_MS', 10_000, 100),
      maxConnections: int(env, 'MAX_CONNECTIONS', 2000),
      maxConnectionsPerAddress: int(
        env,
        'MAX_CONNECTIONS_PER_ADDRESS',
        Math.max(1, Math.floor(int(env, 'MAX_CONNECTIONS', 2000) / 10)),
        1,
      ),
      keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 100),
      // nginx's keepalive_requests is 1,000; at thousands of requests a second a client would reconnect
      // every fraction of a second, which costs more than the limit protects.
      maxRequestsPerSocket: int(env, 'MAX_REQUESTS_PER_CONNECTION', 10_000),
      checkEveryMs: int(env, 'CONNECTIONS_CHECK_MS', 2_000, 50),
    },
    publicUrl: publicUrl(env),
    // Half a second: a notification lost while its connection reconnects still leaves a list at most
    // about that stale, within a second.
    listCacheCheckMs: int(env, 'LIST_CACHE_CHECK_MS', 500, 0),
    editorImageGraceHours: int(env, 'EDITOR_IMAGE_GRACE_HOURS', 24, 1),
    activityKeepDays: int(env, 'ACTIVITY_KEEP_DAYS', 365, 1),
    trashKeepDays: int(env, 'TRASH_KEEP_DAYS', 30, 1),
    historyKeepDays: int(env, 'HISTORY_KEEP_DAYS', 365, 1),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    requestLog: requestLog(env),
    slowRequestMs: int(env, 'SLOW_REQUEST_MS', 1000, 1),
    staticRoots: defaultStaticRoots(),
    releasesDir: path.resolve(text(env, 'RELEASES_DIR') ?? path.join(dataDir, 'releases')),
    remotesMapFile: path.join(dataDir, 'remotes.json'),
    releasesKeep: int(env, 'RELEASES_KEEP', 5),
    releaseMaxBytes: int(env, 'RELEASE_MAX_BYTES', RELEASE_MAX_BYTES, 1),
    releaseMaxFiles: int(env, 'RELEASE_MAX_FILES', RELEASE_MAX_FILES, 1),
    excelExportMaxRows: int(env, 'EXCEL_EXPORT_MAX_ROWS', 20_000, 1),
    exportsAtOnce: int(env, 'EXPORTS_AT_ONCE', 2, 1),
    remoteOrigins: origins(env),
    remoteLoadTimeoutMs: int(env, 'REMOTE_LOAD_TIMEOUT_MS', 3000, 100),
    rollbackErrorShare: percentage(env, 'ROLLBACK_ERROR_SHARE', 5),
    clientReportRateMax: int(env, 'CLIENT_REPORT_RATE_MAX', 60),
    clientReportRateWindowMs: int(env, 'CLIENT_REPORT_RATE_WINDOW_MS', 60_000),
    metricsAllow: metricsAllow(env),
    metricsToken: metricsToken(env),
    mail: mail(env),
  };
}
