import writeExcelFile, { type Cell as SheetCell, type Row as SheetRow } from 'write-excel-file/node';
import type { Db } from '../db/database';
import type { CellFormat, ExportDefinition } from './definition';
import { HttpError } from '../http/errors';
import { recordsOf, type Cell, type ExportLimits, type ExportRequest } from './records';

/** A column's width in characters: its longest text, within reason. */
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

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

function sheetCell(cell: Cell, as: CellFormat): SheetCell {
  if (cell.value === undefined) return null;
  // Shown as the screens and the CSV write it.
  if (cell.value instanceof Date) {
    return { value: cell.value, type: Date, format: as === 'time' ? 'dd/mm/yyyy hh:mm' : 'dd/mm/yyyy' };
  }
  if (typeof cell.value === 'number') {
    return { value: cell.value, type: Number, ...(as === 'amount' ? { format: '#,##0.00' } : {}) };
  }
  // Text stays text: a spreadsheet never reads '0012345678' as a number nor '=1+1' as a formula.
  return { value: cell.value, type: String };
}

/**
 * The export as an Excel workbook (.xlsx): one sheet of the list, its header row bold and frozen,
 * numbers as numbers, dates as dates shown dd/mm/yyyy, everything else as text (leading zeros kept,
 * nothing run as a formula). A workbook is a zip whose parts are written at the end, so the rows are
 * gathered first: the CSV is the export that streams.
 */
export async function exportXlsx(
  db: Db,
  definition: ExportDefinition,
  request: ExportRequest,
  { excelMaxRows }: ExportLimits,
): Promise<Buffer> {
  const { columns } = definition;
  const widths = columns.map((column) => column.header.length);
  const rows: SheetRow[] = [columns.map((column) => ({ value: column.header, type: String, fontWeight: 'bold' }))];
  for await (const cells of recordsOf(db, definition, request)) {
    if (rows.length > excelMaxRows) throw new HttpError(422, tooManyRows(excelMaxRows));
    cells.forEach((cell, index) => {
      widths[index] = Math.max(widths[index]!, ...cell.text.split('\n').map((line) => line.length));
    });
    rows.push(cells.map((cell, index) => sheetCell(cell, columns[index]!.as ?? 'text')));
  }
  return await writeExcelFile(rows, {
    sheet: sheetNameOf(definition),
    stickyRowsCount: 1,
    columns: widths.map((width) => ({ width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width + 2)) })),
  }).toBuffer();
}
