import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '../config';
import { ADDRESS_PART_TOO_LONG } from '../http/errors';
import { IMMUTABLE, isFile, linkCheck, NO_CACHE, safeDecode, serveFolder } from '../http/files';
import { IMAGE_EXTENSIONS } from '../uploads/detect';
import { SHELL, SHELL_INDEX } from './store';

// The shell from its live release, and the remotes' releases, at the API's origin (see ARCHITECTURE
// "The whole, at one origin").

// The shell's files whose name stays the same across builds must be revalidated, or a browser keeps
// running an old shell; everything else it emits carries a content hash and never changes.
function shellCacheControl(filePath: string): string {
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
function setReleaseHeaders(reply: FastifyReply, filePath: string): void {
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

/**
 * The shell, from its live release (store.ts, named `shell`): every screen's path answers the live
 * index.html, and a file is looked up in the live release. A content-hashed file is also looked up
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

/** The shell at / with the single-page app's fallback, and /remotes/<name>/<release>/… */
export async function registerReleaseServing(app: FastifyInstance, config: AppConfig): Promise<void> {
  // Releases (the shell's and the remotes') live here; a first start has none yet.
  fs.mkdirSync(config.releasesDir, { recursive: true });
  // The shell's own plugin serves nothing by itself: its reply.sendFile (with the shell's header rules
  // and precompressed twins) is what the shell's route uses. It is the only one that adds sendFile.
  await app.register(fastifyStatic, {
    root: config.releasesDir,
    serve: false,
    decorateReply: true,
    dotfiles: 'ignore',
    cacheControl: false,
    preCompressed: true,
    setHeaders: setShellHeaders,
  });
  registerShell(app);

  // A release being published is a hidden folder until it is complete.
  await serveFolder(app, config.releasesDir, '/remotes/', {
    index: false,
    preCompressed: true,
    setHeaders: setReleaseHeaders,
  });
}
