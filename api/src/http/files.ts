import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import { HttpError } from './errors';

// Serving files from a folder, knowing nothing of what the files are: the features that serve theirs
// (releases/serving.ts, uploads/serving.ts) set their own headers.

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `send`'s check on the file it is about to open: only a file that is what its path names, under the
 * folder served. A link (planted in a release or the uploads, or a compressed twin that is one) would
 * otherwise hand out any file the server can read, the database included. Releases and uploads never
 * hold links: publishing refuses them and uploads are written by the server.
 */
export function refuseLinks(root: string) {
  const realRoot = fs.realpathSync(root);
  return async (file: string) => {
    const expected = path.join(realRoot, path.relative(root, file));
    const real = await fs.promises.realpath(file).catch(() => undefined);
    if (real !== expected) throw new HttpError(404, 'Nothing was found at this address');
  };
}

const linkChecks = new Map<string, ReturnType<typeof refuseLinks>>();
/** The link check (refuseLinks) of a folder that never moves, made once. */
export function linkCheck(root: string) {
  let check = linkChecks.get(root);
  if (!check) {
    check = refuseLinks(root);
    linkChecks.set(root, check);
  }
  return check;
}

export function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * A folder served at `prefix` with the headers its rules set (never @fastify/static's), no dotfile and
 * no link out of it. Only one registration adds reply.sendFile (releases/serving.ts's): this one never does.
 */
export function serveFolder(
  app: FastifyInstance,
  root: string,
  prefix: string,
  options: Pick<FastifyStaticOptions, 'index' | 'preCompressed' | 'setHeaders'>,
) {
  return app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    dotfiles: 'ignore',
    cacheControl: false,
    onFile: refuseLinks(root),
    ...options,
  });
}
