import {
  callApi,
  type ApiAnswer,
  type FieldSpec,
  type FormBodyOf,
  type FormDefinition,
  type FormValuesOf,
  type ProgressListener,
} from 'shared';
// Types only (erased from the bundle): what the page loads of `shared` still comes through its name.
import type { ApiBodyPart, ApiMethod, ApiRoute } from '../api/call';
import type { PageAnswer, PageRequest } from './growingList';
import { resource as resourceNamed, type Resource } from './resource';

// The calls of a resource (its list, its record, add, edit and delete), written once and typed from the
// contract's `paths` where each resource names its routes: a renamed route, or a field its form sends
// that the route does not take (or leaves out), fails the typecheck of the app at that line.

/** A write call: its method and the contract's route. */
type Write = { [M in ApiMethod]: readonly [M, ApiRoute<M>] }[ApiMethod];

/** The fields the route's body has that `Body` lacks, or the other way round. */
type Mismatch<Fields, Body> = Exclude<keyof Required<Fields>, keyof Body> | Exclude<keyof Body, keyof Fields>;

/** A route's body takes exactly `Body` (as a multipart form or a JSON body); else the fields that differ. */
type Takes<W, Body> = W extends readonly [infer M extends ApiMethod, infer P] ? TakesOn<M, P, W, Body> : never;

type TakesOn<M extends ApiMethod, P, W, Body> = P extends ApiRoute<M>
  ? ApiBodyPart<M, P> extends { form: infer Fields }
    ? [Mismatch<Fields, Body>] extends [never]
      ? W
      : { routeTakesOtherFields: Mismatch<Fields, Body> }
    : ApiBodyPart<M, P> extends { body: infer Json }
      ? [Mismatch<Json, Body>] extends [never]
        ? Body extends Json
          ? W
          : { routeTakesOtherBody: Json }
        : { routeTakesOtherFields: Mismatch<Json, Body> }
      : W
  : W;

export interface ResourceRoutes {
  /** The public list (its answer's `data`). */
  list: ApiRoute<'get'>;
  /** The public record by id, for the resources that have one. */
  get?: ApiRoute<'get'>;
  /** `{userId}`, then for edit and delete the record's id. */
  add: Write;
  edit: Write;
  remove: Write;
}

type Data<P extends ApiRoute<'get'>> = ApiAnswer<'get', P> extends { data: infer D } ? D : never;

type Reads<R extends ResourceRoutes> = {
  list: (signal?: AbortSignal) => Promise<Data<R['list']>>;
} & (R['get'] extends ApiRoute<'get'> ? { get: (id: string, signal?: AbortSignal) => Promise<Data<R['get']>> } : object);

export interface Writes<Values> {
  create: (userId: string, values: Values, onProgress?: ProgressListener) => Promise<unknown>;
  update: (userId: string, id: string, values: Values, onProgress?: ProgressListener) => Promise<unknown>;
  remove: (userId: string, id: string) => Promise<unknown>;
}

/** The call's path parameters: `{userId}` is the signed-in administrator, any other the record's id. */
const paramsOf = (path: string, userId: string | undefined, id: string | undefined) =>
  Object.fromEntries(
    [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, name === 'userId' ? userId : id]),
  ) as Record<string, string>;

/** Sends one call with the loose signature: the types were checked where the routes were named. */
const send = callApi as unknown as (
  method: ApiMethod,
  path: string,
  options: {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    signal?: AbortSignal;
    onProgress?: ProgressListener;
  } & (
    | { form?: Record<string, unknown> }
    | { body?: unknown }
  ),
) => Promise<{ data?: unknown; total?: number }>;

/**
 * The calls of `resource` on its `routes`, sending what `form` defines (multipart when it has a file):
 * every write invalidates the resource's cached lists and records.
 */
export function resourceCalls<const R extends ResourceRoutes, const Fields extends readonly FieldSpec[]>(
  resource: Resource,
  form: FormDefinition<Fields>,
  routes: R & {
    add: Takes<R['add'], FormBodyOf<Fields>>;
    edit: Takes<R['edit'], FormBodyOf<Fields>>;
  },
): Reads<R> & Writes<FormValuesOf<Fields>> {
  type Values = FormValuesOf<Fields>;
  const write = ([method, path]: Write, userId: string, id: string | undefined, values?: Values, onProgress?: ProgressListener) => {
    const params = paramsOf(path, userId, id);
    if (!values) return resource.write(send(method, path, { params }));
    const body = form.body(values);
    return resource.write(
      send(method, path, form.multipart ? { params, form: body, onProgress } : { params, body }),
    );
  };
  const reads = {
    list: async (signal?: AbortSignal) => (await send('get', routes.list, { signal })).data,
    ...(routes.get
      ? {
          get: async (id: string, signal?: AbortSignal) =>
            (await send('get', routes.get!, { params: paramsOf(routes.get!, undefined, id), signal })).data,
        }
      : {}),
  };
  return {
    ...reads,
    create: (userId, values, onProgress) => write(routes.add, userId, undefined, values, onProgress),
    update: (userId, id, values, onProgress) => write(routes.edit, userId, id, values, onProgress),
    remove: (userId, id) => write(routes.remove, userId, id),
  } as Reads<R> & Writes<Values>;
}

/**
 * A resource of the API declared once: its query keys under `name` (see `resource`), and its calls
 * on `routes` (see `resourceCalls`), whose every write invalidates them.
 */
export function resourceWithCalls<const R extends ResourceRoutes, const Fields extends readonly FieldSpec[]>(
  name: string,
  form: FormDefinition<Fields>,
  routes: R & {
    add: Takes<R['add'], FormBodyOf<Fields>>;
    edit: Takes<R['edit'], FormBodyOf<Fields>>;
  },
): [Resource, Reads<R> & Writes<FormValuesOf<Fields>>] {
  const keys = resourceNamed(name);
  return [keys, resourceCalls<R, Fields>(keys, form, routes)];
}

/** The contract's routes that answer a page of a growing list: its rows, and how many match in all. */
type PageRoute = {
  [P in ApiRoute<'get'>]: ApiAnswer<'get', P> extends { data: unknown[]; total?: number }
    ? 'total' extends keyof ApiAnswer<'get', P>
      ? P
      : never
    : never;
}[ApiRoute<'get'>];

/**
 * The page call of a growing list (`useGrowingList`) on `path`: as the signed-in administrator
 * (`{userId}`), the rows of a page that contain the search, with how many match in all.
 */
export function pageCall<const P extends PageRoute>(path: P) {
  type Row = Data<P> extends (infer R)[] ? R : never;
  return async (userId: string, { page, limit, q, sort }: PageRequest, signal?: AbortSignal): Promise<PageAnswer<Row>> => {
    const answer = await send('get', path, { params: { userId }, query: { page, limit, q: q || undefined, sort }, signal });
    return { rows: answer.data as Row[], total: answer.total };
  };
}
