import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Database } from '../db/schema';
import type { TestServer } from './harness';

/** The tables holding what the administrator and the app's users wrote (sessions and counters aside). */
const CONTENT_TABLES: (keyof Database)[] = [
  'admins',
  'massIntentions',
  'regularMasses',
  'masses',
  'books',
  'donations',
  'bankAccounts',
  'prayers',
  'about',
  'groups',
  'prayerRequests',
  'readings',
  'streams',
  'reflections',
  'editorImages',
  'recordVersions',
  'recordVersionFiles',
  'deployTokens',
];

/**
 * A fingerprint of everything stored: every row of every content table and the uploads folder's
 * files (temp folder included). Equal before and after a call: the call changed nothing.
 */
export async function storedState(server: TestServer): Promise<string> {
  const hash = createHash('sha256');
  for (const table of CONTENT_TABLES) {
    const key = table === 'editorImages' || table === 'recordVersionFiles' ? 'name' : '_id';
    const rows = await server.db.kysely
      .selectFrom(table)
      .selectAll()
      .orderBy(key as never)
      .execute();
    hash.update(`${table}:${JSON.stringify(rows)}\n`);
  }
  hash.update(`files:${(await server.storedUploads()).join(',')}\n`);
  hash.update(
    `live map:${fs.existsSync(server.config.remotesMapFile) ? fs.readFileSync(server.config.remotesMapFile, 'utf8') : ''}\n`,
  );
  hash.update(`temp:${fs.readdirSync(`${server.config.uploadsDir}/.tmp`).join(',')}\n`);
  return hash.digest('hex');
}
