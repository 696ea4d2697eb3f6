// A resource's stored record, declared once in camelCase as the query layer names its columns; the
// resource's schemas add its table to db/schema.ts's Database (TableOf).

/** What every resource's row has: `_id` as it is, and the time of its last write. */
export interface StoredRow {
  _id: string;
  updatedAt: string;
}
