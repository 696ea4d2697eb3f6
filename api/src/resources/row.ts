import type { Generated } from 'kysely';

// A resource's stored record, declared once in camelCase: the resource's code reads and writes it
// through Kysely's CamelCasePlugin, and db/schema.ts derives the table's snake_case columns from it.
// This module imports none of the server's code, so that the query layer's schema can name the rows
// without a cycle.

/** What every resource's row has: `_id` as it is, and the time of its last write. */
export interface StoredRow {
  _id: string;
  updatedAt: string;
}

/**
 * A field's column, as the CamelCasePlugin names it: each capital letter becomes an underscore and the
 * letter in lower case ('bookImage' → 'book_image'; '_id' stays). The fields have no runs of capitals.
 */
export type ColumnOf<Field extends string> = Field extends `${infer First}${infer Rest}`
  ? `${First extends Lowercase<First> ? First : `_${Lowercase<First>}`}${ColumnOf<Rest>}`
  : Field;

/**
 * A resource's table for the query layer: each field of its row under its column's name. A field the
 * row may lack (an optional field of the API) is a column its migration gives a default, which an
 * insert may leave out.
 */
export type TableOf<Row extends StoredRow> = {
  [Field in keyof Row & string as ColumnOf<Field>]-?: object extends Pick<Row, Field>
    ? Generated<Exclude<Row[Field], undefined>>
    : Row[Field];
};
