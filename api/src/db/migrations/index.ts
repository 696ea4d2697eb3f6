import type { Migration, MigrationProvider } from 'kysely';
import type { EngineName, FrozenMigration } from './helpers';
import { migration as m0001 } from './0001_foundation';
import { migration as m0002 } from './0002_books';
import { migration as m0003 } from './0003_community';
import { migration as m0004 } from './0004_finance';
import { migration as m0005 } from './0005_content';
import { migration as m0006 } from './0006_relative_upload_paths';
import { migration as m0007 } from './0007_rate_limits';
import { migration as m0008 } from './0008_change_notifications';
import { migration as m0009 } from './0009_stored_files';
import { migration as m0010 } from './0010_shared_releases_and_chores';
import { migration as m0011 } from './0011_accounts';
import { migration as m0012 } from './0012_mass_intentions_order';
import { migration as m0013 } from './0013_two_factor';
import { migration as m0014 } from './0014_reflection_spaces';
import { migration as m0015 } from './0015_login_challenge_purpose';
import { migration as m0016 } from './0016_idempotency_keys';
import { migration as m0017 } from './0017_record_versions';
import { migration as m0018 } from './0018_trash';
import { migration as m0019 } from './0019_prayer_request_care';
import { migration as m0020 } from './0020_masses';
import { migration as m0021 } from './0021_deploy_tokens';
import { migration as m0022 } from './0022_rollout_browsers';
import { migration as m0023 } from './0023_release_previews';
import { migration as m0024 } from './0024_rollout_members';
import { migration as m0025 } from './0025_reflection_plain_spaces';
import { migration as m0026 } from './0026_parish_settings';
import { migration as m0027 } from './0027_outbox';
import { migration as m0028 } from './0028_backup_schedule';
import { migration as m0029 } from './0029_weekly_digest';

// One file per migration, listed here in code (the folder is not read at run time) so that the compiled
// server and ts-jest run the same list. Only portable column types: text, integer; no engine-specific
// defaults. A new migration is a new file with a larger, sortable name and its line below; never edit
// one that has shipped (its name is what databases recorded as run). A migration imports no live code
// of the server (lint refuses it): what it runs is written in its file, in ./helpers or in
// ../frozen-rewrites, as it was when it shipped.

/** Every migration by the name databases record it under, in the order they run. */
export const migrations: Record<string, FrozenMigration> = {
  '0001_foundation': m0001,
  '0002_books': m0002,
  '0003_community': m0003,
  '0004_finance': m0004,
  '0005_content': m0005,
  '0006_relative_upload_paths': m0006,
  '0007_rate_limits': m0007,
  '0008_change_notifications': m0008,
  '0009_stored_files': m0009,
  '0010_shared_releases_and_chores': m0010,
  '0011_accounts': m0011,
  '0012_mass_intentions_order': m0012,
  '0013_two_factor': m0013,
  '0014_reflection_spaces': m0014,
  '0015_login_challenge_purpose': m0015,
  '0016_idempotency_keys': m0016,
  '0017_record_versions': m0017,
  '0018_trash': m0018,
  '0019_prayer_request_care': m0019,
  '0020_masses': m0020,
  '0021_deploy_tokens': m0021,
  '0022_rollout_browsers': m0022,
  '0023_release_previews': m0023,
  '0024_rollout_members': m0024,
  '0025_reflection_plain_spaces': m0025,
  '0026_parish_settings': m0026,
  '0027_outbox': m0027,
  '0028_backup_schedule': m0028,
  '0029_weekly_digest': m0029,
};

/** Kysely's migration, told the engine it runs on. */
function on(engine: EngineName, { up, down }: FrozenMigration): Migration {
  return { up: (db) => up(db, engine), ...(down && { down: (db) => down(db, engine) }) };
}

export function migrationProvider(engine: EngineName): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(Object.entries(migrations).map(([name, migration]) => [name, on(engine, migration)]));
    },
  };
}
