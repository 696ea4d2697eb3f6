import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { attemptsIn, countAttempt, wait } from '../http/rate-limit';
import type { HashPriority } from './password';

// A password check costs a slow hash, and only two run at once (password.ts): 200 wrong passwords from
// 40 addresses, each under its per-address limit, once queued the real Admin's login for half a
// minute. Before any hash, each attempt is placed (docs/accounts.md "Password attempts"):
//
// - from an address the account signed in from in the last 30 days: first in the hash queue, limited
//   only per address (the login's rate limit);
// - otherwise at most one attempt per account and one per address is checked at a time; another meanwhile
//   answers 429 at once, unhashed;
// - and an account or an address with 3 failures in 15 minutes goes behind every other attempt, at most
//   a few of those waiting in all (past that, 429 at once).
//
// So a flood on an account costs one hash at a time at the back of the queue, and its owner, signing in
// from where they usually do, goes first. Failures and known addresses are counted in the database
// (instances share them); what is being checked now is this instance's.

const FAILURES_WINDOW_MS = 15 * 60_000;
const SUSPECT_AFTER_FAILURES = 3;
const KNOWN_ADDRESS_MS = 30 * 24 * 3_600_000;
/** Suspect attempts (priority 2) checked or waiting at once, in all. */
const MOST_SUSPECT_AT_ONCE = 4;
/** Attempts from unknown addresses waiting for a hash at once, in all. */
const MOST_UNKNOWN_AT_ONCE = 64;
export const ATTEMPT_RETRY_AFTER_SECONDS = 2;

export const TOO_MANY_AT_ONCE = `Another sign-in attempt for this account or from this address is being checked. Please wait ${wait(ATTEMPT_RETRY_AFTER_SECONDS * 1000)} and try again.`;
export const BUSY_CHECKING = `Many sign-in attempts are being checked just now. Please wait ${wait(ATTEMPT_RETRY_AFTER_SECONDS * 1000)} and try again.`;

const checking = { accounts: new Set<string>(), addresses: new Set<string>(), suspect: 0, unknown: 0 };

const failedKey = (account: string) => `password failed ${account}`;
const failedFromKey = (address: string) => `password failed from ${address}`;
const knownKey = (account: string, address: string) => `password ok ${account} ${address}`;

/** An attempt admitted to a hash: its place in the queue, and what to call with the result. */
export interface PasswordAttempt {
  priority: HashPriority;
  /** Records the result and gives the places back; call exactly once (finally). */
  settle: (ok: boolean) => Promise<void>;
}

function refuse(reply: FastifyReply, message: string): HttpError {
  reply.header('Retry-After', String(ATTEMPT_RETRY_AFTER_SECONDS));
  return new HttpError(429, message);
}

/**
 * Places a password attempt for `account` (an id, or `email <address>` for none) from the request's
 * address, or throws 429 (with Retry-After) before any hash.
 */
export async function passwordAttempt(
  request: FastifyRequest,
  reply: FastifyReply,
  account: string,
): Promise<PasswordAttempt> {
  const { db } = request.server;
  const address = request.ip;
  const known = (await attemptsIn(db, knownKey(account, address))).current > 0;
  let release = () => undefined as void;
  let priority: HashPriority = 0;
  if (!known) {
    if (checking.accounts.has(account) || checking.addresses.has(address)) throw refuse(reply, TOO_MANY_AT_ONCE);
    const [byAccount, byAddress] = await Promise.all([
      attemptsIn(db, failedKey(account)),
      attemptsIn(db, failedFromKey(address)),
    ]);
    const suspect = Math.max(byAccount.current, byAddress.current) >= SUSPECT_AFTER_FAILURES;
    // Checked again: the reads above let other attempts in.
    if (checking.accounts.has(account) || checking.addresses.has(address)) throw refuse(reply, TOO_MANY_AT_ONCE);
    if (checking.unknown >= MOST_UNKNOWN_AT_ONCE || (suspect && checking.suspect >= MOST_SUSPECT_AT_ONCE)) {
      throw refuse(reply, BUSY_CHECKING);
    }
    priority = suspect ? 2 : 1;
    checking.accounts.add(account);
    checking.addresses.add(address);
    checking.unknown++;
    if (suspect) checking.suspect++;
    release = () => {
      checking.accounts.delete(account);
      checking.addresses.delete(address);
      checking.unknown--;
      if (suspect) checking.suspect--;
    };
  }
  let settled = false;
  return {
    priority,
    settle: async (ok) => {
      if (settled) return;
      settled = true;
      release();
      if (ok) await countAttempt(db, knownKey(account, address), KNOWN_ADDRESS_MS);
      else {
        await countAttempt(db, failedKey(account), FAILURES_WINDOW_MS);
        await countAttempt(db, failedFromKey(address), FAILURES_WINDOW_MS);
      }
    },
  };
}

/** Checks a password through `check` (given its place in the hash queue), placed as above. */
export async function checkedPassword(
  request: FastifyRequest,
  reply: FastifyReply,
  account: string,
  check: (priority: HashPriority) => Promise<boolean>,
): Promise<boolean> {
  const attempt = await passwordAttempt(request, reply, account);
  let ok = false;
  try {
    ok = await check(attempt.priority);
    return ok;
  } finally {
    await attempt.settle(ok);
  }
}
