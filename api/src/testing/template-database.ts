import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Client } from 'pg';
import type { AppConfig } from '../config';
import { migrateToLatest, openDatabase, dropSchema } from '../db/database';
import { writeTextAtomically } from '../releases/map';

// Every API suite starts on a fresh, migrated database, and running the migrations one by one took a
// suite about half a second on SQLite and one and a half on PostgreSQL. A fresh database is instead
// a copy of one migrated once per set of migrations: SQLite's file copied, PostgreSQL's schema replayed
// from pg_dump's text of it. The copy is what the migrations make, so a start finds nothing to run.
// Why and how much: docs/testing.md "Fresh databases from a template".

type DatabaseConfig = Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'databaseSchema'>;

const MIGRATIONS_DIR = path.join(__dirname, '..', 'db', 'migrations');

/** The migrations' own text (and the rewrites they call): a changed migration makes a new template. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, '..', 'frozen-rewrites.ts')));
  return hash.digest('hex').slice(0, 16);
}

const templateDir = () => path.join(os.tmpdir(), 'backoffice-test-templates');

/** SQLite: the migrated app.db of this set of migrations, made on first use. */
async function sqliteTemplate(fingerprint: string): Promise<string> {
  const file = path.join(templateDir(), `sqlite-${fingerprint}.db`);
  if (fs.existsSync(file)) return file;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backoffice-template-'));
  try {
    const db = openDatabase({ dataDir, databaseUrl: undefined, databaseSchema: undefined });
    await migrateToLatest(db);
    // Everything in app.db itself: the write-ahead log is not copied.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db.kysely);
    await db.close();
    // Copied beside, then renamed: jest's workers race to make it, and a reader sees all of it or none.
    fs.mkdirSync(templateDir(), { recursive: true });
    const copy = `${file}.${process.pid}.tmp`;
    fs.copyFileSync(path.join(dataDir, 'app.db'), copy);
    fs.renameSync(copy, file);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return file;
}

/** pg_dump of the newest PostgreSQL installed, or undefined: then suites migrate as a start does. */
function pgDump(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => path.join(root, version, 'bin', 'pg_dump')).find((f) => fs.existsSync(f));
  return found;
}

/** The token standing for the schema's name in the template's text. */
const SCHEMA_TOKEN = '__backoffice_template_schema__';

/**
 * PostgreSQL: the SQL that builds a migrated schema named SCHEMA_TOKEN, made on first use; undefined
 * when pg_dump cannot dump this server (an older pg_dump than the server refuses).
 */
async function postgresTemplate(fingerprint: string, databaseUrl: string, dump: string): Promise<string | undefined> {
  const file = path.join(templateDir(), `postgres-${fingerprint}.sql`);
  // Kept beside the templates: later suites migrate without asking pg_dump again.
  const refused = `${file}.refused`;
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  if (fs.existsSync(refused)) return undefined;
  const schema = `template_${randomBytes(8).toString('hex')}`;
  const db = openDatabase({ dataDir: os.tmpdir(), databaseUrl, databaseSchema: schema });
  try {
    await migrateToLatest(db);
    const dumped = spawnSync(
      dump,
      ['--schema', schema, '--no-owner', '--no-privileges', '--inserts', '--dbname', databaseUrl],
      { encoding: 'utf8', maxBuffer: 64 << 20 },
    );
    if (dumped.status !== 0) {
      writeTextAtomically(refused, dumped.stderr);
      return undefined;
    }
    const text = dumped.stdout
      .split('\n')
      // psql's meta-commands (\restrict …) are not SQL; the search_path the dump empties stays ours.
      .filter((line) => !line.startsWith('\\') && !line.includes("set_config('search_path'"))
      .join('\n')
      .replaceAll(schema, SCHEMA_TOKEN);
    writeTextAtomically(file, text);
    return text;
  } finally {
    await dropSchema(db);
    await db.close();
  }
}

/**
 * Puts a migrated copy where `config` points, when nothing is there yet (no app.db, no such schema):
 * a database a suite made before, or one it means to migrate by hand, is left as it is.
 */
export async function fromTemplate(config: DatabaseConfig): Promise<void> {
  const fingerprint = migrationsFingerprint();
  if (!config.databaseUrl) {
    const target = path.join(config.dataDir, 'app.db');
    if (fs.existsSync(target)) return;
    const template = await sqliteTemplate(fingerprint);
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.copyFileSync(template, target);
    return;
  }
  const dump = pgDump();
  const schema = config.databaseSchema;
  if (!dump || !schema) return;
  const text = await postgresTemplate(fingerprint, config.databaseUrl, dump);
  if (text === undefined) return;
  // Its own connection: the dump's settings (statement timeout, client encoding …) end with it.
  const client = new Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_namespace where nspname = $1', [schema]);
    if (exists.rowCount) return;
    await client.query(text.replaceAll(SCHEMA_TOKEN, schema));
  } finally {
    await client.end();
  }
}
