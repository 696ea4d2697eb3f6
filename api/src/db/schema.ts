import type { Generated } from 'kysely';

// Tables of the query layer, named in camelCase with their columns: the CamelCasePlugin of db/case.ts
// maps them to the stored snake_case names. Ids and timestamps are text on both engines (see ids.ts).
// Every table and column declared here must exist once migrated (db/schema.test.ts checks it).

/**
 * A table whose rows are `Row`: a field the row may lack (an optional field of the API) is a column its
 * migration gives a default, which an insert may leave out.
 */
export type TableOf<Row> = {
  [Field in keyof Row]-?: object extends Pick<Row, Field> ? Generated<Exclude<Row[Field], undefined>> : Row[Field];
};

export interface AdminsTable {
  _id: string;
  email: string;
  passwordHash: string;
  createdAt: string;
  /** The profile (Settings → Profile); '' when not given. */
  name: Generated<string>;
  phone: Generated<string>;
  /** One of the spec's countries, or ''. */
  country: Generated<string>;
  /** Admin, Manager or Guest User (every account before migration 0011 is an Admin). */
  role: Generated<string>;
  /** 1, or 0 once an Admin deactivated the account. */
  active: Generated<number>;
  /** 1: the weekly digest is mailed to the account (Settings → Profile); 0: turned off (migration 0029). */
  weeklyDigest: Generated<number>;
}

/** A browser previewing a published release (releases/preview.ts): valid while its session is. */
export interface ReleasePreviewsTable {
  /** SHA-256 (hex) of the preview cookie's random value. */
  secretHash: string;
  sessionId: string;
  remote: string;
  release: string;
  createdAt: string;
  expiresAt: string;
}

export interface TokensTable {
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  tokenHash: string;
  adminId: string;
  createdAt: string;
  expiresAt: string;
  /** What the account's session list names it by (never the token or its hash). */
  sessionId: string | null;
  /** The browser's User-Agent at sign-in (at most 300 characters), for the session list. */
  userAgent: Generated<string>;
  lastUsedAt: string | null;
}

export interface MassIntentionsTable {
  _id: string;
  fullname: string;
  email: string;
  intention: string;
  createdAt: string;
  /** Requested, Scheduled, Said or Cancelled (masses/schemas.ts); Requested when submitted. */
  state: Generated<string>;
  /** The dated Mass it is placed in (masses._id), or null. */
  massId: Generated<string | null>;
  /** The stipend given, an amount as text ('20', '20.50'), or null. */
  stipend: Generated<string | null>;
  /** The receipt number, '' for none. */
  receipt: Generated<string>;
  /** When the state last changed, and by whom (their name then); null while Requested as submitted. */
  stateChangedAt: Generated<string | null>;
  stateChangedBy: Generated<string | null>;
}

/** A Mass said every week on one weekday at one time. */
export interface RegularMassesTable {
  _id: string;
  /** Sunday … Saturday. */
  weekday: string;
  /** HH:MM, the parish's local time. */
  time: string;
  place: string;
  /** '' when not given. */
  celebrant: string;
  /** How many intentions one of its dates takes. */
  cap: number;
  createdAt: string;
  updatedAt: string;
}

/** A Mass on a date: a one-off Mass, or one date of a regular Mass (regular_id and regular_date set). */
export interface MassesTable {
  _id: string;
  /** YYYY-MM-DD and HH:MM, the parish's local time. */
  date: string;
  time: string;
  place: string;
  celebrant: string;
  cap: number;
  /** What it is for ('Wedding'), '' for none. */
  title: string;
  regularId: string | null;
  /** The date of the regular Mass it stands for, whatever its own date now is. */
  regularDate: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A rate limit's count for one route and client address, in its current window. */
export interface RateLimitsTable {
  /** '<route> <client address>'. */
  key: string;
  hits: number;
  /** When the window ends, in ms since 1970 (PostgreSQL's driver answers bigint as text). */
  windowEnds: number | string;
}

export interface ChangeCountersTable {
  /** The list it counts writes to, e.g. 'books'. */
  name: string;
  counter: number;
}

// --- prayer requests ---
export interface PrayerRequestsTable {
  _id: string;
  request: string;
  createdAt: string;
  /** New, Prayed for or Answered (prayer-requests/schemas.ts); New when submitted. */
  state: Generated<string>;
  /** When the state last changed, and by whom (their id, and their name then); null while New as submitted. */
  stateChangedAt: Generated<string | null>;
  stateChangedById: Generated<string | null>;
  stateChangedBy: Generated<string | null>;
  /** The staff's note, '' for none: never served to the mobile app. */
  note: Generated<string>;
  /** The member of the team it is assigned to, or null. */
  assigneeId: Generated<string | null>;
}

// --- About Us ---
export interface AboutTable {
  _id: string;
  /** Always 1 and unique: there is at most one About Us text. */
  slot: number;
  text: string;
  createdAt: string;
  updatedAt: string;
}

// --- content: Bible readings, reflections ---
export interface ReadingsTable {
  _id: string;
  /** Day of the year, 1–366; one reading per day. */
  day: number;
  /** 1–52. */
  week: number;
  /** Calendar day, YYYY-MM-DD. */
  date: string;
  passage: string;
  createdAt: string;
  updatedAt: string;
}

export interface ReflectionsTable {
  _id: string;
  /** 'adult' or 'children'; one reflection per date per audience. */
  audience: string;
  /** Calendar day, YYYY-MM-DD. */
  date: string;
  topic: string;
  /** Rich text (sanitised HTML). */
  reflection: string;
  bibleReading: string;
  /** Rich text (sanitised HTML), 'Prayer Points'. */
  devotionalContent: string;
  /** Rich text (sanitised HTML), 'Exercise'. */
  devotionalConfession: string;
  furtherReading: string;
  mass: string;
  createdAt: string;
  updatedAt: string;
}

/** Images uploaded from the rich-text editor; deleted once no reflection refers to them. */
export interface EditorImagesTable {
  /** File name in DATA_DIR/uploads. */
  name: string;
  createdAt: string;
}

/**
 * Every table. A resource declares its own table beside its row, by adding it to this interface
 * (`declare module '../db/schema'`), so that the query layer imports no feature.
 */
export interface Database {
  admins: AdminsTable;
  tokens: TokensTable;
  releasePreviews: ReleasePreviewsTable;
  massIntentions: MassIntentionsTable;
  regularMasses: RegularMassesTable;
  masses: MassesTable;
  changeCounters: ChangeCountersTable;
  rateLimits: RateLimitsTable;
  about: AboutTable;
  prayerRequests: PrayerRequestsTable;
  readings: ReadingsTable;
  reflections: ReflectionsTable;
  editorImages: EditorImagesTable;
  storedFiles: StoredFilesTable;
  storedFileChunks: StoredFileChunksTable;
  releaseFiles: ReleaseFilesTable;
  remotesMap: RemotesMapTable;
  choreRuns: ChoreRunsTable;
  passwordLinks: PasswordLinksTable;
  activity: ActivityTable;
  // two-factor sign-in (migration 0013)
  twoFactor: TwoFactorTable;
  recoveryCodes: RecoveryCodesTable;
  loginChallenges: LoginChallengesTable;
  teamSettings: TeamSettingsTable;
  idempotencyKeys: IdempotencyKeysTable;
  // a record's history (migration 0017)
  recordVersions: RecordVersionsTable;
  recordVersionFiles: RecordVersionFilesTable;
  // the trash (migration 0018)
  trash: TrashTable;
  trashFiles: TrashFilesTable;
  // deploy tokens (migration 0021)
  deployTokens: DeployTokensTable;
  // a release's browsers in a rollout (migration 0022)
  rolloutBrowsers: RolloutBrowsersTable;
  // the parish's own settings, one row (migration 0026)
  parishSettings: ParishSettingsTable;
  // the daily backup's settings, one row (migration 0028)
  backupSchedule: BackupScheduleTable;
}

/** Migration 0028: the daily backup's time (null: off) and how many it keeps; its last failure (slot 1 only). */
export interface BackupScheduleTable {
  slot: number;
  /** HH:MM in the parish's time zone, or null when the daily backup is off. */
  at: string | null;
  keep: number;
  failedAt: string | null;
  failure: string | null;
  /** The parish's day (YYYY-MM-DD) whose daily backup an instance has taken on. */
  lastDay: string | null;
  updatedAt: string;
}

/** Migration 0026: the parish's name, currency, time zone and first day of the week (slot 1 only). */
export interface ParishSettingsTable {
  slot: number;
  name: string;
  /** ISO 4217, e.g. NGN. */
  currency: string;
  /** IANA, e.g. Africa/Lagos. */
  timeZone: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekStart: number;
  updatedAt: string;
}

/** Migration 0021: a remote team's token for publishing and deploying over HTTPS (only its SHA-256 is kept). */
export interface DeployTokensTable {
  _id: string;
  name: string;
  remote: string;
  /** 'publish' or 'deploy' (publish, go live and roll back). */
  scope: string;
  secretHash: string;
  expiresAt: string;
  createdBy: string;
  /** Who created it, as they were named then. */
  createdByName: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/**
 * A browser /remotes.json gave a rollout release to, and the failures it reported of it (the shell's
 * error reports): what automatic rollback counts.
 */
export interface RolloutBrowsersTable {
  remote: string;
  release: string;
  /** The rollout's start: a later rollout of the same release counts afresh. */
  since: string;
  /** The browser's id (its cookie, as the server signed it). */
  browser: string;
  /** Migration 0024: the member whose session read the map; one member's browsers count as one. */
  memberId: string | null;
  seenAt: string;
  loadFailures: number;
  renderFailures: number;
}

/** One delete's records, kept to be restored (trash/store.ts). */
export interface TrashTable {
  _id: string;
  kind: string;
  title: string;
  records: number;
  /** JSON: [{ table, row }], the rows as stored. */
  rows: string;
  /** JSON: the change counters of the public lists the rows belong to. */
  lists: string;
  permission: string;
  deletedById: string;
  deletedBy: string;
  deletedAt: string;
}

/** An upload a trashed row names (kept while the entry is). */
export interface TrashFilesTable {
  entryId: string;
  name: string;
}

/** Migration 0017: a version of a record an edit replaced (history/versions.ts). */
export interface RecordVersionsTable {
  _id: string;
  resource: string;
  recordId: string;
  /** The stored columns as JSON. */
  fields: string;
  savedAt: string;
  savedById: string | null;
  savedByName: string | null;
  replacedAt: string;
  replacedById: string | null;
  replacedByName: string | null;
}

/** Migration 0017: an upload a kept version shows. */
export interface RecordVersionFilesTable {
  versionId: string;
  name: string;
}

/** The answer a write sent with an Idempotency-Key got (http/idempotency.ts). */
export interface IdempotencyKeysTable {
  owner: string;
  key: string;
  request: string;
  status: number;
  contentType: string | null;
  body: string;
  createdAt: string;
}

/** An account's authenticator app: set up (enabled 0) until confirmed with a code, then on. */
export interface TwoFactorTable {
  adminId: string;
  /** The TOTP secret, AES-256-GCM with the key in DATA_DIR (two-factor/totp.ts), never in clear. */
  secret: string;
  enabled: number;
  /** The time step of the last code accepted: a code of this step or an earlier one is refused. */
  lastStep: number | null;
  createdAt: string;
}

/** One unused recovery code: its HMAC (keyed as the secret), deleted when used. */
export interface RecoveryCodesTable {
  adminId: string;
  codeHash: string;
}

/** A login whose password was right, waiting for its code: the SHA-256 of what the client holds. */
export interface LoginChallengesTable {
  challengeHash: string;
  adminId: string;
  expiresAt: string;
  /** Codes tried on it. */
  attempts: number;
  /** What it is for: 'code' (the second step of an account with it on) or 'enrol' (setting it up). */
  purpose: Generated<'code' | 'enrol'>;
}

/** The team's settings, one row each: 'require_admin_two_factor' = '1' or '0'. */
export interface TeamSettingsTable {
  name: string;
  value: string;
}

/** PostgreSQL only (migration 0009): an uploaded file kept in the database (uploads/database-store.ts). */
export interface StoredFilesTable {
  name: string;
  /** Bytes (PostgreSQL's driver answers bigint as text). */
  size: number | string;
  createdAt: string;
}

export interface StoredFileChunksTable {
  name: string;
  seq: number;
  data: Buffer;
}

/** PostgreSQL only (migration 0010): the files of the remotes' immutable releases (releases/cluster-sync.ts). */
export interface ReleaseFilesTable {
  remote: string;
  release: string;
  /** The file's path inside its release folder, with `/` separators. */
  path: string;
  data: Buffer;
}

/** PostgreSQL only (migration 0010): the live remotes map every instance serves, one row. */
export interface RemotesMapTable {
  id: number;
  /** The map as its file holds it (JSON). */
  body: string;
  updatedAt: string;
}

/** PostgreSQL only (migration 0010): when a periodic chore last ran on any instance. */
export interface ChoreRunsTable {
  name: string;
  ranAt: string;
}

/** Migration 0011: a one-time link to set an account's password (only its SHA-256 is kept). */
export interface PasswordLinksTable {
  tokenHash: string;
  adminId: string;
  createdAt: string;
  expiresAt: string;
}

/** Migration 0011: one write of one member (Settings → Activity). */
export interface ActivityTable {
  _id: string;
  at: string;
  adminId: string;
  /** Who, as they were then: their name, or their email when they gave none. */
  member: string;
  /** The kind of record: 'book', 'bank account', 'team' … */
  kind: string;
  recordId: string | null;
  /** One line: 'Added the book “Confessions”'. Never a password or a token. */
  summary: string;
}
