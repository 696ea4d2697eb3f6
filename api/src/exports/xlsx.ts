import type { Db } from '../db/database';
import type { ExportDefinition } from './definition';
import { HttpError } from '../http/errors';
import { recordsOf, type Cell, type ExportLimits, type ExportRequest } from './records';
import type { Renderer } from './heavy-work';

/** The refusal of an Excel export past its rows: what to do instead. */
export const tooManyRows = (most: number) =>
  `This list has more than ${most.toLocaleString('en')} rows, more than an Excel export writes: ` +
  'narrow it with the search or a filter, or export it as CSV';

/** A sheet's name: the list in words, as Excel takes it (at most 31 characters, none of []:*?/\). */
export function sheetNameOf(definition: ExportDefinition): string {
  const words = definition.what
    .replace(/^the /, '')
    .replace(/[[\]:*?/\\\s]+/g, ' ')
    .trim();
  return (words.charAt(0).toUpperCase() + words.slice(1)).slice(0, 31);
}

/** Cell values sent to the writing thread at a time. */
const ROWS_A_MESSAGE = 500;

/**
 * The export as an Excel workbook (.xlsx): one sheet of the list, its header row bold and frozen,
 * numbers as numbers, dates as dates shown dd/mm/yyyy, everything else as text (leading zeros kept,
 * nothing run as a formula). A workbook is a zip whose parts are written at the end, so the rows are
 * gathered first (on the renderer's thread, a page at a time as they are read): the CSV is the export
 * that streams.
 */
export async function exportXlsx(
  db: Db,
  definition: ExportDefinition,
  request: ExportRequest,
  { excelMaxRows }: ExportLimits,
  renderer: Renderer,
): Promise<Buffer> {
  const { columns } = definition;
  const widths = columns.map((column) => column.header.length);
  let count = 0;
  let page: unknown[][] = [];
  const job = renderer.job();
  for await (const cells of recordsOf(db, definition, request)) {
    if (++count > excelMaxRows) throw new HttpError(422, tooManyRows(excelMaxRows));
    cells.forEach((cell, index) => {
      widths[index] = Math.max(widths[index]!, ...cell.text.split('\n').map((line) => line.length));
    });
    page.push(cells.map((cell: Cell) => cell.value));
    if (page.length === ROWS_A_MESSAGE) {
      job.send({ type: 'rows', rows: page });
      page = [];
    }
  }
  job.send({ type: 'rows', rows: page });
  const layout = { sheet: sheetNameOf(definition), headers: columns.map((column) => column.header), widths };
  return await job.finish({ type: 'workbook', layout, formats: columns.map((column) => column.as ?? 'text') });
}
