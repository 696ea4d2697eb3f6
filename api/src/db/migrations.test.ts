import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { closeTestDatabase, databaseFor, engines } from '../testing/harness';
import { migrateToLatest, openDatabase, type Db } from './database';
import { migrationProvider } from './migrations';

describe.each(engines())('migrations on %s', (_name, engine) => {
  let dir: string;
  let db: Db;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    db = openDatabase({ dataDir: dir, ...databaseFor(engine) });
  });
  afterAll(async () => {
    await closeTestDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('0006 turns editor images kept with a Host-derived origin into /uploads/ paths, and nothing else', async () => {
    const migrator = new Migrator({
      db: db.kysely,
      provider: migrationProvider(db.engine),
      migrationTableSchema: db.schema,
    });
    const before = await migrator.migrateTo('0005_content');
    expect(before.error).toBeUndefined();
    const name = '0123456789abcdef0123456789abcdef.png';
    const row = {
      audience: 'adult',
      date: '2026-01-01',
      topic: 'Hope',
      bible_reading: 'Rom 5',
      further_reading: 'Ps 23',
      mass: 'Mk 1',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    await db.kysely
      .insertInto('reflections')
      .values([
        {
          ...row,
          _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
          reflection: `<p>A</p><img src="http://evil.example/uploads/${name}" />`,
          devotional_content: `<img src="https://office.example.org:8443/backoffice/uploads/${name}" />`,
          devotional_confession: '<img src="https://elsewhere.example/photo.png" />',
        },
        {
          ...row,
          _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
          date: '2026-01-02',
          reflection: '<p>No pictures</p>',
          devotional_content: '',
          devotional_confession: '',
        },
      ])
      .execute();

    await migrateToLatest(db);
    const rows = await db.kysely
      .selectFrom('reflections')
      .select(['_id', 'reflection', 'devotional_content', 'devotional_confession'])
      .orderBy('_id')
      .execute();
    expect(rows).toEqual([
      {
        _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        reflection: `<p>A</p><img src="/uploads/${name}" />`,
        devotional_content: `<img src="/uploads/${name}" />`,
        devotional_confession: '<img src="https://elsewhere.example/photo.png" />',
      },
      {
        _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
        reflection: '<p>No pictures</p>',
        devotional_content: '',
        devotional_confession: '',
      },
    ]);
  });
});
