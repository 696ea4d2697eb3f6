import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginFailure } from '../http/metrics';
import { rolloutFigures } from '../releases/client-reports';
import { SHELL } from '../releases/store';
import { databaseAnswers } from './health';

// GET /metrics (docs/operations.md): the figures of http/metrics.ts and those of the features, for the
// addresses of METRICS_ALLOW or the bearer of METRICS_TOKEN only: they tell an outsider how busy the
// parish is and which releases run.

export const METRICS_REFUSED =
  'The metrics are not served to this address. Scrape them from an address METRICS_ALLOW names, or send METRICS_TOKEN as a bearer token.';

/** The addresses and ranges of METRICS_ALLOW (config.ts checked them), IPv4 met as IPv6 included. */
function allowList(items: string[]): (address: string) => boolean {
  const list = new net.BlockList();
  for (const item of items) {
    if (item === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', bits] = item.split('/');
    const type = net.isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const plain = mapped ?? address;
    return list.check(plain, net.isIPv4(plain) ? 'ipv4' : 'ipv6');
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function bearerMatches(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  // Compared as digests of equal length, in constant time: the answer's timing tells nothing of the token.
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(token));
}

/** The login calls (under the API's prefix), and what each refusal of theirs means. */
const LOGIN_FAILURES: Record<string, Partial<Record<number, LoginFailure>>> = {
  '/admin/login': { 401: 'password', 403: 'deactivated', 429: 'refused' },
  '/admin/login/two-factor': { 401: 'code', 429: 'refused' },
};

/**
 * The figures only the features know: logins failed, exports running, the live releases and rollouts.
 * Call before the routes are declared (the hook counting failed logins is the root's).
 */
export function registerFeatureFigures(app: FastifyInstance, apiPrefix: string): void {
  const { metrics } = app;
  const loginFailures = new Map(Object.entries(LOGIN_FAILURES).map(([url, codes]) => [apiPrefix + url, codes]));
  const refusals = new Set(Object.values(LOGIN_FAILURES).flatMap((codes) => Object.keys(codes).map(Number)));
  app.addHook('onResponse', (request, reply, done) => {
    // request.routeOptions builds an object at each read: only a refusal is worth one.
    if (!refusals.has(reply.statusCode)) return done();
    const failure = loginFailures.get(request.routeOptions.url ?? '')?.[reply.statusCode];
    if (failure) metrics.loginFailed(failure);
    done();
  });

  registerBackupFigures(app);

  metrics.readAtScrape(
    {
      name: 'backoffice_exports',
      help: 'Exports and PDFs being made (running) and waiting for a place (queued)',
      labelNames: ['state'] as const,
    },
    (gauge) => {
      gauge.set({ state: 'running' }, app.heavyWork.running);
      gauge.set({ state: 'queued' }, app.heavyWork.queued);
    },
  );

  metrics.readAtScrape(
    { name: 'backoffice_database_up', help: 'Whether the database answers a query (1) or not (0)' },
    async (gauge) => gauge.set((await databaseAnswers(app)).ready ? 1 : 0),
  );

  metrics.readAtScrape(
    {
      name: 'backoffice_release_live',
      help: 'The live release of the shell and of each remote (always 1; the release is the label)',
      labelNames: ['app', 'release'] as const,
    },
    (gauge) => {
      for (const [remote, live] of Object.entries(app.liveMap.current().map.remotes)) {
        gauge.set({ app: remote, release: live.release }, 1);
      }
    },
  );

  const rollouts = () =>
    Object.entries(app.liveMap.current().map.remotes)
      .filter(([remote, live]) => remote !== SHELL && live.rollout)
      .map(([remote, live]) => ({ remote, ...live.rollout! }));
  metrics.readAtScrape(
    {
      name: 'backoffice_rollout_share_percent',
      help: "The share of browsers a release in rollout is served to (a remote's newer release beside the live one)",
      labelNames: ['app', 'release'] as const,
    },
    (gauge) => {
      for (const { remote, release, share } of rollouts()) gauge.set({ app: remote, release }, share);
    },
  );
  metrics.readAtScrape(
    {
      name: 'backoffice_rollout_members',
      help: 'Members whose browsers were served a release in rollout (seen), and of them those whose browser reported it failing (failed)',
      labelNames: ['app', 'release', 'state'] as const,
    },
    async (gauge) => {
      for (const rollout of rollouts()) {
        // Read from the database: while it is away, the figures are left out rather than the scrape failing.
        const figures = await rolloutFigures(app, rollout).catch(() => undefined);
        if (!figures) continue;
        gauge.set({ app: rollout.remote, release: rollout.release, state: 'seen' }, figures.seen);
        gauge.set({ app: rollout.remote, release: rollout.release, state: 'failed' }, figures.failed);
      }
    },
  );
}

/**
 * The last backup's time and size, read from BACKUP_DIR at each scrape: one made by `npm run backup`
 * or by another instance shows as well as this server's own. Its list (backups/service.ts) reads each
 * archive's manifest once.
 */
function registerBackupFigures(app: FastifyInstance): void {
  const last = async () => {
    // A folder that cannot be read (a network drive away) says "none" rather than failing the scrape.
    const [newest] = await app.backups.list().catch(() => []);
    return newest;
  };
  app.metrics.readAtScrape(
    {
      name: 'backoffice_backup_last_timestamp_seconds',
      help: 'When the newest backup in BACKUP_DIR was made, whoever made it (Unix time; 0: none)',
    },
    async (gauge) => {
      const newest = await last();
      gauge.set(newest ? Date.parse(newest.createdAt) / 1000 : 0);
    },
  );
  app.metrics.readAtScrape(
    { name: 'backoffice_backup_last_size_bytes', help: "The size of the newest backup's archive in BACKUP_DIR" },
    async (gauge) => gauge.set((await last())?.bytes ?? 0),
  );
}

export async function metricsRoute(app: FastifyInstance): Promise<void> {
  const allowed = allowList(app.config.metricsAllow);
  app.get('/metrics', { schema: { hide: true }, config: { probe: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!allowed(request.ip) && !bearerMatches(request, app.config.metricsToken)) {
      return reply.code(403).send({ message: METRICS_REFUSED });
    }
    const text = await app.metrics.text();
    return reply.type(app.metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
