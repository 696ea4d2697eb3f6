import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { DEFAULT_PASSWORD_COST } from '../config';

// scrypt is a slow, memory-hard KDF built into Node. OWASP's recommendation for it is N=2^17, r=8,
// p=1 (128 MiB and about 0.4 s a hash here), the default cost. The stored form records its
// parameters, so a raised cost leaves existing hashes valid and they are upgraded at the next
// login (needsRehash):  scrypt$N$r$p$<salt b64>$<hash b64>

/** A new password: at least this long (OWASP's ASVS asks 12 for a password chosen by its user). */
export const PASSWORD_MIN_LENGTH = 12;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

/** Hashes at once: each holds 128 × N × r bytes (128 MiB at the default cost). Others wait their turn. */
const MAX_CONCURRENT_HASHES = 2;

/**
 * Which hashes go first when they wait (auth/attempts.ts decides): 0 an attempt from where the account
 * signed in before, 1 any other, 2 one for an account or from an address that keeps failing. In order
 * within each.
 */
export type HashPriority = 0 | 1 | 2;
export const ORDINARY: HashPriority = 1;

let running = 0;
const waiting: [(() => void)[], (() => void)[], (() => void)[]] = [[], [], []];

async function inTurn<T>(work: () => Promise<T>, priority: HashPriority): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting[priority].push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.find((queue) => queue.length > 0)?.shift()?.();
  }
}

function derive(
  password: string,
  salt: Buffer,
  options: ScryptOptions & { N: number; r: number },
  priority: HashPriority,
): Promise<Buffer> {
  const maxmem = 128 * options.N * options.r + 16 * 1024 * 1024;
  return inTurn(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
    priority,
  );
}

export async function hashPassword(
  password: string,
  cost = DEFAULT_PASSWORD_COST,
  priority: HashPriority = ORDINARY,
): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await derive(password, salt, { N, r: R, p: P }, priority);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** The parameters of a stored hash, or undefined when it is not one of ours (or absurd). */
function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const N = Number(n);
  const params = { N, r: Number(r), p: Number(p) };
  const sane =
    scheme === 'scrypt' &&
    Number.isInteger(Math.log2(N)) &&
    N >= 2 ** 10 &&
    N <= 2 ** 20 &&
    params.r >= 1 &&
    params.r <= 32 &&
    params.p >= 1 &&
    params.p <= 16;
  return sane && salt && hash ? { ...params, salt, hash } : undefined;
}

export async function verifyPassword(
  password: string,
  stored: string,
  priority: HashPriority = ORDINARY,
): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, 'base64');
  const key = await derive(password, Buffer.from(parsed.salt, 'base64'), parsed, priority);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when a stored hash is weaker than the configured cost (hash again after a successful login). */
export function needsRehash(stored: string, cost = DEFAULT_PASSWORD_COST): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < 2 ** cost || parsed.r < R;
}

// Compared against when the email is unknown, so that a wrong email costs as long as a wrong password.
const dummyHashes = new Map<number, Promise<string>>();
export function dummyPasswordHash(cost = DEFAULT_PASSWORD_COST): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = hashPassword(randomBytes(16).toString('hex'), cost)));
  return hash;
}

export function generatePassword(): string {
  return randomBytes(15).toString('base64url'); // 20 characters, ~120 bits
}
