import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/database';
import { sendNotFound } from '../http/errors';
import { IMMUTABLE, safeDecode, serveFolder } from '../http/files';
import { DatabaseUploadStore } from './database-store';
import { IMAGE_EXTENSIONS, IMAGE_TYPES } from './detect';

const UPLOADS = '/uploads/';

/**
 * Uploaded files are never interpreted as another type than the one they are served with, never run
 * scripts, and only verified images (their extension comes from their content) are shown inline:
 * anything else (donation files) is a download.
 */
function setUploadHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  reply.header('Cache-Control', IMMUTABLE);
  // Shown by the mobile app and by pages of other origins (PUBLIC_URL may differ from the admin's).
  reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  const extension = path.extname(filePath).slice(1).toLowerCase();
  if (!IMAGE_EXTENSIONS.has(extension)) {
    reply.header('Content-Type', 'application/octet-stream');
    reply.header('Content-Disposition', `attachment; filename="${path.basename(filePath).replace(/[^\w.-]/g, '_')}"`);
  }
}

/**
 * /uploads/<name> from PostgreSQL, with the headers of the folder's files. A name is never reused,
 * so its ETag is the name and a revalidation never reads the content. No byte ranges: the files
 * (covers, pictures, donation files of at most 20 MB) are sent whole.
 */
function registerDatabaseUploads(app: FastifyInstance, store: DatabaseUploadStore): void {
  // Not compressed: images and PDFs are already, and the length lets a client show progress.
  const options = { schema: { hide: true }, compress: false as const };
  app.get<{ Params: { name: string } }>('/uploads/:name', options, async (request, reply) => {
    const file = await store.read(request.params.name);
    if (!file) return reply.callNotFound();
    const extension = path.extname(request.params.name).slice(1);
    if (IMAGE_TYPES[extension]) reply.header('Content-Type', IMAGE_TYPES[extension]);
    setUploadHeaders(reply, request.params.name);
    const etag = `"${request.params.name}"`;
    reply.header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.header('Content-Length', file.size);
    return reply.send(request.method === 'HEAD' ? '' : file.content());
  });
}

/**
 * /uploads/<name>, from the database's store or the uploads folder. `hidden` names the files that are
 * kept but served by no call (the trash's: a restore serves them again at the same address).
 */
export async function registerUploadServing(
  app: FastifyInstance,
  uploadsDir: string,
  hidden: (db: Db, name: string) => Promise<boolean>,
): Promise<void> {
  // A callback hook: every other request passes with a prefix check, no promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith(UPLOADS)) return done();
    const name = safeDecode(request.url.slice(UPLOADS.length).split('?')[0]);
    if (!name) return done();
    hidden(app.db, name).then((isHidden) => (isHidden ? sendNotFound(request, reply) : done()), done);
  });
  if (app.uploads instanceof DatabaseUploadStore) registerDatabaseUploads(app, app.uploads);
  else {
    fs.mkdirSync(uploadsDir, { recursive: true });
    // Generated names are never reused, so a file never changes.
    await serveFolder(app, uploadsDir, UPLOADS, { index: false, setHeaders: setUploadHeaders });
  }
}
