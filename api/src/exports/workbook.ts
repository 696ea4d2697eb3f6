import writeExcelFile, { type Cell as SheetCell, type Row as SheetRow } from 'write-excel-file/node';
import type { CellFormat } from './definition';
import type { WorkbookLayout } from './render-protocol';

// The writing of an Excel workbook, on a renderer thread (render-worker.ts): it takes seconds for
// 20,000 rows. xlsx.ts reads the rows and sends their values here.

/** A column's width in characters: its longest text, within reason. */
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

function sheetCell(value: unknown, as: CellFormat): SheetCell {
  if (value === undefined || value === null) return null;
  // Shown as the screens and the CSV write it.
  if (value instanceof Date) {
    return { value, type: Date, format: as === 'time' ? 'dd/mm/yyyy hh:mm' : 'dd/mm/yyyy' };
  }
  if (typeof value === 'number') {
    return { value, type: Number, ...(as === 'amount' ? { format: '#,##0.00' } : {}) };
  }
  // Text stays text: a spreadsheet never reads '0012345678' as a number nor '=1+1' as a formula.
  return { value: String(value), type: String };
}

/** The workbook of rows of cell values, with its header row bold and frozen. */
export async function writeWorkbook(
  values: unknown[][],
  formats: CellFormat[],
  layout: WorkbookLayout,
): Promise<Buffer> {
  const rows: SheetRow[] = [layout.headers.map((header) => ({ value: header, type: String, fontWeight: 'bold' }))];
  for (const row of values) rows.push(row.map((value, index) => sheetCell(value, formats[index] ?? 'text')));
  return await writeExcelFile(rows, {
    sheet: layout.sheet,
    stickyRowsCount: 1,
    columns: layout.widths.map((width) => ({ width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width + 2)) })),
  }).toBuffer();
}
