import type { paths } from 'api/contract';
import { getAdapter, type AxiosResponse } from 'axios';
import { apiClient } from './client';
import { earlyAnswer } from './earlyReads';
import { clientUrl } from './paths';
import { toFormData, uploadProgress, type ProgressListener } from './multipart';
import type { SentAhead } from './sentAhead';
import { takeSentAhead } from './takeSentAhead';
import { rememberTrashEntry } from './trashEntry';

// Every call of the apps, typed from the contract's generated `paths`: the route, its method, its
// path and query parameters, its body and its answer. A route or a field the server renames breaks
// the typecheck of each app that calls it.

export type ApiMethod = 'get' | 'put' | 'post' | 'delete';

type Routes = keyof paths;

/** The contract's routes that answer `method` (as the contract spells them, `/api/v1/…`). */
export type ApiRoute<M extends ApiMethod> = {
  [P in Routes]: [paths[P][M]] extends [undefined] ? never : P;
}[Routes];

type Operation<M extends ApiMethod, P extends ApiRoute<M>> = NonNullable<paths[P][M]>;

/** A query string carries numbers as their digits: a text parameter takes a number too. */
type Query<Q> = { [K in keyof Q]: string extends Q[K] ? Q[K] | number : Q[K] };

/** A value of a multipart field: text, a chosen file, or nothing (left out of the body). */
export type FormPart = string | number | File | null | undefined;

/** A JSON body is `body`; a multipart one is `form`, every field the contract names (maybe empty, then left out). */
type Body<Content> = Content extends { 'application/json': infer Json }
  ? { body: Json; form?: never }
  : Content extends { 'multipart/form-data': infer Fields }
    ? { form: { [K in keyof Required<Fields>]: FormPart }; body?: never }
    : never;

// Not distributive ([O] rather than O): while a call's route is being inferred, TypeScript types its
// options against every route of the method at once, and the product of three distributed unions
// grows past what it can represent as the contract grows.
type PathPart<O> = [O] extends [{ parameters: { path: infer Params } }] ? { params: Params } : { params?: never };
type QueryPart<O> = [O] extends [{ parameters: { query?: infer Q } }]
  ? [Q] extends [undefined]
    ? { query?: never }
    : { query?: Query<NonNullable<Q>> }
  : { query?: never };
type BodyPart<O> = [O] extends [{ requestBody: { content: infer Content } }]
  ? Body<Content>
  : { body?: never; form?: never };

/** The client's own options: see the request options declared in `client.ts`. */
interface CallFlags {
  signal?: AbortSignal;
  isLogin?: boolean;
  silent?: boolean;
  quiet?: boolean;
  byField?: readonly number[];
  /** A multipart body's upload progress, in percent. */
  onProgress?: ProgressListener;
  /** This very call, already sent by `sendAhead` before the client's code came: its answer is the call's. */
  sentAhead?: SentAhead;
}

/** What a route takes as its body: `{ body }` (JSON), `{ form }` (multipart) or neither. */
export type ApiBodyPart<M extends ApiMethod, P extends ApiRoute<M>> = BodyPart<Operation<M, P>>;

type ApiCallOptions<M extends ApiMethod, P extends ApiRoute<M>> = PathPart<Operation<M, P>> &
  QueryPart<Operation<M, P>> &
  BodyPart<Operation<M, P>> &
  CallFlags;

type Success<R> = R extends { 200: { content: { 'application/json': infer A } } }
  ? A
  : R extends { 201: { content: { 'application/json': infer A } } }
    ? A
    : R extends { 202: { content: { 'application/json': infer A } } }
      ? A
      : never;

/** The body of a call's success answer (the whole `{ message, data … }`). */
export type ApiAnswer<M extends ApiMethod, P extends ApiRoute<M>> = Success<Operation<M, P>['responses']>;

type OptionsArgument<M extends ApiMethod, P extends ApiRoute<M>> = object extends PathPart<Operation<M, P>> &
  BodyPart<Operation<M, P>>
  ? [options?: ApiCallOptions<M, P>]
  : [options: ApiCallOptions<M, P>];

/**
 * Sends one call of the contract through the page's client (its session, toasts and 401 handling)
 * and returns the body of its answer. The path is the contract's, with `{name}` filled from `params`
 * (encoded, whatever it contains); a multipart `form` is sent with its upload's progress.
 */
export async function callApi<M extends ApiMethod, P extends ApiRoute<M>>(
  method: M,
  path: P,
  ...[options]: OptionsArgument<M, P>
): Promise<ApiAnswer<M, P>> {
  const given = options as unknown as
    | ({
        params?: Record<string, string | number>;
        query?: Record<string, unknown>;
        body?: unknown;
        form?: Record<string, FormPart>;
      } & CallFlags)
    | undefined;
  const { params, query, body, form, onProgress, sentAhead, ...flags } = given ?? {};
  const url = clientUrl(path, params);
  const early = method === 'get' && !query ? await earlyAnswer(url, flags.signal) : undefined;
  const answer =
    (early as AxiosResponse<ApiAnswer<M, P>> | undefined) ??
    (await apiClient.request<ApiAnswer<M, P>>({
      method,
      url,
      ...(query ? { params: query } : {}),
      ...(form ? { data: toFormData(form) } : body !== undefined ? { data: body } : {}),
      ...(onProgress ? { onUploadProgress: uploadProgress(onProgress) } : {}),
      ...(sentAhead ? { adapter: takeSentAhead(sentAhead, getAdapter(apiClient.defaults.adapter)) } : {}),
      ...flags,
    }));
  const trashEntry: unknown = answer.headers?.['trash-entry'];
  if (typeof trashEntry === 'string' && trashEntry) rememberTrashEntry(answer.data, trashEntry);
  return answer.data;
}
