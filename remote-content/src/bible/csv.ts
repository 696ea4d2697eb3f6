import Papa from 'papaparse';
import type { ReadingInput } from './api';
import { readingSchema } from './bibleSchema';

/** One data row of an imported plan, as read and checked in the browser before anything is sent. */
export interface PlanRow {
  /** 1-based, counting data rows only (the header is not a row); the server counts the same way. */
  row: number;
  raw: Record<'day' | 'week' | 'date' | 'passage', string>;
  /** The date read as YYYY-MM-DD when it is one, whatever else is wrong with the row. */
  date?: string;
  reading?: ReadingInput;
  error?: string;
}

export interface ParsedPlan {
  rows: PlanRow[];
  /** A problem with the file as a whole (no header, a missing column …). */
  fileError?: string;
}

export const CSV_COLUMNS = ['day', 'week', 'date', 'passage'] as const;

/** YYYY-MM-DD as it is, or dd/mm/yyyy (the product's display format) turned into it; else undefined. */
export function toIsoDate(value: string): string | undefined {
  const text = value.trim();
  let year: number, month: number, day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dmy) [day, month, year] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

function checkRow(raw: PlanRow['raw']): { reading?: ReadingInput; error?: string } {
  try {
    const checked = readingSchema.validateSync(raw, { abortEarly: true });
    const date = toIsoDate(checked.date);
    if (!date) return { error: 'Date must be a date written yyyy-mm-dd or dd/mm/yyyy' };
    return { reading: { day: checked.day, week: checked.week, date, passage: checked.passage.trim() } };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/**
 * Reads a plan from CSV text: a header naming day, week, date and passage (any order, any case),
 * then one reading per line. Every row is checked with the form's rules; a day given twice is an error.
 */
export function parsePlan(text: string): ParsedPlan {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  const missing = CSV_COLUMNS.filter((column) => !fields.includes(column));
  if (missing.length) {
    return {
      rows: [],
      fileError: `The file needs a header line with the columns day, week, date, passage (missing: ${missing.join(', ')}).`,
    };
  }
  const firstRowOfDay = new Map<number, number>();
  const rows = parsed.data.map((record, index): PlanRow => {
    const raw = {
      day: (record.day ?? '').trim(),
      week: (record.week ?? '').trim(),
      date: (record.date ?? '').trim(),
      passage: (record.passage ?? '').trim(),
    };
    const row = index + 1;
    const checked = checkRow(raw);
    if (checked.reading) {
      const earlier = firstRowOfDay.get(checked.reading.day);
      if (earlier !== undefined)
        return { row, raw, date: checked.reading.date, error: `Day ${checked.reading.day} is also on row ${earlier}` };
      firstRowOfDay.set(checked.reading.day, row);
    }
    return { row, raw, date: toIsoDate(raw.date), ...checked };
  });
  if (!rows.length) return { rows, fileError: 'The file has no readings under its header line.' };
  return { rows };
}
