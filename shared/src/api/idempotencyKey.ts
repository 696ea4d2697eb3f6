// Each write attempt carries a key of its own, so that one the server made but whose answer was lost
// is answered again when resent, not made twice. Apart from the API client: the login page sends its
// call before that client has loaded.

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** 128 random bits as hex: `crypto.randomUUID` exists only on https pages, a parish's LAN may be http. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
