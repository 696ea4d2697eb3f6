import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { stringify } from 'csv-stringify/sync';
import { bearerSecurity, requireAdmin } from '../auth/guard';
import { badRequest, HttpError } from '../http/errors';
import { errorResponses } from '../http/validation';
import type { CellFormat } from '../exports/definition';
import { cellWriter, isTimeZone, type Cell } from '../exports/records';
import { TIME_ZONE_MESSAGE } from '../exports/routes';
import { tooManyRows } from '../exports/xlsx';
import { parishNow, parishSettings, parishTimeZone } from '../parish/settings';
import { intentionsReport, ReportQuery, reportPeriod, type IntentionsReport } from './report';

// The intentions report (report.ts) as a file, as the lists export theirs (CSV and Excel, the
// same rules): a row per intention, Mass by Mass, then the totals — each Mass's, each state's and the
// period's — in the same columns, so that the file stays one table a spreadsheet reads.

const COLUMNS: { header: string; as: CellFormat }[] = [
  { header: 'Mass Date', as: 'day' },
  { header: 'Mass Time', as: 'text' },
  { header: 'Mass', as: 'text' },
  { header: 'Celebrant', as: 'text' },
  { header: 'Intention', as: 'text' },
  { header: 'Requested By', as: 'text' },
  { header: 'Email', as: 'text' },
  { header: 'State', as: 'text' },
  { header: 'Stipend', as: 'amount' },
  { header: 'Receipt', as: 'text' },
];

const plural = (count: number) => (count === 1 ? '1 intention' : `${count} intentions`);
const dayShown = (day: string) => day.split('-').reverse().join('/');

/** A Mass as the report names it: its title (when it has one) and place. */
const massName = (mass: { title: string; place: string }) => (mass.title ? `${mass.title}, ${mass.place}` : mass.place);

/** The headers, the stipend's naming the parish's currency. */
const headersOf = (currency: string) =>
  COLUMNS.map((column) => (column.header === 'Stipend' ? `Stipend (${currency})` : column.header));

/** The report's rows as cells: its intentions, a blank row, then its totals. */
export function reportRows(report: IntentionsReport, timeZone: string): Cell[][] {
  const write = cellWriter(timeZone);
  // An empty cell is none: a blank in the CSV, an empty cell in Excel.
  const row = (values: (string | null)[]) =>
    values.map((value, index) => write(value === '' ? null : value, COLUMNS[index]!.as));
  const total = (label: string, stipends: string) => row(['', '', label, '', '', '', '', '', stipends, '']);
  const rows = report.masses.flatMap((mass) =>
    mass.intentions.map((intention) =>
      row([
        mass.date,
        mass.time,
        massName(mass),
        mass.celebrant,
        intention.intention,
        intention.fullname,
        intention.email,
        intention.state,
        intention.stipend,
        intention.receipt,
      ]),
    ),
  );
  if (report.masses.length === 0) return rows;
  return [
    ...rows,
    row(Array<string>(COLUMNS.length).fill('')),
    ...report.masses.map((mass) =>
      total(
        `Total, ${dayShown(mass.date)} ${mass.time} ${massName(mass)} (${plural(mass.intentions.length)})`,
        mass.stipends,
      ),
    ),
    ...report.states.map((state) => total(`Total, ${state.state} (${plural(state.count)})`, state.stipends)),
    total(`Total for ${dayShown(report.from)} – ${dayShown(report.to)} (${plural(report.count)})`, report.stipends),
  ];
}

const FORMATS = {
  csv: {
    name: 'CSV',
    contentType: 'text/csv; charset=utf-8',
    description:
      'A CSV file (attachment), as the lists export: UTF-8 with a byte order mark, RFC 4180 quoting, dates as ' +
      "dd/mm/yyyy, formula-like cells prefixed with '. A row per intention, then the totals.",
  },
  xlsx: {
    name: 'an Excel workbook',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    description:
      'An Excel workbook (attachment) of one sheet, as the lists export: header row bold and frozen, dates as ' +
      'dates, stipends as numbers, every other cell as text. A row per intention, then the totals.',
  },
} as const;

/** `GET /export/intentions-report.csv` and `.xlsx`: the report of a period, for whoever reads the report. */
export function intentionsReportExports(app: FastifyInstance): void {
  for (const [extension, format] of Object.entries(FORMATS)) {
    app.get(
      `/export/intentions-report.${extension}`,
      {
        // One at a time per member, a few at once in all (heavy-work.ts).
        config: { heavyWork: true },
        onRequest: requireAdmin,
        schema: {
          tags: ['masses'],
          summary: `Export the intentions report of a period as ${format.name} (?from=&to=&tz=)`,
          description: format.description,
          security: bearerSecurity,
          querystring: Type.Object(
            {
              ...ReportQuery.properties,
              tz: Type.Optional(
                Type.String({
                  maxLength: 64,
                  title: 'tz',
                  description: "The time zone of the file's date in its name; the parish's by default",
                }),
              ),
            },
            { additionalProperties: false },
          ),
          response: {
            200: {
              description: `The ${extension.toUpperCase()} file`,
              content: {
                [format.contentType.split(';')[0]!]: {
                  schema: Type.String({
                    description: `The ${extension.toUpperCase()} file`,
                    ...(extension === 'xlsx' ? { format: 'binary' } : {}),
                  }),
                },
              },
            },
            ...errorResponses(400, 401, 403, ...(extension === 'xlsx' ? [422] : []), 429),
          },
        },
      },
      async (request, reply) => {
        const query = request.query as ReportQuery & { tz?: string };
        const timeZone = query.tz ?? (await parishTimeZone(app.db));
        if (!isTimeZone(timeZone)) throw badRequest(TIME_ZONE_MESSAGE);
        const { from, to } = reportPeriod(query, (await parishNow(app.db)).date);
        const report = await intentionsReport(app.db, from, to);
        const headers = headersOf((await parishSettings(app.db)).currency);
        const rows = reportRows(report, timeZone);
        reply
          .header('content-type', format.contentType)
          .header('content-disposition', `attachment; filename="intentions-report-${from}-${to}.${extension}"`)
          .header('cache-control', 'no-store');
        if (extension === 'csv') {
          return reply.send(
            stringify([headers, ...rows.map((cells) => cells.map((cell) => cell.text))], {
              bom: true,
              record_delimiter: 'windows',
              escape_formulas: true,
            }),
          );
        }
        const most = app.config.excelExportMaxRows;
        if (rows.length > most) throw new HttpError(422, tooManyRows(most));
        const widths = headers.map((header, index) =>
          Math.max(header.length, ...rows.map((cells) => cells[index]!.text.length)),
        );
        const job = request.renderer!.job();
        job.send({ type: 'rows', rows: rows.map((cells) => cells.map((cell) => cell.value)) });
        const layout = { sheet: 'Intentions report', headers, widths };
        return reply.send(await job.finish({ type: 'workbook', layout, formats: COLUMNS.map((column) => column.as) }));
      },
    );
  }
}
