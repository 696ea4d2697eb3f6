import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { Button, ButtonLink, LoadFailed, LoadingBlock, PageHeader, Panel } from 'shared';
import type { IntentionsReport } from './api';
import { massInWords } from './calendar';
import { Controls, Preview, Printed, PrintRules, Sheet } from './printSheet';
import { intentionsCount, periodInWords, periodQuery, useMoney, usePeriod, useReport, type Period } from './report';

const PRINTED_ID = 'intentions-report-print';

/** The week's sheet, with the report's tables: ruled, amounts to the right, a total row in bold. */
const ReportSheet = styled(Sheet)`
  table {
    width: 100%;
    border-collapse: collapse;
    margin: 0.3em 0 0.2em;
    font-size: 0.95em;
  }
  th,
  td {
    padding: 0.2em 0.4em;
    border-bottom: 1px solid #999;
    text-align: left;
    vertical-align: top;
  }
  /* The texts wrap within their column, a long name too; the other cells keep their words whole. */
  .text {
    overflow-wrap: anywhere;
  }
  .asker {
    display: block;
  }
  th {
    border-bottom: 1px solid #000;
  }
  .amount {
    text-align: right;
    white-space: nowrap;
  }
  tfoot td {
    font-weight: bold;
    border-bottom: 0;
  }
  h3.day {
    break-after: avoid;
  }
`;

/** The sheet: the period's Masses, each with its intentions and their stipends, then the totals by state. */
function ReportSheetOf({ period, label }: { period: Period; label?: string }) {
  const report = useReport(period);
  return (
    <ReportSheet $large={false} aria-label={label}>
      <h2 className="title">Mass intentions report</h2>
      <p className="week">{periodInWords(period)}</p>
      {report.error ? (
        <LoadFailed error={report.error} retry={report.reload} what="The intentions report" />
      ) : !report.data ? (
        <LoadingBlock />
      ) : (
        <Contents report={report.data} />
      )}
    </ReportSheet>
  );
}

function Contents({ report }: { report: IntentionsReport }) {
  const money = useMoney();
  return (
    <>
      {report.masses.length === 0 && <p className="none">No intentions in this period.</p>}
      {report.masses.map((mass) => (
        <section className="mass" key={mass._id}>
          <h4>
            {massInWords(mass)}
            {mass.celebrant && ` (${mass.celebrant})`}
          </h4>
          <table>
            <thead>
              <tr>
                <th>Intention</th>
                <th>State</th>
                <th className="amount">Stipend</th>
                <th>Receipt</th>
              </tr>
            </thead>
            <tbody>
              {mass.intentions.map((intention) => (
                <tr key={intention._id}>
                  <td className="text">
                    {intention.intention} <span className="asker">— requested by {intention.fullname}</span>
                  </td>
                  <td>{intention.state}</td>
                  <td className="amount">{money(intention.stipend)}</td>
                  <td>{intention.receipt || '—'}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={2}>Total, {intentionsCount(mass.intentions.length)}</td>
                <td className="amount">{money(mass.stipends)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </section>
      ))}
      <h3 className="day">Summary</h3>
      <table>
        <thead>
          <tr>
            <th>State</th>
            <th className="amount">Intentions</th>
            <th className="amount">Stipends</th>
          </tr>
        </thead>
        <tbody>
          {report.states.map((state) => (
            <tr key={state.state}>
              <td>{state.state}</td>
              <td className="amount">{state.count}</td>
              <td className="amount">{money(state.stipends)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>Total for the period</td>
            <td className="amount">{report.count}</td>
            <td className="amount">{money(report.stipends)}</td>
          </tr>
        </tfoot>
      </table>
    </>
  );
}

/**
 * /mass-scheduling/report/print?from=&to=: the intentions report as one clean A4 document, previewed on
 * screen and printed with the browser's own Print, laid out as the week's print view.
 */
export function PrintReport() {
  const period = usePeriod();
  const loaded = useReport(period).data !== undefined;

  return (
    <>
      <PageHeader />
      <Panel>
        <PrintRules $printed={PRINTED_ID} />
        <Controls>
          <ButtonLink variant="secondary" to={`/mass-scheduling/report?${periodQuery(period)}`}>
            Back to the report
          </ButtonLink>
          {/* Not before the report is in: the paper would show the loading or its failure. */}
          <Button onClick={() => window.print()} disabled={!loaded}>
            Print
          </Button>
        </Controls>
        <Preview>
          <ReportSheetOf period={period} label="Mass intentions report" />
        </Preview>
        {createPortal(
          <Printed id={PRINTED_ID}>
            <ReportSheetOf period={period} />
          </Printed>,
          document.body,
        )}
      </Panel>
    </>
  );
}
