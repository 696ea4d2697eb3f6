import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../api/client';
import { apiBaseUrl } from '../api/baseUrl';
import { forgetEarlyReads } from '../api/earlyReads';
import { replaceSendAhead } from '../api/sentAhead';
import { forgetUploadLimits } from '../uploads/limits';
import { forgetParish } from '../parish/parish';

export interface StubbedCall {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, unknown>;
  /** The query parameters (axios `params`), e.g. { page: 2, limit: 25, q: 'sick' }. */
  params: Record<string, unknown>;
}

/** Answers one call: `[status, body]` or `[status, body, headers]`. Throwing makes it a network failure. */
type StubAnswer = [number, unknown] | [number, unknown, Record<string, string>];
export type StubHandler = (call: StubbedCall) => StubAnswer | Promise<StubAnswer>;

/**
 * The signed-in member's account when a suite does not give its own 'GET /account': an Admin, so that
 * the screens show their writes (the role is read once per session: `usePermissions`).
 */
const anAdminsAccount: StubHandler = () => [
  200,
  { message: 'ok', data: { role: 'Admin', permissions: ['content', 'finance', 'team'] } },
];

/**
 * The parish's settings when a suite does not give its own 'GET /parish': the browser's zone, so that
 * the dates read as they would without Settings → Parish.
 */
export const A_PARISH = {
  name: 'St Joseph',
  currency: 'NGN',
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  weekStart: 1,
};
const aParish: StubHandler = () => [200, { message: 'ok', data: A_PARISH }];

/** The server's default upload limits, which file fields know when a suite gives no 'GET /version'. */
const DEFAULT_LIMITS = { imageMaxBytes: 5 * 1024 * 1024, fileMaxBytes: 20 * 1024 * 1024 };

/** A body as the server reads it: JSON parsed, anything else as it is. */
function parsed(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * Replaces the API client's transports (axios's, and the bare fetch of a call sent ahead) with
 * handlers keyed by 'METHOD /path' (the path as the client sends it, without the base URL). Everything
 * else about the client — interceptors, toasts, the 401 handling — runs for real. Returns the log of
 * calls made; the default answers to 'GET /account' (an Admin's) and 'GET /parish' are not in it.
 */
export function stubApi(handlers: Record<string, StubHandler>): StubbedCall[] {
  const calls: StubbedCall[] = [];
  // Limits read under an earlier stub are forgotten; without a 'GET /version' the fields know the
  // server's defaults from their first paint, as after the page's first read.
  forgetUploadLimits(handlers['GET /version'] ? undefined : DEFAULT_LIMITS);
  // The parish is read again, from this suite's stub or the default one.
  forgetParish();
  // No answer read early under an earlier stub is taken by this one's screens.
  forgetEarlyReads();
  const defaults: Record<string, StubHandler> = { 'GET /account': anAdminsAccount, 'GET /parish': aParish };
  /** The handler of a call, logged unless it is a default answer; undefined when none answers it. */
  const handlerOf = (call: StubbedCall) => {
    const handler = handlers[`${call.method} ${call.url}`] ?? defaults[`${call.method} ${call.url}`];
    if (handler !== anAdminsAccount && handler !== aParish) calls.push(call);
    return handler;
  };
  apiClient.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const call: StubbedCall = {
      method,
      url,
      body: parsed(config.data),
      headers: { ...AxiosHeaders.from(config.headers).toJSON() },
      params: { ...(config.params as Record<string, unknown> | undefined) },
    };
    const handler = handlerOf(call);
    if (!handler) throw new AxiosError(`No stub for ${method} ${url}`, 'ERR_NETWORK', config);
    let answer: StubAnswer;
    try {
      answer = await handler(call);
    } catch (error) {
      // As axios's own failures do, a stubbed network failure carries the request it failed.
      if (error instanceof AxiosError && !error.config) error.config = config;
      throw error;
    }
    const [status, data, headers = {}] = answer;
    const response: AxiosResponse = { data, status, statusText: String(status), headers, config };
    if (status >= 400) {
      throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
  // A call the login page sent ahead of the client (a bare fetch) is answered by the same handlers.
  replaceSendAhead(async (address, init) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const url = address.startsWith(apiBaseUrl()) ? address.slice(apiBaseUrl().length) : address;
    const call: StubbedCall = {
      method,
      url,
      body: parsed(init.body),
      headers: { ...(init.headers as Record<string, string>) },
      params: {},
    };
    const handler = handlerOf(call);
    if (!handler) throw new TypeError(`Failed to fetch: no stub for ${method} ${url}`);
    const [status, data, headers = {}] = await handler(call);
    return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json', ...headers } });
  });
  return calls;
}
