import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '../config';
import { IMAGE_EXTENSIONS } from '../uploads/detect';
import { sendNotFound } from './errors';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

// Files whose name stays the same across deploys must be revalidated, or a browser keeps running an
// old shell or remote; everything else the bundlers emit carries a content hash and never changes.
const ALWAYS_REVALIDATE = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json']);

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  return ALWAYS_REVALIDATE.has(name) || name.endsWith('.json') || name.endsWith('.html') ? NO_CACHE : IMMUTABLE;
}

const setBuildHeaders = (reply: FastifyReply, filePath: string) => {
  reply.header('Cache-Control', cacheControlFor(filePath));
};

/**
 * Uploaded files are never interpreted as another type than the one they are served with, never run
 * scripts, and only verified images (their extension comes from their content) are shown inline:
 * anything else (donation files) is a download.
 */
export function setUploadHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', "default-src 'none'; sandbox");
  reply.header('Cache-Control', IMMUTABLE);
  const extension = path.extname(filePath).slice(1).toLowerCase();
  if (!IMAGE_EXTENSIONS.has(extension)) {
    reply.header('Content-Type', 'application/octet-stream');
    reply.header('Content-Disposition', `attachment; filename="${path.basename(filePath).replace(/[^\w.-]/g, '_')}"`);
  }
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
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

/**
 * Production serving from the same origin as the API (see ARCHITECTURE "The whole, at one origin"):
 * uploads, the shell with its SPA fallback, each remote and /remotes.json. Build folders are served
 * only when they exist, so the API also runs alone.
 */
export async function registerStatic(app: FastifyInstance, config: AppConfig): Promise<void> {
  const { shell, remotes, remotesFile } = config.staticRoots;
  let decorated = false;
  // Only the first registration may add reply.sendFile; the shell's comes first so that the SPA
  // fallback's sendFile uses the shell's header rules.
  const decorateOnce = () => {
    const first = !decorated;
    decorated = true;
    return first;
  };

  const shellIndex = path.join(shell, 'index.html');
  const hasShell = isDirectory(shell);
  if (hasShell) {
    await app.register(fastifyStatic, {
      root: shell,
      prefix: '/',
      decorateReply: decorateOnce(),
      dotfiles: 'ignore',
      // The build writes .br / .gz twins (config/precompress.ts); they are sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders: setBuildHeaders,
    });
  }

  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: decorateOnce(),
    dotfiles: 'ignore',
    index: false,
    // Generated names are never reused, so a file never changes.
    cacheControl: false,
    setHeaders: setUploadHeaders,
  });

  for (const [name, root] of Object.entries(remotes)) {
    if (!isDirectory(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix: `/remotes/${name}/`,
      decorateReply: decorateOnce(),
      dotfiles: 'ignore',
      preCompressed: true,
      cacheControl: false,
      setHeaders: setBuildHeaders,
    });
  }

  // Read at each request: redeploying a remote may mean editing this file, without a restart.
  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    let body: Buffer;
    try {
      body = await fs.promises.readFile(remotesFile);
    } catch {
      return sendNotFound(request, reply);
    }
    return reply.header('Cache-Control', NO_CACHE).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (hasShell && isSpaNavigation(request) && fs.existsSync(shellIndex)) {
      // The shell's router decides what the path shows (including its own "not found").
      return reply.header('Cache-Control', NO_CACHE).sendFile('index.html', shell, { cacheControl: false });
    }
    return sendNotFound(request, reply);
  });
}
