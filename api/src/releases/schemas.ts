import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Entity, ref, type Named } from '../http/contract';

// The files a release carries and the map the shell reads, written once as schemas: the server checks
// what it reads against them, its types are derived from them, and they are components of the OpenAPI
// document, so the shell and the build configuration use the generated types (api/contract).

const Text = (description?: string) => Type.String({ minLength: 1, ...(description ? { description } : {}) });

/** Where a screen appears in the side menu: the group (by its title), its label, its place in the group. */
export const MenuPlace = Entity(
  'MenuPlace',
  { group: Text('The menu group, by its title'), label: Text(), order: Type.Number() },
  { description: "A screen's place in the side menu" },
);

/**
 * A path a remote may own: it starts with a fixed word, since a pattern that matches any first word
 * (`/:slug`, `*`) would take every other remote's screens.
 */
export const ROUTE_PATH = '^/(?![:*])[^*]*$';

/** A read a screen may have started early: a path of the API, no query, `{name}` for a parameter. */
export const READ_PATH = '^/api/v1/(?!.*\\.\\.)(?:[A-Za-z0-9._~-]|/|\\{\\w+\\})*$';

/** One screen a remote owns: its path pattern, the header's title, whether the header search applies. */
export const RouteEntry = Entity(
  'RouteEntry',
  {
    path: Type.String({ pattern: ROUTE_PATH, description: 'A react-router path pattern: /bookshelf/:id' }),
    title: Text("The header's title on this screen"),
    searchable: Type.Optional(Type.Boolean({ description: "The header's Search box filters this list screen" })),
    menu: Type.Optional(ref(MenuPlace)),
    permission: Type.Optional(Text('The permission the screen needs')),
    reads: Type.Optional(
      Type.Array(Type.String({ pattern: READ_PATH }), {
        maxItems: 4,
        uniqueItems: true,
        description:
          "The API's GETs the screen makes first, started by the shell with the screen's code: `/api/v1/all/books/`; " +
          "`{userId}` is the signed-in member, any other `{name}` the path's `:name`",
      }),
    ),
  },
  { additionalProperties: false, description: 'A screen a remote owns' },
);

/** `routes.json`, a remote's route table: the label of its area and the screens it owns. */
export const RouteTable = Entity(
  'RouteTable',
  { label: Text("The remote's area, as the menu names it"), routes: Type.Array(ref(RouteEntry), { minItems: 1 }) },
  { description: "routes.json: a remote's route table, kept beside its package.json and published with each release" },
);

/** Remote and release names become folder names and URL segments: nothing that could climb out. */
export const REMOTE_NAME = /^[a-z][a-z0-9-]{0,39}$/;
export const RELEASE_NAME = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,79}$/;

/** `release.json`: what every production build says about itself (config/release.ts writes it). */
export const ReleaseInfo = Entity(
  'ReleaseInfo',
  {
    name: Type.String({ pattern: REMOTE_NAME.source, description: "Federation name: 'shell', 'content' …" }),
    version: Text("From the app's package.json, or RELEASE_VERSION (a CI's pre-release stamp such as 1.4.0-rc.1)"),
    release: Type.String({
      pattern: RELEASE_NAME.source,
      description: "`<version>-<first 7 hex of the build's content hash>`: names the release folder",
    }),
    commit: Text('The git commit the build was made from (`-dirty` when the sources had uncommitted changes)'),
    builtAt: Text('ISO time of the build'),
  },
  { description: 'release.json: what a build says about itself' },
);

/** One remote as `/remotes.json` gives it: its live release, where its manifest is, the screens it owns. */
export const RemoteDefinition = Entity(
  'RemoteDefinition',
  {
    name: Text(),
    label: Text(),
    release: Text('The live release'),
    entry: Text("The live release's manifest URL"),
    routes: Type.Array(ref(RouteEntry), { description: 'The screens it owns, each path served by its owner only' }),
    requires: Type.Optional(
      Type.Object(
        { shared: Text() },
        { description: 'The range of `shared` the release was built to need: the shell refuses it when unmet' },
      ),
    ),
  },
  { description: 'One remote of /remotes.json' },
);

/** `/remotes.json`: the map the shell reads at each navigation into a remote's area. */
export const RemotesMap = Entity(
  'RemotesMap',
  {
    apiBaseUrl: Text('The base URL of the API the browser calls'),
    loadTimeoutMs: Type.Number({ exclusiveMinimum: 0, description: 'How long the shell waits for a remote' }),
    remotes: Type.Array(ref(RemoteDefinition)),
    preview: Type.Optional(
      Type.Object(
        { remote: Text(), label: Text(), version: Text(), release: Text() },
        { description: 'The release this browser alone previews in place of the live one (its banner says so)' },
      ),
    ),
  },
  { description: '/remotes.json: the live release of each remote, and the screens each owns' },
);

export type MenuPlace = Static<typeof MenuPlace>;
export type RouteEntry = Static<typeof RouteEntry>;
export type RouteTable = Static<typeof RouteTable>;
export type ReleaseInfo = Static<typeof ReleaseInfo>;
export type RemoteDefinition = Static<typeof RemoteDefinition>;
export type RemotesMap = Static<typeof RemotesMap>;

/** Every schema of this module, for the contract and for resolving the references between them. */
export const releaseSchemas: Named[] = [MenuPlace, RouteEntry, RouteTable, ReleaseInfo, RemoteDefinition, RemotesMap];

/** Whether a value holds to a schema of this module (its references resolved). */
export function holds<T extends Named>(schema: T, value: unknown): value is Static<T> {
  return Value.Check(schema, releaseSchemas as TSchema[], value);
}

/** Where a value breaks a schema of this module: the JSON pointer of each error ('' for the value itself). */
export function errorPaths(schema: Named, value: unknown): string[] {
  return [...Value.Errors(schema, releaseSchemas as TSchema[], value)].map((error) => error.path);
}

// The operator's live map under DATA_DIR (not served as it is: the server makes /remotes.json of it).

/** Release ids, most recent first. */
export const ReleaseList = Type.Array(Type.String());

/**
 * A gradual rollout: `release` is served to `share` % of the browsers (each browser sticky, chosen by a
 * hash of its id), the live release to the rest; `since` is the ISO time the rollout began.
 */
export const Rollout = Type.Object({
  release: Type.String(),
  share: Type.Integer({ minimum: 0, maximum: 100 }),
  since: Type.String(),
});

/** A rollout the server took back by itself: shown to Admins until a later deploy. */
export const AutomaticRollback = Type.Object({
  release: Type.String(),
  /** ISO time it was taken back. */
  at: Type.String(),
  /** Browsers that were served the release, and those of them that reported a failure. */
  seen: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
});

/** One remote in the operator's map: the live release, where it is served from, what was live before. */
export const LiveRemote = Type.Object({
  release: Type.String(),
  /** Absolute manifest URL when the release is served from another origin (a CDN). */
  entry: Type.Optional(Type.String()),
  /** Releases live before this one, most recent first. */
  previous: Type.Optional(ReleaseList),
  /** A newer release served to a share of the browsers meanwhile. */
  rollout: Type.Optional(Rollout),
  /** The last rollout taken back automatically, until a later deploy. */
  rolledBack: Type.Optional(AutomaticRollback),
});

/** A switch of the live release: which remote, to which release, when (ISO time it became live). */
export const SwitchLogEntry = Type.Object({ remote: Type.String(), release: Type.String(), at: Type.String() });

/** Paths an operator handed to a remote (npm run move-path): path → remote. */
export const PathOwners = Type.Record(Type.String({ pattern: '^/' }), Type.String({ pattern: REMOTE_NAME.source }), {
  additionalProperties: false,
});

/**
 * The live map: operator data under DATA_DIR, never written by a build. It says which release of each
 * remote is live (optionally served from another origin), the API base URL the browser uses, and
 * keeps what deploy and rollback need: the releases live before (for rollback) and a short log of
 * switches (so that pruning spares anything a browser opened within a session may still load).
 */
export const StoredMap = Type.Object({
  apiBaseUrl: Type.String(),
  remotes: Type.Record(Type.String(), LiveRemote),
  log: Type.Array(SwitchLogEntry),
  pathOwners: Type.Optional(PathOwners),
});

export type LiveRemote = Static<typeof LiveRemote>;
export type Rollout = Static<typeof Rollout>;
export type AutomaticRollback = Static<typeof AutomaticRollback>;
export type SwitchLogEntry = Static<typeof SwitchLogEntry>;
export type StoredMap = Static<typeof StoredMap>;
