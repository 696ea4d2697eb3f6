import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { addActivity } from '../activity/record';
import { allowedTo, bearerSecurity, requireAdmin } from '../auth/guard';
import { timestamp } from '../db/ids';
import { addSchemas, Entity, OneOf, ref } from '../http/contract';
import { readCookie, setServerCookie } from '../http/cookies';
import { HttpError } from '../http/errors';
import { rateLimited } from '../http/rate-limit';
import { errorResponses } from '../http/validation';
import type { RolloutServed } from './live-map';
import { RELEASE_NAME, REMOTE_NAME } from './schemas';

/** The cookie that names a browser to /remotes.json and to the error reports: random, nothing else. */
export const BROWSER_COOKIE = 'browser_id';
const BROWSER_ID = /^[A-Za-z0-9_-]{22}$/;
const YEAR_SECONDS = 365 * 24 * 3600;

/** A release in rollout is judged only once this many browsers were served it. */
export const ROLLBACK_MIN_BROWSERS = 5;

/** The largest error report taken: three short fields. */
export const REPORT_MAX_BYTES = 1024;

/** Who the activity record names for what the server did by itself. */
const SERVER_MEMBER = { adminId: '000000000000000000000000', member: 'The server (automatic rollback)' };

/** The browser's id from its cookie, if it sent a well-formed one. */
export function browserIdOf(request: FastifyRequest): string | undefined {
  const value = readCookie(request, BROWSER_COOKIE);
  return value && BROWSER_ID.test(value) ? value : undefined;
}

/** The browser's id; a browser without one gets a new one in a cookie kept for a year. */
export function ensureBrowserId(request: FastifyRequest, reply: FastifyReply): string {
  const known = browserIdOf(request);
  if (known) return known;
  const id = randomBytes(16).toString('base64url');
  setServerCookie(request, reply, BROWSER_COOKIE, id, YEAR_SECONDS);
  return id;
}

/**
 * Records that /remotes.json gave browsers rollout releases: only their reports count. Each browser and
 * release is written once per process (a check at each navigation costs a lookup, not a query).
 */
export class SeenBrowsers {
  private readonly written = new Set<string>();

  constructor(private readonly app: FastifyInstance) {}

  /**
   * `signedIn` is asked once, and only for a browser not recorded yet: a browser counts only while a
   * member uses it, so that made-up browser ids (anyone may read the map) never judge a rollout.
   */
  async record(browser: string, rollouts: RolloutServed[], signedIn: () => Promise<boolean>): Promise<void> {
    let member: boolean | undefined;
    for (const { remote, release, since } of rollouts) {
      const key = `${remote}/${release}/${since}/${browser}`;
      if (this.written.has(key)) continue;
      member ??= await signedIn();
      if (!member) return;
      // Bounded: forgetting only costs a write that changes nothing.
      if (this.written.size >= 100_000) this.written.clear();
      await this.app.db.kysely
        .insertInto('rollout_browsers')
        .values({ remote, release, since, browser, seen_at: timestamp(), load_failures: 0, render_failures: 0 })
        .onConflict((conflict) => conflict.columns(['remote', 'release', 'since', 'browser']).doNothing())
        .execute();
      this.written.add(key);
    }
  }
}

/** How many browsers a rollout was served to, and how many of them reported a failure of it. */
export async function rolloutFigures(
  app: FastifyInstance,
  { remote, release, since }: RolloutServed,
): Promise<{ seen: number; failed: number }> {
  const row = await app.db.kysely
    .selectFrom('rollout_browsers')
    .select([
      sql<number>`count(*)`.as('seen'),
      sql<number>`sum(case when load_failures + render_failures > 0 then 1 else 0 end)`.as('failed'),
    ])
    .where('remote', '=', remote)
    .where('release', '=', release)
    .where('since', '=', since)
    .executeTakeFirst();
  return { seen: Number(row?.seen ?? 0), failed: Number(row?.failed ?? 0) };
}

/** Whether a release in rollout failed in too many of its browsers (more than `errorShare` %). */
export const failedTooOften = ({ seen, failed }: { seen: number; failed: number }, errorShare: number) =>
  seen >= ROLLBACK_MIN_BROWSERS && failed * 100 > errorShare * seen;

/**
 * Takes a release in rollout back to 0 % when it failed in too many of its browsers, through the same
 * Releases code as the commands (on PostgreSQL under the shared releases' lock, so that every instance
 * follows and two instances never both do it), and records it in the activity record.
 */
export async function judgeRollout(app: FastifyInstance, rollout: RolloutServed): Promise<boolean> {
  const { remote, release } = rollout;
  const figures = await rolloutFigures(app, rollout);
  if (!failedTooOften(figures, app.config.rollbackErrorShare)) return false;
  const takeBack = () => app.releases.rollBackAutomatically(remote, rollout, figures);
  const done = app.clusterReleases ? await app.clusterReleases.change(takeBack) : takeBack();
  if (!done) return false;
  const label = app.liveMap.current().served.remotes.find((served) => served.name === remote)?.label ?? remote;
  app.log.warn(`${remote} ${release} rolled back automatically: ${figures.failed} of ${figures.seen} browsers failed`);
  await addActivity(app.db, {
    ...SERVER_MEMBER,
    kind: 'release',
    recordId: `${remote}/${release}`,
    summary:
      `${label} ${release} rolled back automatically: ${figures.failed} of ${figures.seen} browsers failed ` +
      `(more than ${app.config.rollbackErrorShare} %)`,
  });
  return true;
}

/**
 * Forgets the browsers of rollouts that ended (promoted, taken back, replaced): only a current rollout
 * is judged, and an automatic rollback keeps its figures in the map. An hourly chore.
 */
export async function forgetEndedRollouts(app: FastifyInstance): Promise<number> {
  const current = Object.entries(app.liveMap.current().map.remotes).flatMap(([remote, live]) =>
    live.rollout ? [{ remote, release: live.rollout.release, since: live.rollout.since }] : [],
  );
  const result = await app.db.kysely
    .deleteFrom('rollout_browsers')
    .where((eb) =>
      eb.not(
        eb.or(
          current.map(({ remote, release, since }) =>
            eb.and([eb('remote', '=', remote), eb('release', '=', release), eb('since', '=', since)]),
          ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const REPORT_KINDS = ['load', 'render'] as const;

export const ClientReport = Entity(
  'ClientReport',
  {
    remote: Type.String({ maxLength: 40, pattern: REMOTE_NAME.source, description: 'The remote that failed' }),
    release: Type.String({
      maxLength: 80,
      pattern: RELEASE_NAME.source,
      description: 'The release of it this browser ran',
    }),
    kind: OneOf(REPORT_KINDS, {
      description: "'load': its files could not be loaded; 'render': a screen of it threw",
    }),
  },
  { additionalProperties: false, description: "The shell's report of a remote's failure: nothing else is sent" },
);

const RolloutFigures = Type.Object({
  seen: Type.Integer({ description: 'Browsers the map gave the release to' }),
  failed: Type.Integer({ description: 'Of them, those that reported a failure of it' }),
});

export const RemoteRollout = Entity(
  'RemoteRollout',
  {
    name: Type.String(),
    label: Type.String(),
    release: Type.String({ description: 'The live release' }),
    rollout: Type.Union(
      [
        Type.Composite([
          Type.Object({
            release: Type.String(),
            share: Type.Integer({ description: 'Percent of the browsers served the rollout release' }),
            since: Type.String({ description: 'ISO time the rollout began' }),
          }),
          RolloutFigures,
        ]),
        Type.Null(),
      ],
      { description: 'A newer release served to a share of the browsers, and how it fares' },
    ),
    rolledBack: Type.Union(
      [
        Type.Composite([
          Type.Object({ release: Type.String(), at: Type.String({ description: 'ISO time it was taken back' }) }),
          RolloutFigures,
        ]),
        Type.Null(),
      ],
      { description: 'The last rollout taken back automatically (until a later deploy)' },
    ),
  },
  { description: "A remote's live release and its rollout" },
);

/**
 * The shell's error reports (public: a beacon carries no session, only the browser's cookie) and the
 * Admins' view of the rollouts.
 */
export async function clientReportRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = app;
  addSchemas(app, ClientReport, RemoteRollout);

  app.post(
    '/client-reports',
    {
      bodyLimit: REPORT_MAX_BYTES,
      config: rateLimited(
        config.clientReportRateMax,
        config.clientReportRateWindowMs,
        'Too many reports from this address',
      ),
      schema: {
        tags: ['releases'],
        summary:
          "The shell's report that a remote failed in this browser (navigator.sendBeacon); counted for a release " +
          'the live map gave this browser in a rollout, ignored otherwise',
        body: ref(ClientReport),
        response: {
          202: Type.Object({ message: Type.String(), counted: Type.Boolean() }),
          ...errorResponses(400, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const { remote, release, kind } = request.body;
      if (!app.releases.store.exists(remote, release)) {
        throw new HttpError(400, `${remote} has no release "${release}"`);
      }
      const browser = browserIdOf(request);
      const rollout = app.liveMap.current().map.remotes[remote]?.rollout;
      const failures =
        kind === 'load'
          ? { load_failures: sql<number>`load_failures + 1` }
          : { render_failures: sql<number>`render_failures + 1` };
      // Only a browser the map gave the release in its current rollout counts: a report for another is ignored.
      let counted = false;
      if (browser && rollout?.release === release) {
        const updated = await app.db.kysely
          .updateTable('rollout_browsers')
          .set(failures)
          .where('remote', '=', remote)
          .where('release', '=', release)
          .where('since', '=', rollout.since)
          .where('browser', '=', browser)
          .executeTakeFirst();
        counted = Number(updated.numUpdatedRows) > 0;
      }
      if (counted) await judgeRollout(app, { remote, release, since: rollout!.since });
      return reply.code(202).send({
        message: counted ? 'Report counted' : 'Report ignored: this browser was not served that release in a rollout',
        counted,
      });
    },
  );

  app.get(
    '/rollouts',
    {
      onRequest: [requireAdmin, allowedTo('team')],
      schema: {
        tags: ['releases'],
        summary: "Each remote's live release, its rollout with its failure figures, and an automatic rollback's notice",
        security: bearerSecurity,
        response: {
          200: Type.Object({ message: Type.String(), data: Type.Array(ref(RemoteRollout)) }),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => {
      const { map, served } = app.liveMap.current();
      const data = [];
      for (const remote of served.remotes) {
        const live = map.remotes[remote.name];
        const rollout = live?.rollout;
        const notice = live?.rolledBack;
        data.push({
          name: remote.name,
          label: remote.label,
          release: remote.release,
          rollout: rollout ? { ...rollout, ...(await rolloutFigures(app, { remote: remote.name, ...rollout })) } : null,
          rolledBack: notice ?? null,
        });
      }
      return { message: 'Rollouts fetched successfully', data };
    },
  );
}
