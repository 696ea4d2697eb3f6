import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { newId, timestamp } from '../db/ids';
import type { ReadingsTable } from '../db/schema';
import { isUniqueViolation } from '../db/unique';
import { HttpError } from '../http/errors';
import { hasControlCharacters } from '../http/contract';
import { resourceRepository } from '../resources/repository';
import { LIMITS, type ReadingInput } from './schemas';
import { DATE_MESSAGE, isCalendarDate } from '../http/dates';
import { READING_MESSAGES, readingResource } from './resource';

// The import of a whole plan, beside the resource's own calls (resource.ts): one transaction of many
// rows, each checked as an add is, answered row by row.

/** The change counter of the public weekly lists (db/changes.ts). */
export const READINGS_LIST = resourceRepository(readingResource).listName;

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
