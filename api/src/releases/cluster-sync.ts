import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { bumpChangeCounter, readChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { timestamp } from '../db/ids';
import { exclusively, LOCKS } from '../db/instances';
import { isDatabaseUnavailable } from '../db/unavailable';
import { writeTextAtomically } from './map';
import type { Releases } from './releases';
import { RELEASE_FILE, RELEASE_NAME, REMOTE_NAME } from './store';

/** The change counter (db/changes.ts) a deploy, rollback or publish bumps: every instance follows it. */
const RELEASES_CHANGED = 'remotes';

/**
 * With PostgreSQL the remotes' releases and the live map are shared by every instance: the
 * database holds them (`release_files`, `remotes_map`), and each machine keeps a local copy in its
 * RELEASES_DIR and DATA_DIR/remotes.json, which the file-based code (store.ts, map.ts, live-map.ts,
 * the static route) serves as on SQLite.
 *
 * - A command (publish, deploy, rollback, the start's adoption of builds) runs under an advisory lock
 *   between `pull` (the local copy brought up to date) and `push` (what it changed stored: new releases,
 *   pruned ones removed, the map), so two machines deploying at once take turns.
 * - Every instance follows: a push bumps the `remotes` change counter, whose NOTIFY reaches every
 *   instance at once (a poll of the counter covers a lost notification), and each pulls.
 * Releases are immutable and small (a build, a few MB), so a copy is fetched whole, a file at a time.
 */
export class ClusterReleases {
  private pulling: Promise<void> | undefined;
  private pullAgain = false;
  private seenCounter = -1;
  /** Commands of this machine between their command and their push (see `change`), and how many began. */
  private changing = 0;
  private changesBegun = 0;

  constructor(
    private readonly db: Db,
    private readonly releases: Releases,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Runs a releases command with every machine's view, and shares what it changed. */
  async change<T>(command: () => T): Promise<T> {
    return (await exclusively(this.db, LOCKS.releases, true, async () => {
      await this.pullNow();
      // From the command to its push, this machine holds releases the database does not have yet.
      this.changing += 1;
      this.changesBegun += 1;
      try {
        const result = command();
        await this.push();
        return result;
      } finally {
        this.changing -= 1;
      }
    })) as T;
  }

  /** Brings the local copy up to date (deduplicated: a pull asked for during one runs once after it). */
  pull(): Promise<void> {
    if (this.pulling) {
      this.pullAgain = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      try {
        do {
          this.pullAgain = false;
          await this.pullNow();
        } while (this.pullAgain);
      } finally {
        this.pulling = undefined;
      }
    })();
    return this.pulling;
  }

  /** Whether the database holds that release (a request for one this machine has not copied yet). */
  async has(remote: string, release: string): Promise<boolean> {
    if (!REMOTE_NAME.test(remote) || !RELEASE_NAME.test(release)) return false;
    const row = await this.db.kysely
      .selectFrom('releaseFiles')
      .select('path')
      .where('remote', '=', remote)
      .where('release', '=', release)
      .where('path', '=', RELEASE_FILE)
      .executeTakeFirst();
    return !!row;
  }

  /**
   * Follows the other machines' commands: pulls at each notification, and whenever the counter moved
   * (checked every `checkMs`). Answers the stop.
   */
  follow(checkMs: number): () => void {
    // While the database is away the check fails every `checkMs`: that is said once, not at each.
    let away = false;
    const failed = (error: unknown) => {
      if (isDatabaseUnavailable(error)) {
        if (away) return;
        away = true;
      }
      this.log?.error(error, 'the shared releases could not be copied');
    };
    const unsubscribe = this.db.changes?.subscribe(RELEASES_CHANGED, () => void this.pull().catch(failed));
    const check = async () => {
      const counter = await readChangeCounter(this.db.kysely, RELEASES_CHANGED);
      away = false;
      if (counter !== this.seenCounter) {
        this.seenCounter = counter;
        await this.pull();
      }
    };
    const timer = checkMs > 0 ? setInterval(() => void check().catch(failed), checkMs) : undefined;
    timer?.unref();
    return () => {
      unsubscribe?.();
      clearInterval(timer);
    };
  }

  private get mapFile(): string {
    return this.releases.config.mapFile;
  }

  private readLocalMap(): string | undefined {
    try {
      return fs.readFileSync(this.mapFile, 'utf8');
    } catch {
      return undefined;
    }
  }

  private async storedReleases(): Promise<{ remote: string; release: string }[]> {
    return await this.db.kysely
      .selectFrom('releaseFiles')
      .select(['remote', 'release'])
      .where('path', '=', RELEASE_FILE)
      .execute();
  }

  private async pullNow(): Promise<void> {
    // The map first: a push stores releases before the map naming them, so those it names are there.
    const begun = this.changesBegun;
    const map = await this.db.kysely.selectFrom('remotesMap').select('body').where('id', '=', 1).executeTakeFirst();
    const stored = await this.storedReleases();
    // A command of this machine that began meanwhile may have stored releases this list predates.
    if (this.changesBegun === begun) this.removePrunedElsewhere(stored);
    for (const { remote, release } of stored) {
      if (!this.releases.store.exists(remote, release)) await this.download(remote, release);
    }
    // The map read above may predate a command of this machine that ran while the releases were copied
    // (or runs still, its push not committed): its map is newer. Its push's notification pulls again.
    const commandMeanwhile = this.changesBegun !== begun || this.changing > 0;
    if (map && !commandMeanwhile && map.body !== this.readLocalMap()) writeTextAtomically(this.mapFile, map.body);
  }

  /**
   * Removes the local copies of releases another machine pruned (RELEASES_KEEP): left here, this
   * machine's next push would take them for new ones and store them again. Not while one of this
   * machine's commands is between its command and its push (its new releases are not stored yet),
   * nor before anything is stored (the first start on PostgreSQL shares what this machine has).
   */
  private removePrunedElsewhere(stored: { remote: string; release: string }[]): void {
    if (this.changing > 0 || stored.length === 0) return;
    const storedKeys = new Set(stored.map(({ remote, release }) => `${remote}/${release}`));
    for (const remote of this.releases.store.remotes()) {
      for (const { release } of this.releases.store.list(remote)) {
        if (!storedKeys.has(`${remote}/${release}`)) this.releases.store.remove(remote, release);
      }
    }
  }

  /** Copies a stored release into its local folder, whole or not at all (as publishing does). */
  private async download(remote: string, release: string): Promise<void> {
    const target = this.releases.store.dirOf(remote, release);
    const parent = path.dirname(target);
    fs.mkdirSync(parent, { recursive: true });
    const temporary = path.join(parent, `.copying-${release}-${randomBytes(4).toString('hex')}`);
    try {
      const files = await this.db.kysely
        .selectFrom('releaseFiles')
        .select('path')
        .where('remote', '=', remote)
        .where('release', '=', release)
        .execute();
      for (const { path: relative } of files) {
        const row = await this.db.kysely
          .selectFrom('releaseFiles')
          .select('data')
          .where('remote', '=', remote)
          .where('release', '=', release)
          .where('path', '=', relative)
          .executeTakeFirst();
        if (!row) continue;
        const file = path.join(temporary, ...relative.split('/'));
        if (!file.startsWith(temporary + path.sep)) continue;
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, row.data);
      }
      fs.renameSync(temporary, target);
    } catch (error) {
      fs.rmSync(temporary, { recursive: true, force: true });
      // Another instance on this DATA_DIR copied it first.
      if (!this.releases.store.exists(remote, release)) throw error;
    }
  }

  private async push(): Promise<void> {
    const stored = await this.storedReleases();
    const storedKeys = new Set(stored.map(({ remote, release }) => `${remote}/${release}`));
    const local = this.releases.store
      .remotes()
      .flatMap((remote) => this.releases.store.list(remote).map(({ release }) => ({ remote, release })));
    const localKeys = new Set(local.map(({ remote, release }) => `${remote}/${release}`));
    const map = this.readLocalMap();
    const storedMap = await this.db.kysely
      .selectFrom('remotesMap')
      .select('body')
      .where('id', '=', 1)
      .executeTakeFirst();
    const added = local.filter(({ remote, release }) => !storedKeys.has(`${remote}/${release}`));
    const pruned = stored.filter(({ remote, release }) => !localKeys.has(`${remote}/${release}`));
    const mapChanged = map !== undefined && map !== storedMap?.body;
    if (!added.length && !pruned.length && !mapChanged) return;

    await this.db.kysely.transaction().execute(async (trx) => {
      for (const { remote, release } of added) {
        const dir = this.releases.store.dirOf(remote, release);
        for (const relative of filesUnder(dir)) {
          await trx
            .insertInto('releaseFiles')
            .values({ remote, release, path: relative, data: fs.readFileSync(path.join(dir, ...relative.split('/'))) })
            .execute();
        }
      }
      for (const { remote, release } of pruned) {
        await trx.deleteFrom('releaseFiles').where('remote', '=', remote).where('release', '=', release).execute();
      }
      if (mapChanged) {
        await trx
          .insertInto('remotesMap')
          .values({ id: 1, body: map, updatedAt: timestamp() })
          .onConflict((oc) => oc.column('id').doUpdateSet({ body: map, updatedAt: timestamp() }))
          .execute();
      }
      await bumpChangeCounter(trx, RELEASES_CHANGED);
    });
    this.seenCounter = -1;
  }
}

/** Every file of a folder, as `/`-separated paths relative to it. */
function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/**
 * An instance on PostgreSQL: follows the other machines' commands, and answers a request for a release
 * it has not copied yet (a browser that read the new map from another instance a moment earlier) once
 * it has copied it.
 */
export function followClusterReleases(app: FastifyInstance, shared: ClusterReleases): void {
  app.decorate('clusterReleases', shared);
  const stop = shared.follow(app.config.listCacheCheckMs);
  app.addHook('onClose', async () => stop());
  // A callback hook: every other request passes with a prefix check, no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/remotes/')) return done();
    const [, , remote, release] = request.url.split('?')[0]!.split('/');
    if (!remote || !release || app.releases.store.exists(remote, release)) return done();
    shared
      .has(remote, release)
      .then((stored) => (stored ? shared.pull() : undefined))
      .then(() => done(), done);
  });
}
