import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { after as rowsAfter, type OrderKey, type SortOrder } from '../http/sorting';
import type { CellFormat, ExportDefinition } from './definition';

// The rows of an export, read from the database a page at a time (keyset paging on the sort asked for,
// the list's order and the _id, so a page costs the same wherever it starts), each written as its cells while they are read:
// csv.ts streams them (memory holds a page, never the list), xlsx.ts gathers them into a workbook.
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
  /** The sort the list's screen shows (`?sort=`, checked); none for the list's own order. */
  sort?: SortOrder;
}

/** What the server lets one export write (config: EXCEL_EXPORT_MAX_ROWS). */
export interface ExportLimits {
  excelMaxRows: number;
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

/**
 * A cell: its text as the screens show it (dd/mm/yyyy; timestamps in the time zone), which the CSV
 * writes and the search matches, and its value for a spreadsheet: a number as a number, a day or a
 * moment as the date it shows (its wall-clock time in the time zone, as UTC fields: a spreadsheet's
 * dates have no zone), an amount as its number, anything else as its text, never read as a number (an
 * account's leading zeros).
 */
export interface Cell {
  text: string;
  value: string | number | Date | undefined;
}

/** An amount as the forms take it: digits, and at most two after a point. */
const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** Writes a cell's stored value as the screens show it, and as a spreadsheet should hold it. */
export function cellWriter(timeZone: string): (value: unknown, as: CellFormat) => Cell {
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
    return { year: part.year!, month: part.month!, day: part.day!, hour: part.hour!, minute: part.minute! };
  };
  const dayOf = (year: string, month: string, day: string) => `${day}/${month}/${year}`;
  return (value, as) => {
    if (value === null || value === undefined) return { text: '', value: undefined };
    const text = String(value);
    if (as === 'day') {
      const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      if (!day) return { text, value: text };
      return { text: dayOf(day[1]!, day[2]!, day[3]!), value: new Date(Date.UTC(+day[1]!, +day[2]! - 1, +day[3]!)) };
    }
    if (as === 'date' || as === 'time') {
      const shown = moment(text);
      if (!shown) return { text, value: text };
      const day = dayOf(shown.year, shown.month, shown.day);
      if (as === 'date') return { text: day, value: new Date(Date.UTC(+shown.year, +shown.month - 1, +shown.day)) };
      return {
        text: `${day} ${shown.hour}:${shown.minute}`,
        value: new Date(Date.UTC(+shown.year, +shown.month - 1, +shown.day, +shown.hour, +shown.minute)),
      };
    }
    if (as === 'amount' && AMOUNT.test(text)) return { text, value: Number(text) };
    return { text, value: typeof value === 'number' ? value : text };
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

/** The order of an export: the sort asked for, then the list's own, then the _id (its direction). */
function orderOf(definition: ExportDefinition, request: ExportRequest): OrderKey[] {
  const { order } = definition;
  const own: OrderKey[] = [
    { expression: sql`${sql.ref(order.column)}`, direction: order.direction },
    { expression: sql`${sql.ref('_id')}`, direction: order.direction },
  ];
  return request.sort ? [{ expression: request.sort.expression, direction: request.sort.direction }, ...own] : own;
}

/** The name a key's value is selected as, to start the next page after the last row read. */
const keyName = (at: number) => `__order_${at}`;

/** One page of the list's rows after the last one read (none: from the start). */
function page(kysely: Kysely<Database>, definition: ExportDefinition, request: ExportRequest, after?: Row) {
  const keys = orderOf(definition, request);
  // The table comes from a definition; kysely's types cannot follow a table chosen at run time.
  let query = kysely.selectFrom(definition.table as 'books').selectAll();
  for (const [name, expression] of Object.entries(definition.selected ?? {})) {
    query = query.select(expression.as(name));
  }
  keys.forEach((key, at) => {
    query = query.select(key.expression.as(keyName(at)));
  });
  if (definition.only) query = query.where(sql.ref(definition.only.column), '=', definition.only.value);
  for (const filter of definition.filters ?? []) {
    const value = request.filters[filter.name];
    if (value === undefined) continue;
    query = query.where(sql.ref(filter.column), '=', filter.wholeNumber ? Number(value) : value);
  }
  if (after) {
    query = query.where(
      rowsAfter(
        keys,
        keys.map((_, at) => after[keyName(at)]),
      ),
    );
  }
  for (const key of keys) query = query.orderBy(key.expression, key.direction);
  return query.limit(EXPORT_PAGE_ROWS).execute() as Promise<Row[]>;
}

/** The list's records as cells, in its order, those its search matches; a page is read when the last is written. */
export async function* recordsOf(db: Db, definition: ExportDefinition, request: ExportRequest): AsyncGenerator<Cell[]> {
  const write = cellWriter(request.timeZone);
  const headers = definition.columns.map((column) => column.header);
  const needle = request.q.toLocaleLowerCase();
  let after: Row | undefined;
  for (;;) {
    const rows = await page(db.kysely, definition, request, after);
    for (const row of rows) {
      const cells = definition.columns.map((column) => write(row[column.column], column.as ?? 'text'));
      if (needle) {
        const cell = (header: string) => cells[headers.indexOf(header)]?.text ?? '';
        if (!definition.searched(cell).some((text) => text.toLocaleLowerCase().includes(needle))) continue;
      }
      yield cells;
    }
    if (rows.length < EXPORT_PAGE_ROWS) return;
    after = rows[rows.length - 1];
    // SQLite's driver answers synchronously: without this, a whole list would be read and written in
    // one turn of the event loop, and every other call would wait for it.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
