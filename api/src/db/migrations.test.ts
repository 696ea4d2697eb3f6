import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { closeTestDatabase, databaseFor, engines, openTestDatabase, type EngineUnderTest } from '../testing/harness';
import { migrateToLatest, openDatabase, type Db } from './database';
import type { FrozenMigration } from './migrations/helpers';
import { migrationProvider, migrations } from './migrations/index';

// A migration runs only if the index lists it, under its file's name (the name databases record).
describe('the migrations folder', () => {
  const folder = path.join(__dirname, 'migrations');
  /** The folder's files that are no migration. */
  const others = ['helpers.ts', 'index.ts'];
  const files = fs
    .readdirSync(folder)
    .filter((file) => !others.includes(file))
    .sort();

  it('holds migrations only, each named as a sortable number and words', () => {
    expect(files.filter((file) => !/^\d{4}_[a-z0-9_]+\.ts$/.test(file))).toEqual([]);
  });

  it('has every migration file listed by the index once, in name order, under its file name', async () => {
    expect(Object.keys(migrations)).toEqual(files.map((file) => file.replace(/\.ts$/, '')));
    for (const file of files) {
      const { migration } = (await import(path.join(folder, file))) as { migration: FrozenMigration };
      // The file's name in the answer, should it fail.
      expect({ file, listed: migrations[file.replace(/\.ts$/, '')] === migration }).toEqual({ file, listed: true });
    }
  });
});

/** A database of its own, not migrated, for the tests of one block (dropped after them). */
function emptyDatabase(engine: EngineUnderTest): { db: Db } {
  const target = {} as { db: Db; dir: string };
  beforeAll(() => {
    target.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    target.db = openDatabase({ dataDir: target.dir, ...databaseFor(engine) });
  });
  afterAll(async () => {
    await closeTestDatabase(target.db);
    fs.rmSync(target.dir, { recursive: true, force: true });
  });
  return target;
}

/** Migrates up to and including `name`. */
async function migrateTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely.withoutPlugins(),
    provider: migrationProvider(db.engine),
    migrationTableSchema: db.schema,
  });
  expect((await migrator.migrateTo(name)).error).toBeUndefined();
}

describe.each(engines())('migrations on %s', (_name, engine) => {
  const target = emptyDatabase(engine);

  it('0006 turns editor images kept with a Host-derived origin into /uploads/ paths, and nothing else', async () => {
    const { db } = target;
    await migrateTo(db, '0005_content');
    const name = '0123456789abcdef0123456789abcdef.png';
    const row = {
      audience: 'adult',
      date: '2026-01-01',
      topic: 'Hope',
      bibleReading: 'Rom 5',
      furtherReading: 'Ps 23',
      mass: 'Mk 1',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    await db.kysely
      .insertInto('reflections')
      .values([
        {
          ...row,
          _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
          reflection: `<p>A</p><img src="http://evil.example/uploads/${name}" />`,
          devotionalContent: `<img src="https://office.example.org:8443/backoffice/uploads/${name}" />`,
          devotionalConfession: '<img src="https://elsewhere.example/photo.png" />',
        },
        {
          ...row,
          _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
          date: '2026-01-02',
          reflection: '<p>No pictures</p>',
          devotionalContent: '',
          devotionalConfession: '',
        },
      ])
      .execute();

    await migrateToLatest(db);
    const rows = await db.kysely
      .selectFrom('reflections')
      .select(['_id', 'reflection', 'devotionalContent', 'devotionalConfession'])
      .orderBy('_id')
      .execute();
    expect(rows).toEqual([
      {
        _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        reflection: `<p>A</p><img src="/uploads/${name}" />`,
        devotionalContent: `<img src="/uploads/${name}" />`,
        devotionalConfession: '<img src="https://elsewhere.example/photo.png" />',
      },
      {
        _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
        reflection: '<p>No pictures</p>',
        devotionalContent: '',
        devotionalConfession: '',
      },
    ]);
  });
});

describe.each(engines())('the accounts migration (0011) and after on %s', (_name, engine) => {
  const target = emptyDatabase(engine);

  it('makes the existing administrator an Admin and keeps their open session', async () => {
    const { db } = target;
    await migrateTo(db, '0010_shared_releases_and_chores');
    const admin = {
      _id: 'cccccccccccccccccccccccc',
      email: 'admin@example.com',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    await sql`insert into admins (_id, email, password_hash, created_at)
      values (${admin._id}, ${admin.email}, 'scrypt$17$8$1$c2FsdA==$aGFzaA==', ${admin.createdAt})`.execute(db.kysely);
    const tokenHash = 'd'.repeat(64);
    await sql`insert into tokens (token_hash, admin_id, created_at, expires_at)
      values (${tokenHash}, ${admin._id}, ${admin.createdAt}, '2099-01-01T00:00:00.000Z')`.execute(db.kysely);

    await migrateToLatest(db);
    const row = await db.kysely
      .selectFrom('admins')
      .select(['email', 'role', 'active', 'name'])
      .executeTakeFirstOrThrow();
    expect({ ...row, active: Number(row.active) }).toEqual({ email: admin.email, role: 'Admin', active: 1, name: '' });
    const session = await db.kysely.selectFrom('tokens').selectAll().executeTakeFirstOrThrow();
    expect(session).toMatchObject({ tokenHash, adminId: admin._id, lastUsedAt: admin.createdAt });
    expect(session.sessionId).toHaveLength(24);
  });

  it('orders the mass intentions by (created_at, _id) from an index, as the prayer requests', async () => {
    const { db } = target;
    const columns =
      db.engine === 'postgres'
        ? (
            await sql<{ indexdef: string }>`select indexdef from pg_indexes
              where schemaname = ${db.schema!} and tablename = 'mass_intentions'`.execute(db.kysely)
          ).rows.map((index) => index.indexdef.replace(/^.*\((.*)\)$/, '$1').replace(/\s/g, ''))
        : await Promise.all(
            (await sql<{ name: string }>`pragma index_list('mass_intentions')`.execute(db.kysely)).rows.map(
              async (index) =>
                (await sql<{ name: string }>`pragma index_info(${sql.raw(`'${index.name}'`)})`.execute(db.kysely)).rows
                  .map((column) => column.name)
                  .join(','),
            ),
          );
    expect(columns).toContain('created_at,_id');
  });
});

describe.each(engines())('the reflection spaces migration (0014) on %s', (_name, engine) => {
  const target = emptyDatabase(engine);

  it("rewrites the editor's non-breaking spaces as ordinary ones, keeping those that would collapse", async () => {
    const { db } = target;
    await migrateTo(db, '0013_two_factor');
    const nbsp = '\u00a0';
    await db.kysely
      .insertInto('reflections')
      .values({
        _id: 'eeeeeeeeeeeeeeeeeeeeeeee',
        audience: 'children',
        date: '2026-01-03',
        topic: 'Grace',
        reflection: `<p>the${nbsp}assurance${nbsp}of${nbsp}${nbsp}grace</p>`,
        bibleReading: 'Eph 2',
        devotionalContent: `<p>${nbsp}Kneel</p>`,
        devotionalConfession: '<p>Already plain</p>',
        furtherReading: 'Ps 23',
        mass: 'Mk 1',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      })
      .execute();

    await migrateTo(db, '0014_reflection_spaces');
    const row = await db.kysely
      .selectFrom('reflections')
      .select(['reflection', 'devotionalContent', 'devotionalConfession', 'updatedAt'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      reflection: `<p>the assurance of ${nbsp}grace</p>`,
      devotionalContent: `<p>${nbsp}Kneel</p>`,
      devotionalConfession: '<p>Already plain</p>',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
  });
});

describe.each(engines())('the reflection plain spaces migration (0025) on %s', (_name, engine) => {
  const target = emptyDatabase(engine);

  it('rewrites every non-breaking space 0014 kept, character or entity, as an ordinary one', async () => {
    const { db } = target;
    await migrateTo(db, '0024_rollout_members');
    const nbsp = '\u00a0';
    const row = (_id: string, date: string, reflection: string) => ({
      _id,
      audience: 'adult',
      date,
      topic: 'Waiting',
      reflection,
      bibleReading: 'Is 40',
      devotionalContent: `<p>${nbsp}Kneel</p>`,
      devotionalConfession: '<p>Already&nbsp;plain</p>',
      furtherReading: 'Ps 27',
      mass: 'Lk 2',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    await db.kysely
      .insertInto('reflections')
      .values([
        row('ffffffffffffffffffffffff', '2026-01-04', `<p>time of ${nbsp}waiting</p>`),
        row('fffffffffffffffffffffffe', '2026-01-05', '<p>plain</p>'),
      ])
      .execute();

    await migrateToLatest(db);
    const rows = await db.kysely
      .selectFrom('reflections')
      .select(['reflection', 'devotionalContent', 'devotionalConfession', 'updatedAt'])
      .orderBy('date')
      .execute();
    expect(rows).toEqual([
      {
        reflection: '<p>time of  waiting</p>',
        devotionalContent: '<p> Kneel</p>',
        devotionalConfession: '<p>Already plain</p>',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
      {
        reflection: '<p>plain</p>',
        devotionalContent: '<p> Kneel</p>',
        devotionalConfession: '<p>Already plain</p>',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
  });
});

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
