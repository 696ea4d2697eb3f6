import { CamelCasePlugin } from 'kysely';

// The query layer names every table and column in camelCase (db/schema.ts); the tables themselves keep
// their snake_case names (the migrations made them so and are frozen). Kysely's CamelCasePlugin maps one
// to the other on every query through `Db.kysely`, and maps the keys of every result row back, raw
// `sql` queries included.

/** camelCase to snake_case and back, except a name that starts with an underscore (`_id` stays). */
export class DbCasePlugin extends CamelCasePlugin {
  public override camelCase(name: string): string {
    return name.startsWith('_') ? name : super.camelCase(name);
  }

  public override snakeCase(name: string): string {
    return name.startsWith('_') ? name : super.snakeCase(name);
  }
}

const plugin = new DbCasePlugin();

/** The stored name of a table or column the query layer names `name` ('bankAccounts' → 'bank_accounts'). */
export const storedName = (name: string): string => plugin.snakeCase(name);

/**
 * A row as the query layer names its columns. Rows kept as JSON (the trash, a record's history) were
 * written by earlier versions with their stored snake_case names: they are read through this.
 */
export const camelCaseKeys = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [plugin.camelCase(key), value]));
