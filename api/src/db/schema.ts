import type { Generated } from 'kysely';
import type { BankAccountRow } from '../bank-accounts/schemas';
import type { BookRow } from '../books/schemas';
import type { DonationRow } from '../donations/schemas';
import type { GroupRow } from '../groups/schemas';
import type { PrayerRow } from '../prayers/schemas';
import type { TableOf } from '../resources/row';
import type { StreamRow } from '../streams/schemas';

// Row types of the query layer. Ids and timestamps are text on both engines (see ids.ts). A resource's
// table is its row as its schemas declare it, each field under its snake_case column (resources/row.ts).

export interface AdminsTable {
  _id: string;
  email: string;
  password_hash: string;
  created_at: string;
  /** The profile (Settings → Profile); '' when not given. */
  name: Generated<string>;
  phone: Generated<string>;
  /** One of the spec's countries, or ''. */
  country: Generated<string>;
  /** Admin, Manager or Guest User (every account before migration 0011 is an Admin). */
  role: Generated<string>;
  /** 1, or 0 once an Admin deactivated the account. */
  active: Generated<number>;
}

/** A browser previewing a published release (releases/preview.ts): valid while its session is. */
export interface ReleasePreviewsTable {
  /** SHA-256 (hex) of the preview cookie's random value. */
  secret_hash: string;
  session_id: string;
  remote: string;
  release: string;
  created_at: string;
  expires_at: string;
}

export interface TokensTable {
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  admin_id: string;
  created_at: string;
  expires_at: string;
  /** What the account's session list names it by (never the token or its hash). */
  session_id: string | null;
  /** The browser's User-Agent at sign-in (at most 300 characters), for the session list. */
  user_agent: Generated<string>;
  last_used_at: string | null;
}

export interface MassIntentionsTable {
  _id: string;
  fullname: string;
  email: string;
  intention: string;
  created_at: string;
  /** Requested, Scheduled, Said or Cancelled (masses/schemas.ts); Requested when submitted. */
  state: Generated<string>;
  /** The dated Mass it is placed in (masses._id), or null. */
  mass_id: Generated<string | null>;
  /** The stipend given, an amount as text ('20', '20.50'), or null. */
  stipend: Generated<string | null>;
  /** The receipt number, '' for none. */
  receipt: Generated<string>;
  /** When the state last changed, and by whom (their name then); null while Requested as submitted. */
  state_changed_at: Generated<string | null>;
  state_changed_by: Generated<string | null>;
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
  created_at: string;
  updated_at: string;
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
  regular_id: string | null;
  /** The date of the regular Mass it stands for, whatever its own date now is. */
  regular_date: string | null;
  created_at: string;
  updated_at: string;
}

/** A rate limit's count for one route and client address, in its current window. */
export interface RateLimitsTable {
  /** '<route> <client address>'. */
  key: string;
  hits: number;
  /** When the window ends, in ms since 1970 (PostgreSQL's driver answers bigint as text). */
  window_ends: number | string;
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
  created_at: string;
  /** New, Prayed for or Answered (prayer-requests/schemas.ts); New when submitted. */
  state: Generated<string>;
  /** When the state last changed, and by whom (their id, and their name then); null while New as submitted. */
  state_changed_at: Generated<string | null>;
  state_changed_by_id: Generated<string | null>;
  state_changed_by: Generated<string | null>;
  /** The staff's note, '' for none: never served to the mobile app. */
  note: Generated<string>;
  /** The member of the team it is assigned to, or null. */
  assignee_id: Generated<string | null>;
}

// --- About Us ---
export interface AboutTable {
  _id: string;
  /** Always 1 and unique: there is at most one About Us text. */
  slot: number;
  text: string;
  created_at: string;
  updated_at: string;
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
  created_at: string;
  updated_at: string;
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
  bible_reading: string;
  /** Rich text (sanitised HTML), 'Prayer Points'. */
  devotional_content: string;
  /** Rich text (sanitised HTML), 'Exercise'. */
  devotional_confession: string;
  further_reading: string;
  mass: string;
  created_at: string;
  updated_at: string;
}

/** Images uploaded from the rich-text editor; deleted once no reflection refers to them. */
export interface EditorImagesTable {
  /** File name in DATA_DIR/uploads. */
  name: string;
  created_at: string;
}

export interface Database {
  admins: AdminsTable;
  tokens: TokensTable;
  release_previews: ReleasePreviewsTable;
  mass_intentions: MassIntentionsTable;
  regular_masses: RegularMassesTable;
  masses: MassesTable;
  books: TableOf<BookRow>;
  change_counters: ChangeCountersTable;
  rate_limits: RateLimitsTable;
  // finance
  donations: TableOf<DonationRow>;
  bank_accounts: TableOf<BankAccountRow>;
  prayers: TableOf<PrayerRow>;
  about: AboutTable;
  // groups and prayer requests
  groups: TableOf<GroupRow>;
  prayer_requests: PrayerRequestsTable;
  // content
  readings: ReadingsTable;
  streams: TableOf<StreamRow>;
  reflections: ReflectionsTable;
  editor_images: EditorImagesTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  release_files: ReleaseFilesTable;
  remotes_map: RemotesMapTable;
  chore_runs: ChoreRunsTable;
  password_links: PasswordLinksTable;
  activity: ActivityTable;
  // two-factor sign-in (migration 0013)
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  team_settings: TeamSettingsTable;
  idempotency_keys: IdempotencyKeysTable;
  // a record's history (migration 0017)
  record_versions: RecordVersionsTable;
  record_version_files: RecordVersionFilesTable;
  // the trash (migration 0018)
  trash: TrashTable;
  trash_files: TrashFilesTable;
  // deploy tokens (migration 0021)
  deploy_tokens: DeployTokensTable;
  // a release's browsers in a rollout (migration 0022)
  rollout_browsers: RolloutBrowsersTable;
  // the parish's own settings, one row (migration 0026)
  parish_settings: ParishSettingsTable;
}

/** Migration 0026: the parish's name, currency, time zone and first day of the week (slot 1 only). */
export interface ParishSettingsTable {
  slot: number;
  name: string;
  /** ISO 4217, e.g. NGN. */
  currency: string;
  /** IANA, e.g. Africa/Lagos. */
  time_zone: string;
  /** 0 = Sunday … 6 = Saturday. */
  week_start: number;
  updated_at: string;
}

/** Migration 0021: a remote team's token for publishing and deploying over HTTPS (only its SHA-256 is kept). */
export interface DeployTokensTable {
  _id: string;
  name: string;
  remote: string;
  /** 'publish' or 'deploy' (publish, go live and roll back). */
  scope: string;
  secret_hash: string;
  expires_at: string;
  created_by: string;
  /** Who created it, as they were named then. */
  created_by_name: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
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
  member_id: string | null;
  seen_at: string;
  load_failures: number;
  render_failures: number;
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
  deleted_by_id: string;
  deleted_by: string;
  deleted_at: string;
}

/** An upload a trashed row names (kept while the entry is). */
export interface TrashFilesTable {
  entry_id: string;
  name: string;
}

/** Migration 0017: a version of a record an edit replaced (history/versions.ts). */
export interface RecordVersionsTable {
  _id: string;
  resource: string;
  record_id: string;
  /** The stored columns as JSON. */
  fields: string;
  saved_at: string;
  saved_by_id: string | null;
  saved_by_name: string | null;
  replaced_at: string;
  replaced_by_id: string | null;
  replaced_by_name: string | null;
}

/** Migration 0017: an upload a kept version shows. */
export interface RecordVersionFilesTable {
  version_id: string;
  name: string;
}

/** The answer a write sent with an Idempotency-Key got (http/idempotency.ts). */
export interface IdempotencyKeysTable {
  owner: string;
  key: string;
  request: string;
  status: number;
  content_type: string | null;
  body: string;
  created_at: string;
}

/** An account's authenticator app: set up (enabled 0) until confirmed with a code, then on. */
export interface TwoFactorTable {
  admin_id: string;
  /** The TOTP secret, AES-256-GCM with the key in DATA_DIR (two-factor/totp.ts), never in clear. */
  secret: string;
  enabled: number;
  /** The time step of the last code accepted: a code of this step or an earlier one is refused. */
  last_step: number | null;
  created_at: string;
}

/** One unused recovery code: its HMAC (keyed as the secret), deleted when used. */
export interface RecoveryCodesTable {
  admin_id: string;
  code_hash: string;
}

/** A login whose password was right, waiting for its code: the SHA-256 of what the client holds. */
export interface LoginChallengesTable {
  challenge_hash: string;
  admin_id: string;
  expires_at: string;
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
  created_at: string;
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
  updated_at: string;
}

/** PostgreSQL only (migration 0010): when a periodic chore last ran on any instance. */
export interface ChoreRunsTable {
  name: string;
  ran_at: string;
}

/** Migration 0011: a one-time link to set an account's password (only its SHA-256 is kept). */
export interface PasswordLinksTable {
  token_hash: string;
  admin_id: string;
  created_at: string;
  expires_at: string;
}

/** Migration 0011: one write of one member (Settings → Activity). */
export interface ActivityTable {
  _id: string;
  at: string;
  admin_id: string;
  /** Who, as they were then: their name, or their email when they gave none. */
  member: string;
  /** The kind of record: 'book', 'bank account', 'team' … */
  kind: string;
  record_id: string | null;
  /** One line: 'Added the book “Confessions”'. Never a password or a token. */
  summary: string;
}
