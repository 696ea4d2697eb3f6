import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { stringify, type Stringifier } from 'csv-stringify';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { CellFormat, ExportDefinition } from './definition';

// The rows of an export, read from the database a page at a time (keyset paging on the list's order and
// the _id, so a page costs the same wherever it starts) and written as CSV while they are read: the
// answer's first bytes leave before its last row is read, and memory holds a page, never the list.
// A row written between two pages is in the file or not, as it would be on a screen loaded a moment
// earlier or later; no row is written twice or skipped.

/** Rows read at a time. */
export const EXPORT_PAGE_ROWS = 500;

/** What one export asks for: its search, its filters' values and the asker's time zone. */
export interface ExportRequest {
  /** Trimmed; '' for none. */
  q: string;
  filters: Record<string, string>;
  timeZone: string;
}

/** Whether `timeZone` is a time zone this server knows (IANA names: 'Europe/London', 'UTC'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Writes a cell's stored value as the screens show it (dd/mm/yyyy; timestamps in the time zone). */
export function cellWriter(timeZone: string): (value: unknown, as: CellFormat) => string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const moment = (value: string) => {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return undefined;
    const part = Object.fromEntries(parts.formatToParts(date).map(({ type, value: text }) => [type, text]));
    return { day: `${part.day}/${part.month}/${part.year}`, time: `${part.hour}:${part.minute}` };
  };
  return (value, as) => {
    if (value === null || value === undefined) return '';
    const text = String(value);
    if (as === 'day') {
      const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      return day ? `${day[3]}/${day[2]}/${day[1]}` : text;
    }
    if (as === 'date' || as === 'time') {
      const shown = moment(text);
      if (!shown) return text;
      return as === 'date' ? shown.day : `${shown.day} ${shown.time}`;
    }
    return text;
  };
}

/** Today in the time zone, as YYYY-MM-DD: the date in the file's name. */
export function todayIn(timeZone: string, now = new Date()): string {
  const part = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .map(({ type, value }) => [type, value]),
  );
  return `${part.year}-${part.month}-${part.day}`;
}

type Row = Record<string, unknown>;

/** One page of the list's rows after the last one read (none: from the start). */
function page(kysely: Kysely<Database>, definition: ExportDefinition, request: ExportRequest, after?: Row) {
  const { order } = definition;
  // The table comes from a definition; kysely's types cannot follow a table chosen at run time.
  let query = kysely.selectFrom(definition.table as 'books').selectAll();
  for (const [name, expression] of Object.entries(definition.selected ?? {})) {
    query = query.select(expression.as(name));
  }
  if (definition.only) query = query.where(sql.ref(definition.only.column), '=', definition.only.value);
  for (const filter of definition.filters ?? []) {
    const value = request.filters[filter.name];
    if (value === undefined) continue;
    query = query.where(sql.ref(filter.column), '=', filter.wholeNumber ? Number(value) : value);
  }
  if (after) {
    const past = order.direction === 'desc' ? sql.raw('<') : sql.raw('>');
    query = query.where(
      sql<boolean>`(${sql.ref(order.column)}, ${sql.ref('_id')}) ${past} (${after[order.column]}, ${after._id})`,
    );
  }
  return query
    .orderBy(sql.ref(order.column), order.direction)
    .orderBy(sql.ref('_id'), order.direction)
    .limit(EXPORT_PAGE_ROWS)
    .execute() as Promise<Row[]>;
}

/** The list's records as cells, in its order, those its search matches; a page is read when the last is written. */
async function* recordsOf(db: Db, definition: ExportDefinition, request: ExportRequest): AsyncGenerator<string[]> {
  const write = cellWriter(request.timeZone);
  const headers = definition.columns.map((column) => column.header);
  const needle = request.q.toLocaleLowerCase();
  let after: Row | undefined;
  for (;;) {
    const rows = await page(db.kysely, definition, request, after);
    for (const row of rows) {
      const cells = definition.columns.map((column) => write(row[column.column], column.as ?? 'text'));
      if (needle) {
        const cell = (header: string) => cells[headers.indexOf(header)] ?? '';
        if (!definition.searched(cell).some((text) => text.toLocaleLowerCase().includes(needle))) continue;
      }
      yield cells;
    }
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = rows[rows.length - 1];
  }
}

/**
 * The export as a CSV stream: UTF-8 with a byte order mark (so that Excel reads it as UTF-8), the
 * headers, then a line per record, CRLF between them and fields quoted when they need it (RFC 4180);
 * a cell starting with =, +, -, @, a tab or a carriage return gets a ' before it, so that no
 * spreadsheet runs it as a formula (OWASP's rule on CSV injection).
 */
export function exportCsv(db: Db, definition: ExportDefinition, request: ExportRequest): Stringifier {
  const csv = stringify({
    bom: true,
    header: true,
    columns: definition.columns.map((column) => column.header),
    record_delimiter: 'windows',
    escape_formulas: true,
  });
  const records = Readable.from(recordsOf(db, definition, request));
  records.on('error', (error) => csv.destroy(error));
  csv.on('close', () => records.destroy());
  records.pipe(csv);
  return csv;
}
