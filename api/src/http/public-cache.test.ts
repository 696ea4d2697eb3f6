import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { bumpChangeCounter } from '../db/changes';
import { openDatabase, type Db } from '../db/database';
import {
  closeTestDatabase,
  databaseFor,
  engines,
  openTestDatabase,
  startServer,
  type TestServer,
} from '../testing/harness';
import { JsonRepresentation, PublicListCache } from './public-cache';

describe.each(engines())('PublicListCache on %s', (_name, engine) => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-cache-'));
    db = await openTestDatabase({ dataDir: dir, ...databaseFor(engine) });
  });
  afterAll(async () => {
    await closeTestDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function counted(name: string, checkEveryMs: number) {
    const builds: number[] = [];
    const cache = new PublicListCache({
      // The counter check alone: on PostgreSQL the change feed would tell at once (db/changes.test.ts).
      db: { ...db, changes: undefined },
      name,
      checkEveryMs,
      build: async () => {
        builds.push(builds.length + 1);
        return { n: builds.length };
      },
    });
    return { cache, builds };
  }

  it('builds once and serves the same bytes until invalidated', async () => {
    const { cache, builds } = counted('a', 60_000);
    const first = await cache.get();
    expect(await cache.get()).toBe(first);
    await Promise.all([cache.get(), cache.get()]);
    expect(builds).toEqual([1]);
    expect(JSON.parse(first.body.toString())).toEqual({ n: 1 });

    cache.invalidate();
    const rebuilt = await cache.get();
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.etag()).not.toBe(first.etag());
    expect(builds).toHaveLength(2);
  });

  it("notices another process's write through the change counter, checked at most every checkEveryMs", async () => {
    const eager = counted('b', 0);
    const lazy = counted('b', 60_000);
    await eager.cache.get();
    await lazy.cache.get();
    await bumpChangeCounter(db.kysely, 'b');
    await eager.cache.get();
    await lazy.cache.get();
    expect(eager.builds).toHaveLength(2);
    expect(lazy.builds).toHaveLength(1); // not checked again yet
    await eager.cache.get();
    expect(eager.builds).toHaveLength(2); // unchanged counter: no rebuild
  });

  it('never keeps, to send without waiting, an answer whose build a write overtook', async () => {
    const pending: ((value: unknown) => void)[] = [];
    const cache = new PublicListCache({
      db: { ...db, changes: undefined },
      name: 'd',
      checkEveryMs: 60_000,
      build: () => new Promise((resolve) => pending.push(resolve)),
    });
    const started = async (builds: number) => {
      while (pending.length < builds) await new Promise((resolve) => setImmediate(resolve));
    };
    const first = cache.get();
    await started(1);
    cache.invalidate(); // a write committed while the list was read
    pending[0]!({ stale: true });
    expect(JSON.parse((await first).body.toString())).toEqual({ stale: true }); // its own reader gets it
    // The next reader's build is under way: until it ends there is nothing to send at once.
    const second = cache.get();
    await started(2);
    expect(cache.ready('')).toBeUndefined();
    pending[1]!({ fresh: true });
    expect(cache.ready('')).toBeUndefined(); // not before its promise has settled
    const fresh = await second;
    expect(cache.ready('')).toBe(fresh);
    cache.invalidate();
    expect(cache.ready('')).toBeUndefined();
  });

  it('forgets a failed build', async () => {
    let fail = true;
    const cache = new PublicListCache({
      db,
      name: 'c',
      checkEveryMs: 60_000,
      build: async () => {
        if (fail) throw new Error('database away');
        return [];
      },
    });
    await expect(cache.get()).rejects.toThrow('database away');
    fail = false;
    expect((await cache.get()).body.toString()).toBe('[]');
  });
});

describe('JsonRepresentation', () => {
  it('matches If-None-Match by strong or weak tag, in any encoding, or *', () => {
    const rep = new JsonRepresentation({ a: 1 });
    expect(rep.matches(rep.etag())).toBe(true);
    expect(rep.matches(`W/${rep.etag()}`)).toBe(true);
    expect(rep.matches(`"x", ${rep.etag('gzip')}`)).toBe(true);
    expect(rep.matches('*')).toBe(true);
    expect(rep.matches('"x"')).toBe(false);
    expect(rep.matches(undefined)).toBe(false);
    expect(new JsonRepresentation({ a: 2 }).matches(rep.etag())).toBe(false);
  });
});

// Two server instances on one PostgreSQL database: a write through one reaches the other's cached
// public lists at once (LISTEN/NOTIFY), not after its counter check (set to a minute here).

// PostgreSQL only (SQLite is one instance): it runs where TEST_DATABASE_URL is set, in CI always.
const postgres = engines().filter(([name]) => name === 'postgres');

if (postgres.length)
  describe('lists across instances on PostgreSQL', () => {
    let a: TestServer;
    let otherDb: Db;
    let b: FastifyInstance;
    let bUrl: string;
    beforeAll(async () => {
      a = await startServer(postgres[0]![1], { listCacheCheckMs: 60_000 });
      otherDb = openDatabase({
        dataDir: a.config.dataDir,
        databaseUrl: a.config.databaseUrl,
        databaseSchema: a.db.schema,
      });
      b = await buildApp(a.config, { db: otherDb });
      await b.listen({ port: 0, host: '127.0.0.1' });
      bUrl = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await b.close();
      await otherDb.close();
      await a.close();
    });

    it('shows a write through instance A on instance B within a second', async () => {
      const prayersOnB = async () =>
        ((await (await fetch(`${bUrl}/api/v1/get/prayers`)).json()) as { data: unknown[] }).data;
      expect(await prayersOnB()).toEqual([]);
      // Built: B now answers it from memory, before the framework (http/ready-answers.ts).
      const answered = b.readyAnswers.answered;
      expect(await prayersOnB()).toEqual([]);
      expect(b.readyAnswers.answered).toBe(answered + 1);
      await otherDb.changes!.listening();

      const token = await a.login();
      const added = await a.call('POST', `/api/v1/add/prayer/${a.admin._id}`, {
        token,
        json: { title: 'Angelus', prayer: 'The Angel of the Lord declared unto Mary' },
      });
      expect(added.status).toBe(201);
      const written = Date.now();
      let seen: unknown[] = [];
      while (seen.length === 0 && Date.now() - written < 5000) {
        seen = await prayersOnB();
        if (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toHaveLength(1);
      expect(Date.now() - written).toBeLessThan(1000);
    });

    it('shows it within a second even when the notification is lost: the counter is checked every half second', async () => {
      // C hears no notification at all (as while its LISTEN connection reconnects), with the default check.
      const deafDb = openDatabase({
        dataDir: a.config.dataDir,
        databaseUrl: a.config.databaseUrl,
        databaseSchema: a.db.schema,
      });
      const deaf: Db = { ...deafDb, changes: undefined };
      const c = await buildApp({ ...a.config, listCacheCheckMs: loadConfig({}).listCacheCheckMs }, { db: deaf });
      try {
        await c.listen({ port: 0, host: '127.0.0.1' });
        const cUrl = `http://127.0.0.1:${(c.server.address() as AddressInfo).port}`;
        const titlesOnC = async () =>
          ((await (await fetch(`${cUrl}/api/v1/get/prayers`)).json()) as { data: { title: string }[] }).data.map(
            (prayer) => prayer.title,
          );
        expect(await titlesOnC()).not.toContain('Memorare');
        const added = await a.call('POST', `/api/v1/add/prayer/${a.admin._id}`, {
          token: await a.login(),
          json: { title: 'Memorare', prayer: 'Remember, O most gracious Virgin Mary' },
        });
        expect(added.status).toBe(201);
        const written = Date.now();
        while (!(await titlesOnC()).includes('Memorare') && Date.now() - written < 5000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(await titlesOnC()).toContain('Memorare');
        expect(Date.now() - written).toBeLessThan(1000);
      } finally {
        await c.close();
        await deafDb.close();
      }
    });
  });
