import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { readChangeCounter } from '../db/changes';

// Public reads (the mobile app's lists and details): a JSON body serialized once, with a strong
// ETag per encoding, answered 304 to a matching If-None-Match, and compressed once per encoding.
// Routes that send these set `compress: false`: the encoding is chosen here, not by @fastify/compress.

type Encoding = 'br' | 'gzip';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Answers kept per list (the whole list, and the pages and searches asked for since the last write). */
const MAX_ANSWERS = 100;

/** Bodies smaller than this are sent as they are (as @fastify/compress does). */
export const COMPRESS_FROM_BYTES = 1024;

const JSON_TYPE = 'application/json; charset=utf-8';

/** One JSON answer, ready to send as often as asked. */
export class JsonRepresentation {
  readonly body: Buffer;
  private readonly tag: string;
  /** The ETags, made once: a cached answer is sent thousands of times a second. */
  private readonly tags: Record<Encoding | 'identity', string>;
  private readonly encoded = new Map<Encoding, Promise<Buffer>>();
  /** The compressed bodies once made, sent without waiting on a promise. */
  private readonly made = new Map<Encoding, Buffer>();
  /** wireHeaders' lists by encoding, for the security headers they were made with. */
  private readonly wire = new Map<Encoding | undefined, string[]>();
  private headersFor: Record<string, string> | undefined;

  constructor(value: unknown) {
    this.body = Buffer.from(JSON.stringify(value));
    this.tag = createHash('sha256').update(this.body).digest('base64url').slice(0, 32);
    this.tags = { identity: `"${this.tag}"`, br: `"${this.tag}-br"`, gzip: `"${this.tag}-gzip"` };
  }

  /** Strong ETag of the bytes sent with this encoding: each encoding is its own representation. */
  etag(encoding?: Encoding): string {
    return this.tags[encoding ?? 'identity'];
  }

  /** True when the client's If-None-Match names this content in any encoding (or is `*`). */
  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    return ifNoneMatch.split(',').some((raw) => {
      const candidate = raw.trim().replace(/^W\//, '');
      return candidate === '*' || candidate === this.etag() || candidate.startsWith(`"${this.tag}-`);
    });
  }

  /** The body in that encoding, compressed on first use and kept. */
  encode(encoding: Encoding): Promise<Buffer> {
    let pending = this.encoded.get(encoding);
    if (!pending) {
      pending =
        encoding === 'br'
          ? brotli(this.body, {
              params: {
                // Quality 5 is several times faster than the default 11 for nearly the same size.
                [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : gzip(this.body);
      pending.then(
        (body) => this.made.set(encoding, body),
        () => this.encoded.delete(encoding),
      );
      this.encoded.set(encoding, pending);
    }
    return pending;
  }

  /**
   * The headers of a 200 as Fastify's route writes them, as a flat list (name, value, …) for
   * `writeHead`: the request's id first (its value left for the caller), the security headers, then
   * the representation's own. Made once per encoding (ready-answers.ts).
   */
  wireHeaders(encoding: Encoding | undefined, security: Record<string, string>): string[] {
    if (this.headersFor !== security) {
      this.wire.clear();
      this.headersFor = security;
    }
    let wire = this.wire.get(encoding);
    if (!wire) {
      const body = encoding === undefined ? this.body : this.made.get(encoding)!;
      wire = ['x-request-id', '', ...Object.entries(security).flat()];
      wire.push('cache-control', 'no-cache', 'vary', 'Accept-Encoding', 'etag', this.etag(encoding));
      wire.push('content-type', JSON_TYPE);
      if (encoding !== undefined) wire.push('content-encoding', encoding);
      wire.push('content-length', String(body.length));
      this.wire.set(encoding, wire);
    }
    return wire;
  }

  /** The body in that encoding if it is made already. */
  encodedNow(encoding: Encoding): Buffer | undefined {
    return this.made.get(encoding);
  }
}

/** Accept-Encoding values seen lately and the encoding each chose: clients send a handful of them. */
const chosenEncodings = new Map<string, Encoding | undefined>();

/** The preferred encoding the client accepts: br, then gzip (q-values honoured); undefined: identity. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (chosenEncodings.has(acceptEncoding)) return chosenEncodings.get(acceptEncoding);
  const chosen = parseAcceptEncoding(acceptEncoding);
  if (chosenEncodings.size >= 64) chosenEncodings.clear();
  chosenEncodings.set(acceptEncoding, chosen);
  return chosen;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding | undefined {
  let best: Encoding | undefined;
  let bestQ = 0;
  let wildcardQ: number | undefined;
  const quality = new Map<string, number>();
  for (const item of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = item.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = q === undefined ? 1 : Number(q);
    if (name === '*') wildcardQ = value;
    else if (name) quality.set(name.trim(), value);
  }
  for (const encoding of ['br', 'gzip'] as const) {
    const q = quality.get(encoding) ?? wildcardQ ?? 0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

/**
 * Sends a representation: 304 when the client has it, else the body in the best accepted encoding.
 * Sent at once when that body is made already (a cached read's usual case), else once it is. Never
 * resolves to the reply: a handler's promise that did would wait on the reply's end through a stream
 * listener of its own, at every request.
 */
export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: JsonRepresentation,
  { signedIn = false } = {},
): Promise<void> | undefined {
  const large = representation.body.length >= COMPRESS_FROM_BYTES;
  const encoding = large ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  reply
    // An administrator's answer is kept by that browser only, never by a shared cache.
    .header('cache-control', signedIn ? 'private, no-cache' : 'no-cache')
    .header('vary', 'Accept-Encoding')
    .header('etag', representation.etag(encoding))
    .type(JSON_TYPE);
  if (representation.matches(request.headers['if-none-match'])) {
    reply.code(304).send();
  } else if (!encoding) {
    reply.send(representation.body);
  } else {
    const made = representation.encodedNow(encoding);
    if (!made) {
      return representation.encode(encoding).then((body) => {
        reply.header('content-encoding', encoding).send(body);
      });
    }
    reply.header('content-encoding', encoding).send(made);
  }
  return undefined;
}

export interface PublicListCacheOptions {
  db: Db;
  /** The list's change counter (db/changes.ts), bumped by every write to it. */
  name: string;
  /**
   * Builds the answer (its URLs made absolute from the configured origin, never from a request's Host);
   * `key` names one of several answers of the list ('' for the whole list; a page, for a paged list).
   */
  build: (key: string) => Promise<unknown>;
  /** Ask the change counter at most this often (LIST_CACHE_CHECK_MS); 0: before every answer. */
  checkEveryMs: number;
}

/** This process's list caches of each database, by the change counter they follow. */
const listCaches = new WeakMap<Db, Map<string, Set<PublicListCache>>>();

/**
 * Empties this process's caches of the named lists: for a write made away from the lists' own routes
 * (a restore from the trash). Call it once the write committed.
 */
export function invalidateLists(db: Db, names: Iterable<string>): void {
  for (const name of names) for (const cache of listCaches.get(db)?.get(name) ?? []) cache.invalidate();
}

/**
 * A public list kept serialized in memory. `invalidate()` after each write in this process; writes
 * by other processes are noticed through the list's change counter, read at most every
 * `checkEveryMs`. Between two answers nothing is rebuilt, hashed or compressed again.
 */
export class PublicListCache {
  /** The answers by key, whoever asks and whatever Host they name (one per encoding inside each). */
  private readonly entries = new Map<string, Promise<JsonRepresentation>>();
  /** Those of `entries` already built, to answer without a promise. */
  private readonly built = new Map<string, JsonRepresentation>();
  private counter: number | undefined;
  private checkedAt = 0;
  private checking: Promise<void> | undefined;

  constructor(private readonly options: PublicListCacheOptions) {
    // Writes by other servers on PostgreSQL are told at once; the counter check stays as the fallback.
    options.db.changes?.subscribe(options.name, () => this.invalidate());
    let byName = listCaches.get(options.db);
    if (!byName) listCaches.set(options.db, (byName = new Map()));
    let caches = byName.get(options.name);
    if (!caches) byName.set(options.name, (caches = new Set()));
    caches.add(this);
  }

  invalidate(): void {
    this.entries.clear();
    this.built.clear();
    // The next answer first learns the counter this write left, so it does not rebuild twice.
    this.checkedAt = 0;
  }

  async get(key = ''): Promise<JsonRepresentation> {
    if (Date.now() - this.checkedAt >= this.options.checkEveryMs) await this.check();
    let entry = this.entries.get(key);
    if (!entry) {
      const building = this.options.build(key).then((value) => new JsonRepresentation(value));
      building.then(
        // Unless a write emptied the cache meanwhile: then this answer is already out of date.
        (representation) => {
          if (this.entries.get(key) === building) this.built.set(key, representation);
        },
        () => {
          if (this.entries.get(key) === building) this.entries.delete(key);
        },
      );
      // A bounded number of answers: the oldest goes first (keys are pages and searches).
      if (this.entries.size >= MAX_ANSWERS) {
        const oldest = this.entries.keys().next().value!;
        this.entries.delete(oldest);
        this.built.delete(oldest);
      }
      this.entries.set(key, (entry = building));
    }
    return entry;
  }

  /** `key`'s representation when it is built and no counter check is due: what `get` would give at once. */
  ready(key = ''): JsonRepresentation | undefined {
    return Date.now() - this.checkedAt < this.options.checkEveryMs ? this.built.get(key) : undefined;
  }

  /**
   * Answers with `key`'s representation: at once when it is built and no counter check is due (a
   * cached read's usual case: no promise at all), else once it is.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key = '',
    options?: { signedIn?: boolean },
  ): Promise<void> | undefined {
    const ready = this.ready(key);
    if (ready) return sendRepresentation(request, reply, ready, options);
    return this.get(key).then((representation) => sendRepresentation(request, reply, representation, options));
  }

  /** Reads the change counter (one query, shared by concurrent requests); a change empties the cache. */
  private check(): Promise<void> {
    this.checking ??= readChangeCounter(this.options.db.kysely, this.options.name)
      .then((counter) => {
        if (counter !== this.counter) {
          this.entries.clear();
          this.built.clear();
          this.counter = counter;
        }
        this.checkedAt = Date.now();
      })
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }
}
