import { Readable } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';
import type { Db } from '../db/database';
import type { ExportDefinition } from './definition';
import { recordsOf, type ExportRequest } from './records';

/** The records' cells as the screens show them. */
async function* textsOf(records: AsyncIterable<{ text: string }[]>): AsyncGenerator<string[]> {
  for await (const cells of records) yield cells.map((cell) => cell.text);
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
  const records = Readable.from(textsOf(recordsOf(db, definition, request)));
  records.on('error', (error) => csv.destroy(error));
  csv.on('close', () => records.destroy());
  records.pipe(csv);
  return csv;
}
