import type { Kysely } from 'kysely';
import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { Database, ReadingsTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique';
import { HttpError, notFound } from '../http/errors';
import { hasControlCharacters } from '../http/contract';
import { keepVersion, type Author } from '../history/versions';
import { moveToTrash, type Deleter } from '../trash/store';
import { LIMITS, type Reading, type ReadingInput } from './schemas';
import { DATE_MESSAGE, isCalendarDate } from '../http/dates';

/** The change counter of the public weekly lists (db/changes.ts). */
export const READINGS_LIST = 'readings';

export const READING_MESSAGES = {
  notFound: 'Reading not found',
  dayTaken: (day: number) => `Day ${day} is already in the plan`,
} as const;

export function toApi(row: ReadingsTable): Reading {
  return { _id: row._id, day: Number(row.day), week: Number(row.week), date: row.date, passage: row.passage };
}

/**
 * Checks one reading of an import (the single calls are checked by their route schema, in the same
 * words): the first problem of the row, or the reading.
 */
export function checkReading(raw: unknown): { reading: ReadingInput } | { error: string } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { error: 'the row must be an object' };
  const row = raw as Record<string, unknown>;
  const whole = (field: 'day' | 'week', max: number): number | string => {
    const words = field === 'day' ? 'Day' : 'Week';
    const value = typeof row[field] === 'string' ? (row[field] as string).trim() : row[field];
    if (value === undefined || value === null || value === '') return `${words} is required`;
    const n = typeof value === 'number' ? value : /^-?\d+$/.test(String(value)) ? Number(value) : NaN;
    if (!Number.isInteger(n)) return `${words} must be a whole number`;
    if (n < 1) return `${words} must be at least 1`;
    if (n > max) return `${words} must be at most ${max}`;
    return n;
  };
  const day = whole('day', LIMITS.day);
  if (typeof day === 'string') return { error: day };
  const week = whole('week', LIMITS.week);
  if (typeof week === 'string') return { error: week };
  const date = typeof row.date === 'string' ? row.date.trim() : '';
  if (!date) return { error: 'Date is required' };
  if (!isCalendarDate(date)) return { error: DATE_MESSAGE('Date') };
  const passage = typeof row.passage === 'string' ? row.passage.trim() : '';
  if (!passage) return { error: 'Passage is required' };
  if (passage.length > LIMITS.passage) return { error: `Passage must be at most ${LIMITS.passage} characters long` };
  if (hasControlCharacters(passage)) return { error: 'Passage must not contain control characters' };
  return { reading: { day, week, date, passage } };
}

/** The week's readings by day. */
export function listWeek(db: Db, week: number): Promise<ReadingsTable[]> {
  return db.kysely.selectFrom('readings').selectAll().where('week', '=', week).orderBy('day').orderBy('_id').execute();
}

export function findReading(db: Db, id: string): Promise<ReadingsTable | undefined> {
  return db.kysely.selectFrom('readings').selectAll().where('_id', '=', id).executeTakeFirst();
}

/** 409 when another reading has this day. */
async function assertDayFree(trx: Kysely<Database>, day: number, except?: string): Promise<void> {
  let query = trx.selectFrom('readings').select('_id').where('day', '=', day);
  if (except) query = query.where('_id', '!=', except);
  if (await query.executeTakeFirst()) throw new HttpError(409, READING_MESSAGES.dayTaken(day));
}

/** Runs a write; a UNIQUE violation (two writes racing for one day) is the same 409. */
async function guarded<T>(day: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, READING_MESSAGES.dayTaken(day));
    throw error;
  }
}

function newRow(input: ReadingInput, now: Date): ReadingsTable {
  return {
    _id: newId(now),
    day: input.day,
    week: input.week,
    date: input.date,
    passage: input.passage,
    createdAt: timestamp(now),
    updatedAt: timestamp(now),
  };
}

export async function addReading(db: Db, input: ReadingInput): Promise<ReadingsTable> {
  const row = newRow(input, new Date());
  await guarded(input.day, () =>
    db.kysely.transaction().execute(async (trx) => {
      await assertDayFree(trx, input.day);
      await trx.insertInto('readings').values(row).execute();
      await bumpChangeCounter(trx, READINGS_LIST);
    }),
  );
  return row;
}

/** The reading updated; the one it replaces is kept as a version. */
export async function updateReading(db: Db, id: string, input: ReadingInput, by?: Author): Promise<ReadingsTable> {
  return guarded(input.day, () =>
    db.kysely.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('readings').selectAll().where('_id', '=', id).executeTakeFirst();
      if (!current) throw notFound(READING_MESSAGES.notFound);
      await assertDayFree(trx, input.day, id);
      await keepVersion(
        trx,
        { resource: 'readings', recordId: id, row: current, savedAt: current.updatedAt, files: [] },
        by,
      );
      const updated: ReadingsTable = { ...current, ...input, updatedAt: timestamp() };
      await trx
        .updateTable('readings')
        .set({
          day: input.day,
          week: input.week,
          date: input.date,
          passage: input.passage,
          updatedAt: updated.updatedAt,
        })
        .where('_id', '=', id)
        .execute();
      await bumpChangeCounter(trx, READINGS_LIST);
      return updated;
    }),
  );
}

/** Moves the reading to the trash (trash/store.ts): the trash entry's id; undefined for an unknown id. */
export async function deleteReading(db: Db, id: string, by: Deleter): Promise<string | undefined> {
  return db.kysely.transaction().execute((trx) =>
    moveToTrash(trx, by, 'readings', id, (row) => ({
      kind: 'Bible reading',
      title: String(row.passage),
      files: [],
      lists: [READINGS_LIST],
    })),
  );
}

export interface RowError {
  /** 1-based position of the reading in the import (the CSV's data row). */
  row: number;
  message: string;
}

/**
 * Imports a whole plan in one transaction: every row is checked first (its own fields, a day given
 * twice in the file, a day the plan already has), and a single bad row stores nothing.
 */
export async function importReadings(db: Db, rows: unknown[]): Promise<{ imported: number } | { errors: RowError[] }> {
  const errors: RowError[] = [];
  const readings: ReadingInput[] = [];
  const firstRowOfDay = new Map<number, number>();
  rows.forEach((raw, index) => {
    const checked = checkReading(raw);
    if ('error' in checked) {
      errors.push({ row: index + 1, message: checked.error });
      return;
    }
    const { day } = checked.reading;
    const earlier = firstRowOfDay.get(day);
    if (earlier !== undefined) errors.push({ row: index + 1, message: `Day ${day} is also on row ${earlier}` });
    else firstRowOfDay.set(day, index + 1);
    readings.push(checked.reading);
  });
  if (errors.length) return { errors };

  const now = new Date();
  return guarded(readings[0]?.day ?? 0, () =>
    db.kysely.transaction().execute(async (trx) => {
      const days = [...firstRowOfDay.keys()];
      const taken: number[] = [];
      for (let start = 0; start < days.length; start += 500) {
        const found = await trx
          .selectFrom('readings')
          .select('day')
          .where('day', 'in', days.slice(start, start + 500))
          .execute();
        taken.push(...found.map((r) => Number(r.day)));
      }
      if (taken.length) {
        return {
          errors: taken
            .sort((a, b) => firstRowOfDay.get(a)! - firstRowOfDay.get(b)!)
            .map((day) => ({ row: firstRowOfDay.get(day)!, message: READING_MESSAGES.dayTaken(day) })),
        };
      }
      // 100 rows (800 parameters) per statement: within SQLite's and PostgreSQL's limits.
      for (let start = 0; start < readings.length; start += 100) {
        await trx
          .insertInto('readings')
          .values(readings.slice(start, start + 100).map((input) => newRow(input, now)))
          .execute();
      }
      await bumpChangeCounter(trx, READINGS_LIST);
      return { imported: readings.length };
    }),
  );
}
