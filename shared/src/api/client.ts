import axios, { AxiosError, AxiosHeaders, type AxiosRequestConfig } from 'axios';
import { notify } from '../notify/notify';
import { DEFAULT_API_BASE_URL, followApiBaseUrl } from './baseUrl';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from './idempotencyKey';
import { UNREACHABLE_MESSAGE } from './unreachable';
import { sessionRenewal } from '../session/renewal';
import { expireSession, session } from '../session/session';
import { unsavedInput } from '../session/unsavedInput';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The login call: its 401 means wrong credentials, not an expired session. */
    isLogin?: boolean;
    /** The caller reports the failure itself (e.g. 'Logout Unsuccessful'). */
    silent?: boolean;
    /** No toast for a failure (a background read with nothing to say); a 401 still ends the session. */
    quiet?: boolean;
    /**
     * The statuses by which the server refuses a value the form's fields hold (a wrong current password,
     * a code not correct, an email taken): no toast, the form shows the words by the field (useFieldRefusals).
     */
    byField?: readonly number[];
    /** Sent again after the session was renewed: a second 401 ends the session. */
    replayed?: boolean;
    /** How many times this write has been sent again after no answer or a 503. */
    resent?: number;
  }
}

/** Every success body of the API: `{ message, data }` (ARCHITECTURE, "The API contract"). */
export interface ApiEnvelope<T> {
  message: string;
  data: T;
}

export { configureApi, DEFAULT_API_BASE_URL } from './baseUrl';

/** The one HTTP client of the page; `shared` is a federation singleton, so remotes use it too. */
export const apiClient = axios.create({ baseURL: DEFAULT_API_BASE_URL });
followApiBaseUrl((baseURL) => {
  apiClient.defaults.baseURL = baseURL;
});

/**
 * A write that got no answer, or a 503 (the server was busy), is sent again after these waits before
 * the failure is shown: 1 s, 2 s, 4 s. Safe, since each write attempt carries one Idempotency-Key: a
 * write the server made but whose answer was lost is answered again, not made twice.
 */
export const WRITE_RETRY_DELAYS_MS = [1000, 2000, 4000];
export { IDEMPOTENCY_KEY_HEADER };

const isWrite = (method: string | undefined) => ['post', 'put', 'patch', 'delete'].includes(method ?? 'get');

apiClient.interceptors.request.use((config) => {
  const token = session.token();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  // One key per save attempt: a resent attempt keeps its own.
  if (isWrite(config.method) && !config.headers.has(IDEMPOTENCY_KEY_HEADER))
    config.headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
  return config;
});

const wait = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new axios.CanceledError());
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new axios.CanceledError());
    });
  });

// Before the interceptor below that tells the user: a write resent in time tells nothing.
apiClient.interceptors.response.use(undefined, async (error: unknown) => {
  if (!(error instanceof AxiosError) || axios.isCancel(error)) throw error;
  const config = error.config as AxiosRequestConfig | undefined;
  // A login step is not resent: a code is single-use, and a lost session costs only a new sign-in.
  if (!config || config.isLogin || !isWrite(config.method)) throw error;
  const busyOrSilent = !error.response || error.response.status === 503;
  const resent = config.resent ?? 0;
  if (!busyOrSilent || resent >= WRITE_RETRY_DELAYS_MS.length) throw error;
  await wait(WRITE_RETRY_DELAYS_MS[resent]!, config.signal instanceof AbortSignal ? config.signal : undefined);
  return apiClient.request({ ...config, resent: resent + 1 });
});

export { UNREACHABLE_MESSAGE };

/** The words to show for a failed call: the server's message, else the error's own. */
export function errorMessage(error: unknown): string {
  if (error instanceof AxiosError) {
    const body = error.response?.data as { message?: unknown } | undefined;
    if (body && typeof body.message === 'string' && body.message.trim()) return body.message;
    if (!error.response) return UNREACHABLE_MESSAGE;
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong';
}

/**
 * The loads of the data layer ('shared/data') show their failure on the screen, with Retry, once the
 * retries are spent: no toast says it again. They are known by their abort signal.
 */
const failuresShownOnScreen = new WeakSet<AbortSignal>();
export function showFailureOnScreen(signal: AbortSignal) {
  failuresShownOnScreen.add(signal);
}
export const failureShownOnScreen = (signal: AbortSignal) => failuresShownOnScreen.has(signal);

/**
 * The server refused the session. With unsaved input on screen, the administrator signs in again in a
 * dialog over it and the call is sent once more, its answer going to the caller as if nothing happened;
 * otherwise — or after Log out in that dialog — the session ends and the guard goes to /login, which
 * says why and comes back here afterwards. No red toast (spec §8).
 */
async function sessionRefused(error: AxiosError, config: AxiosRequestConfig | undefined): Promise<unknown> {
  const ended = session.get();
  // Sent under a session that has since been renewed (here or in another tab): send it again as it is.
  const sentWith = config?.headers ? AxiosHeaders.from(config.headers as AxiosHeaders).get('Authorization') : undefined;
  if (config && !config.replayed && ended && sentWith !== `Bearer ${ended.token}`) {
    return apiClient.request({ ...config, replayed: true });
  }
  if (config && !config.replayed && ended && unsavedInput.any()) {
    if (await sessionRenewal.request(ended)) return apiClient.request({ ...config, replayed: true });
  }
  expireSession();
  throw error;
}

apiClient.interceptors.response.use(undefined, (error: unknown) => {
  if (axios.isCancel(error)) return Promise.reject(error);
  const config = (error as AxiosError).config as AxiosRequestConfig | undefined;
  const status = (error as AxiosError).response?.status;
  if (config?.silent) return Promise.reject(error);
  const onScreen = config?.signal instanceof AbortSignal && failuresShownOnScreen.has(config.signal);
  if (onScreen && status !== 401) return Promise.reject(error);
  if (status === 401 && !config?.isLogin) return sessionRefused(error as AxiosError, config);
  if (config?.quiet) return Promise.reject(error);
  if (status !== undefined && config?.byField?.includes(status)) return Promise.reject(error);
  notify.error(errorMessage(error));
  return Promise.reject(error);
});

export async function unwrap<T>(request: Promise<{ data: ApiEnvelope<T> }>): Promise<T> {
  return (await request).data.data;
}

/** `{userId}` and ids go into paths encoded, whatever they contain. */
export const pathId = (value: string) => encodeURIComponent(value);
