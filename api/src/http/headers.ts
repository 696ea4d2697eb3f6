import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';

// Security headers on every answer: pages, remote entries, API and files alike (docs/security.md).
// The session token lives in localStorage (the spec's choice), so a strict Content-Security-Policy is
// the main defence against injected script: none inline, none from an origin not configured.

/** The video players the rich-text editor embeds (the sanitiser keeps only these: reflections/sanitize.ts). */
export const VIDEO_FRAME_ORIGINS = [
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
];

/**
 * The policy of the shell and its remotes. REMOTE_ORIGINS (the only origins the live map may load a
 * remote from) may serve scripts, styles and manifests; a page keeps the policy it loaded with, so a
 * remote moved to a new origin needs REMOTE_ORIGINS, and a restart, first.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'remoteOrigins' | 'publicUrl'>) {
  const remotes = config.remoteOrigins;
  const uploads = config.publicUrl ? [new URL(config.publicUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    // styled-components and Quill write style elements and attributes at run time.
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'connect-src': ["'self'", ...remotes],
    // Rich text may show pictures from anywhere on the web (the sanitiser allows http(s) and data:).
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:', ...uploads],
    'font-src': ["'self'", 'data:', ...remotes],
    'media-src': ["'self'", ...uploads],
    'frame-src': VIDEO_FRAME_ORIGINS,
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** Helmet's headers for these options: none depends on the request, so they are worked out once. */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * Helmet's headers on every answer, set as the request arrives (so a route may replace one, as uploads
 * and releases do for Cross-Origin-Resource-Policy). @fastify/helmet rebuilt helmet's middleware at
 * every request, a tenth of a cached public read's time; the headers never change, so they are made once.
 * They go into fastify's own headers, which it writes with the answer's in one writeHead; set on the
 * raw response instead, each was checked and stored twice (measured: 5% of a cached read's throughput).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Record<string, string> {
  const https = config.publicUrl?.startsWith('https:') ?? false;
  const headers = Object.fromEntries(
    securityHeaders({
      // Helmet's defaults add upgrade-insecure-requests, which breaks a plain-http install on a LAN.
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      frameguard: { action: 'deny' },
      // YouTube's player needs the page's origin; nothing more leaves the site.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Only where the server is known to be reached over https (PUBLIC_URL); never for subdomains.
      strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
      // Uploads and releases set their own (other origins read them: the mobile app, a shell on a CDN).
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  return headers;
}
