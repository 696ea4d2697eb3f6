import type { paths } from 'api/contract';
import { apiBaseUrl } from './baseUrl';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from './idempotencyKey';
import { clientUrl } from './paths';

// A call sent before the API client's code has come, with a bare fetch: the press of Login, whose call
// would otherwise wait for that code and then queue behind the screens' files on a slow line. The
// client then takes its answer as the call's own (`callApi`'s `sentAhead`), so that a refusal, a toast
// or the server out of reach read as any call's. Nothing here loads axios.

/** A JSON write on its way: the fetch's answer, or its failure (no answer came). */
export interface SentAhead {
  readonly answer: Promise<Response>;
}

type Send = (url: string, init: RequestInit) => Promise<Response>;
const byFetch: Send = (url, init) => fetch(url, init);
let send = byFetch;

/** Sends `body` to a contract route now, as the API client would (JSON, a write's Idempotency-Key). */
export function sendAhead(path: keyof paths, body: unknown): SentAhead {
  const answer = send(`${apiBaseUrl()}${clientUrl(path)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() },
    body: JSON.stringify(body),
  });
  // Its failure is said by the call that takes it; until then it is no unhandled rejection.
  answer.catch(() => undefined);
  return { answer };
}

/** The tests' stubbed API (`stubApi`) answers the calls sent ahead as it answers the client's. */
export function replaceSendAhead(next: Send | undefined): void {
  send = next ?? byFetch;
}
