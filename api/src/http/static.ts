import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { AppConfig } from '../config';
import { DatabaseUploadStore } from '../uploads/database-store';
import { IMAGE_EXTENSIONS, IMAGE_TYPES } from '../uploads/detect';
import { isInTrash } from '../trash/store';
import { ADDRESS_PART_TOO_LONG, HttpError, sendNotFound } from './errors';
import { SHELL, SHELL_INDEX } from '../releases/store';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

// The shell's files whose name stays the same across builds must be revalidated, or a browser keeps
// running an old shell; everything else it emits carries a content hash and never changes.
export function shellCacheControl(filePath: string): string {
  const name = path.basename(filePath);
  return name.endsWith('.json') || name.endsWith('.html') ? NO_CACHE : IMMUTABLE;
}

const setShellHeaders = (reply: FastifyReply, filePath: string) => {
  reply.header('Cache-Control', shellCacheControl(filePath));
};

/** What the shell loads from a release as a part of its page (a script, a style, a font, an image), never as a page. */
const RELEASE_PARTS = new Set(['js', 'mjs', 'css', 'json', 'map', 'wasm', 'woff', 'woff2', 'ttf', 'otf', 'ico']);

/**
 * A release is never modified after publication, entry and manifest included; a shell on another
 * origin (the remotes on a CDN) loads it with script tags. A publish-only token can place any file in
 * one, and nothing of it may run at this origin until someone allowed to puts it live (or previews it):
 * opened as a page, every file is a sandbox of no origin with no script (a script tag or a style
 * ignores that policy), and what a browser would render as a document (HTML, SVG, XML, anything
 * unknown) is a download. The shell's page at / is served by its own rules.
 */
export function setReleaseHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('Cache-Control', IMMUTABLE);
  reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  const extension = path
    .extname(filePath.replace(/\.(br|gz)$/, ''))
    .slice(1)
    .toLowerCase();
  if (!RELEASE_PARTS.has(extension) && !IMAGE_EXTENSIONS.has(extension)) {
    reply.header('Content-Disposition', 'attachment');
  }
}

/**
 * Uploaded files are never interpreted as another type than the one they are served with, never run
 * scripts, and only verified images (their extension comes from their content) are shown inline:
 * anything else (donation files) is a download.
 */
export function setUploadHeaders(reply: FastifyReply, filePath: string): void {
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
 * `send`'s check on the file it is about to open: only a file that is what its path names, under the
 * folder served. A link (planted in a release or the uploads, or a compressed twin that is one) would
 * otherwise hand out any file the server can read, the database included. Releases and uploads never
 * hold links: publishing refuses them and uploads are written by the server.
 */
function refuseLinks(root: string) {
  const realRoot = fs.realpathSync(root);
  return async (file: string) => {
    const expected = path.join(realRoot, path.relative(root, file));
    const real = await fs.promises.realpath(file).catch(() => undefined);
    if (real !== expected) throw new HttpError(404, 'Nothing was found at this address');
  };
}

/** Paths the single-page app must never answer: they have their own 404s. */
const NOT_SPA = /^\/(api|uploads|remotes)(\/|$)/;

/** A browser navigation to a screen (/dashboard, /bookshelf/…), not a request for a missing file. */
function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0];
  if (NOT_SPA.test(pathname)) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]+$/.test(last);
}

/** A path inside a release folder, or undefined for one that could climb out or names a dotfile. */
function releaseFilePath(pathname: string): string | undefined {
  const decoded = safeDecode(pathname);
  if (!decoded || decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const segments = decoded.split('/').slice(1);
  if (segments.some((segment) => !segment || segment.startsWith('.'))) return undefined;
  return segments.join('/');
}

const linkChecks = new Map<string, ReturnType<typeof refuseLinks>>();
/** The link check (refuseLinks) of a release folder, made once: a release folder never moves. */
function linkCheck(root: string) {
  let check = linkChecks.get(root);
  if (!check) {
    check = refuseLinks(root);
    linkChecks.set(root, check);
  }
  return check;
}

/**
 * The shell, from its live release (releases/store.ts, named `shell`): every screen's path answers the
 * live index.html, and a file is looked up in the live release. A content-hashed file is also looked up
 * in the shell's other kept releases, so a page opened before a switch still finds its lazy chunks (the
 * `shared` chunks every remote takes from the shell among them) for as long as a remote's are kept.
 * Without a live shell release (the API alone) every such path is a 404.
 */
function registerShell(app: FastifyInstance): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0];
    if (NOT_SPA.test(pathname)) {
      // The router takes this catch-all when a call's parameter is longer than it allows: say so, as
      // it does where there is no catch-all.
      const longest = Math.max(...pathname.split('/').map((part) => part.length));
      if (longest > app.initialConfig.maxParamLength!) return reply.code(414).send({ message: ADDRESS_PART_TOO_LONG });
      return reply.callNotFound();
    }
    const live = app.releases.liveShell(app.liveMap.current().map)?.dir;
    if (!live) return reply.callNotFound();
    if (isSpaNavigation(request)) {
      reply.header('Cache-Control', NO_CACHE);
      return reply.sendFile(SHELL_INDEX, live, { onFile: linkCheck(live) });
    }
    const file = releaseFilePath(pathname);
    if (!file) return reply.callNotFound();
    const roots = [live];
    if (shellCacheControl(file) === IMMUTABLE) {
      roots.push(
        ...app.releases.store
          .list(SHELL)
          .map((release) => release.dir)
          .filter((dir) => dir !== live),
      );
    }
    const root = roots.find((dir) => isFile(path.join(dir, file)));
    if (!root) return reply.callNotFound();
    return reply.sendFile(file, root, { onFile: linkCheck(root) });
  };
  const options = { schema: { hide: true } };
  app.get('/', options, handler);
  app.get('/*', options, handler);
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Production serving from the same origin as the API (see ARCHITECTURE "The whole, at one origin"):
 * uploads, the shell from its live release with the SPA fallback, and the remotes' releases.
 */
const UPLOADS = '/uploads/';

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export async function registerStatic(app: FastifyInstance, config: AppConfig): Promise<void> {
  let decorated = false;
  // Only the first registration may add reply.sendFile; the shell's comes first so that the SPA
  // fallback's sendFile uses the shell's header rules.
  const decorateOnce = () => {
    const first = !decorated;
    decorated = true;
    return first;
  };
  /** A folder served with the headers its rules set (never @fastify/static's), no dotfile and no link out of it. */
  const serveFolder = (
    root: string,
    prefix: string,
    options: Pick<FastifyStaticOptions, 'index' | 'preCompressed' | 'setHeaders'>,
  ) =>
    app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: decorateOnce(),
      dotfiles: 'ignore',
      cacheControl: false,
      onFile: refuseLinks(root),
      ...options,
    });

  // Releases (the shell's and the remotes') live here; a first start has none yet.
  fs.mkdirSync(config.releasesDir, { recursive: true });
  // The shell's own plugin comes first and serves nothing by itself: its reply.sendFile (with the
  // shell's header rules and precompressed twins) is what the shell's route below uses.
  await app.register(fastifyStatic, {
    root: config.releasesDir,
    serve: false,
    decorateReply: decorateOnce(),
    dotfiles: 'ignore',
    cacheControl: false,
    preCompressed: true,
    setHeaders: setShellHeaders,
  });
  registerShell(app);

  // A record in the trash is served by no call, and neither are its files (a cover, a donation file),
  // though they are kept: a restore serves them again at the same address.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(UPLOADS)) return;
    const name = safeDecode(request.url.slice(UPLOADS.length).split('?')[0]);
    if (name && (await isInTrash(app.db, name))) return sendNotFound(request, reply);
  });
  if (app.uploads instanceof DatabaseUploadStore) registerDatabaseUploads(app, app.uploads);
  else {
    fs.mkdirSync(config.uploadsDir, { recursive: true });
    // Generated names are never reused, so a file never changes.
    await serveFolder(config.uploadsDir, '/uploads/', { index: false, setHeaders: setUploadHeaders });
  }

  // /remotes/<name>/<release>/…; a release being published is a hidden folder until it is complete.
  await serveFolder(config.releasesDir, '/remotes/', {
    index: false,
    preCompressed: true,
    setHeaders: setReleaseHeaders,
  });

  app.setNotFoundHandler((request, reply) => sendNotFound(request, reply));
}
