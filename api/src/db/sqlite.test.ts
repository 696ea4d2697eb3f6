import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { defaultSqliteDriver, openSqliteFile } from './sqlite';
import { isUniqueViolation } from './unique';

const [major, minor] = process.versions.node.split('.').map(Number);
const hasNodeSqlite = major > 22 || (major === 22 && minor >= 13);

interface Tables {
  item: { id: string; name: string; rank: number | null };
}

describe(`the embedded database on Node ${process.versions.node}`, () => {
  let dir: string;
  let db: Kysely<Tables>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-driver-'));
    const { database } = openSqliteFile(path.join(dir, 'app.db'));
    db = new Kysely<Tables>({ dialect: new SqliteDialect({ database }) });
    await sql`create table item (id text primary key, name text not null unique, rank integer)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("uses Node's own node:sqlite where it exists, and better-sqlite3 only on a Node without it", () => {
    expect(defaultSqliteDriver()).toBe(hasNodeSqlite ? 'node:sqlite' : 'better-sqlite3');
  });

  it('runs the pragmas every start sets: WAL, foreign keys, a busy timeout', async () => {
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(rows[0].journal_mode).toBe('wal');
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0].foreign_keys).toBe(1);
    expect((await sql<{ timeout: number }>`pragma busy_timeout`.execute(db)).rows[0].timeout).toBe(5000);
  });

  it('reads, writes, counts changed rows, returns rows and keeps null, text and numbers apart', async () => {
    const inserted = await db.insertInto('item').values({ id: 'a', name: 'Alpha', rank: 1 }).executeTakeFirst();
    expect(Number(inserted.numInsertedOrUpdatedRows)).toBe(1);
    const returned = await db
      .insertInto('item')
      .values({ id: 'b', name: 'Beta', rank: null })
      .returning(['id', 'rank'])
      .execute();
    expect(returned).toEqual([{ id: 'b', rank: null }]);
    const updated = await db.updateTable('item').set({ rank: 7 }).where('id', 'in', ['a', 'b']).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(2);
    const rows = await db.selectFrom('item').selectAll().orderBy('id').execute();
    expect(rows.map((row) => ({ ...row }))).toEqual([
      { id: 'a', name: 'Alpha', rank: 7 },
      { id: 'b', name: 'Beta', rank: 7 },
    ]);
    const deleted = await db.deleteFrom('item').where('id', '=', 'b').executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(1);
  });

  it('reports a UNIQUE or primary-key clash so that routes answer 409', async () => {
    const clash = await db
      .insertInto('item')
      .values({ id: 'c', name: 'Alpha', rank: 1 })
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(clash)).toBe(true);
    const samePrimaryKey = await db
      .insertInto('item')
      .values({ id: 'a', name: 'Gamma', rank: 1 })
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(samePrimaryKey)).toBe(true);
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('item').values({ id: 'd', name: 'Delta', rank: 1 }).execute();
        await trx.insertInto('item').values({ id: 'e', name: 'Delta', rank: 1 }).execute();
      }),
    ).rejects.toBeDefined();
    expect(await db.selectFrom('item').select('id').where('id', 'in', ['d', 'e']).execute()).toEqual([]);
  });
});
