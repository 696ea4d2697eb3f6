import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeTestDatabase, databaseFor, engines, openTestDatabase } from '../testing/harness';

// Suites share one PostgreSQL database, each in a schema of its own that it drops when done. Kysely's
// migrator introspects every schema, so a drop in the middle of another suite's migration failed it.

// PostgreSQL only (SQLite databases are files of their own): it runs where TEST_DATABASE_URL is set.
const postgres = engines().filter(([name]) => name === 'postgres');

if (postgres.length)
  describe('schemas dropped while others migrate', () => {
    const target = postgres[0]![1];
    let dir: string;
    beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-drops-'))));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const open = () => openTestDatabase({ dataDir: dir, ...databaseFor(target) });

    it('no migration fails because another schema is dropped meanwhile', async () => {
      for (let round = 0; round < 6; round++) {
        const dropped = await Promise.all([open(), open(), open(), open()]);
        const [migrated] = await Promise.all([
          Promise.all([open(), open(), open()]),
          ...dropped.map((db) => closeTestDatabase(db)),
        ]);
        await Promise.all(migrated.map((db) => closeTestDatabase(db)));
      }
    }, 60_000);
  });
