// What a call meets while PostgreSQL is away (stopped, restarting, unreachable): an error of the
// connection, not of the call. It answers 503 in words (http/errors.ts), never a 500 logged as a bug.

/** The socket's errors: the server refused, reset or never answered the connection. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL's: class 08 (connection exception), the server shutting down (57P01 by an administrator,
 * 57P02 crashed), starting up (57P03), or out of connections (53300).
 */
const SERVER_CODES = /^(08...|57P0[123]|53300)$/;

/** node-postgres's own words when a connection ends or cannot be made in time. */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
  /^Client was closed and is not queryable/,
];

/** Whether `error` says the database cannot be reached (rather than that a call did something wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
  if (typeof message === 'string' && CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Several addresses tried in turn (localhost's IPv6 and IPv4): an AggregateError of each one's refusal.
  return Array.isArray(errors) && errors.length > 0 && errors.every(isDatabaseUnavailable);
}
