import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { addActivity } from '../activity/record';
import { allowedTo, bearerSecurity, bearerToken, requireAdmin } from '../auth/guard';
import { findAdminByToken } from '../auth/tokens';
import { timestamp } from '../db/ids';
import { addSchemas, Entity, OneOf, ref } from '../http/contract';
import { readCookie, setServerCookie } from '../http/cookies';
import { HttpError } from '../http/errors';
import { derivedKey } from '../two-factor/totp';
import { rateLimited } from '../http/rate-limit';
import { errorResponses } from '../http/validation';
import type { RolloutServed } from './live-map';
import { RELEASE_NAME, REMOTE_NAME } from './schemas';

/**
 * The cookie that names a browser to /remotes.json and to the error reports: a random id the server
 * chose and its HMAC (`<id>.<mac>`), so that a browser cannot pick the id that decides its rollouts.
 */
export const BROWSER_COOKIE = 'browser_id';
const BROWSER_COOKIE_VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const YEAR_SECONDS = 365 * 24 * 3600;

/** A release in rollout is judged only once this many members were served it. */
export const ROLLBACK_MIN_SEEN = 5;

/** A rollback needs at least this many members whose browsers failed: no one account decides it. */
export const ROLLBACK_MIN_MEMBERS = 3;

/** The largest error report taken: three short fields. */
export const REPORT_MAX_BYTES = 1024;

/** Who the activity record names for what the server did by itself (the weekly digest looks for it). */
export const SERVER_MEMBER = { adminId: '000000000000000000000000', member: 'The server (automatic rollback)' };

/** The HMAC of a browser id, with a key of the server's (the same on every instance). */
const macOf = (request: FastifyRequest, id: string) =>
  createHmac('sha256', derivedKey(request.server.config.dataDir, 'browser id')).update(id).digest();

/** The browser's id from its cookie, if the server signed it; anything else is no id. */
export function browserIdOf(request: FastifyRequest): string | undefined {
  const match = BROWSER_COOKIE_VALUE.exec(readCookie(request, BROWSER_COOKIE) ?? '');
  if (!match) return undefined;
  const [, id, mac] = match;
  const given = Buffer.from(mac!, 'base64url');
  const expected = macOf(request, id!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}

/** The browser's id; a browser without one the server signed gets a new one in a cookie kept for a year. */
export function ensureBrowserId(request: FastifyRequest, reply: FastifyReply): string {
  const known = browserIdOf(request);
  if (known) return known;
  const id = randomBytes(16).toString('base64url');
  setServerCookie(request, reply, BROWSER_COOKIE, `${id}.${macOf(request, id).toString('base64url')}`, YEAR_SECONDS);
  return id;
}

/** The member whose session comes with the request, if a valid one does. */
export async function memberOf(request: FastifyRequest): Promise<string | undefined> {
  const token = bearerToken(request);
  return token ? (await findAdminByToken(request.server.db, token))?._id : undefined;
}

/**
 * Records that /remotes.json gave browsers rollout releases: only their reports count. Each browser and
 * release is written once per process (a check at each navigation costs a lookup, not a query).
 */
export class SeenBrowsers {
  private readonly written = new Set<string>();

  constructor(private readonly app: FastifyInstance) {}

  /**
   * `member` is asked once, and only for a browser not recorded yet: a browser counts only while a
   * member uses it (anyone may read the map), and under that member, whose browsers count as one.
   */
  async record(browser: string, rollouts: RolloutServed[], member: () => Promise<string | undefined>): Promise<void> {
    let memberId: string | null | undefined;
    for (const { remote, release, since } of rollouts) {
      const key = `${remote}/${release}/${since}/${browser}`;
      if (this.written.has(key)) continue;
      if (memberId === undefined) memberId = (await member()) ?? null;
      if (memberId === null) return;
      // Bounded: forgetting only costs a write that changes nothing.
      if (this.written.size >= 100_000) this.written.clear();
      await this.app.db.kysely
        .insertInto('rolloutBrowsers')
        .values({
          remote,
          release,
          since,
          browser,
          memberId,
          seenAt: timestamp(),
          loadFailures: 0,
          renderFailures: 0,
        })
        .onConflict((conflict) => conflict.columns(['remote', 'release', 'since', 'browser']).doNothing())
        .execute();
      this.written.add(key);
    }
  }
}

/**
 * How many members' browsers a rollout was served to, and how many of those members' browsers reported
 * a failure of it: each member counts once, however many browsers they use.
 */
export async function rolloutFigures(
  app: FastifyInstance,
  { remote, release, since }: RolloutServed,
): Promise<{ seen: number; failed: number }> {
  const row = await app.db.kysely
    .selectFrom('rolloutBrowsers')
    .select([
      sql<number>`count(distinct member_id)`.as('seen'),
      sql<number>`count(distinct case when load_failures + render_failures > 0 then member_id end)`.as('failed'),
    ])
    .where('remote', '=', remote)
    .where('release', '=', release)
    .where('since', '=', since)
    .executeTakeFirst();
  return { seen: Number(row?.seen ?? 0), failed: Number(row?.failed ?? 0) };
}

/**
 * Whether a release in rollout failed for too many of its members: more than `errorShare` % of them,
 * once enough were served it, and never on the word of fewer than `ROLLBACK_MIN_MEMBERS`.
 */
export const failedTooOften = ({ seen, failed }: { seen: number; failed: number }, errorShare: number) =>
  seen >= ROLLBACK_MIN_SEEN && failed >= ROLLBACK_MIN_MEMBERS && failed * 100 > errorShare * seen;

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
  app.log.warn(
    `${remote} ${release} rolled back automatically: it failed for ${figures.failed} of ${figures.seen} members`,
  );
  await addActivity(app.db, {
    ...SERVER_MEMBER,
    kind: 'release',
    recordId: `${remote}/${release}`,
    summary:
      `${label} ${release} rolled back automatically: it failed for ${figures.failed} of ${figures.seen} members ` +
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
    .deleteFrom('rolloutBrowsers')
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
  seen: Type.Integer({ description: 'Members whose browsers the map gave the release to, each counted once' }),
  failed: Type.Integer({ description: 'Of them, those with a browser that reported a failure of it' }),
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
 * The shell's error reports (public: a beacon carries no session, only the browser's cookie, and counts
 * under the member whose session read the map with that cookie) and the Admins' view of the rollouts.
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
          ? { loadFailures: sql<number>`load_failures + 1` }
          : { renderFailures: sql<number>`render_failures + 1` };
      // Only a browser the map gave the release in its current rollout counts: a report for another is
      // ignored. A report that comes with a session counts only for that member's own browser.
      let counted = false;
      if (browser && rollout?.release === release) {
        const member = bearerToken(request) === undefined ? undefined : ((await memberOf(request)) ?? null);
        let update = app.db.kysely
          .updateTable('rolloutBrowsers')
          .set(failures)
          .where('remote', '=', remote)
          .where('release', '=', release)
          .where('since', '=', rollout.since)
          .where('browser', '=', browser);
        if (member !== undefined) update = update.where('memberId', '=', member ?? '');
        const updated = await update.executeTakeFirst();
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
