import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { engines, startServer, type TestServer } from '../testing/harness';
import { openDatabase, type Db } from './database';

// Two server instances on one PostgreSQL database: a write through one reaches the other's cached
// public lists at once (LISTEN/NOTIFY), not after its counter check (set to a minute here).

// Like every engine-specific suite (testing/harness.ts engines()), it runs where TEST_DATABASE_URL is set: in CI always.
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
  });
