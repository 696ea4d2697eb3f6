import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import * as yup from 'yup';
import {
  ButtonLink,
  DataTable,
  DateField,
  EmptyText,
  ExportButton,
  LoadFailed,
  LoadingBlock,
  PageHeader,
  Panel,
  RecordForm,
  type Column,
} from 'shared';
import type { IntentionsReport as Report, ReportMass } from './api';
import { massInWords } from './calendar';
import { IntentionState } from './IntentionState';
import { intentionsCount, periodInWords, periodQuery, useMoney, usePeriod, useReport, type Period } from './report';
import { ToolGroup, Toolbar } from '../ui/Toolbar';

/** The client's words for a period back to front: the server's. */
export const BACK_TO_FRONT = 'The period is back to front: From must be on or before To';

const schema = yup.object({
  from: yup.string().required('From is required'),
  to: yup
    .string()
    .required('To is required')
    .test('order', BACK_TO_FRONT, function (to) {
      const { from } = this.parent as Period;
      return !from || !to || from <= to;
    }),
});

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(6)};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.font.size.body};
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Amount = styled.span`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/** An intention's text is read whole: it wraps, never narrower than a few words a line. */
const Wrapped = styled.span`
  display: block;
  min-width: 12rem;
  @media (max-width: 599px) {
    min-width: 0;
  }
`;

type Intention = ReportMass['intentions'][number];
type StateRow = { state: string; count: number; stipends: string };

/**
 * /mass-scheduling/report?from=&to=: the intentions of a period, Mass by Mass, with who asked, state,
 * stipend and receipt; the stipends' totals by Mass, by state and for the period, in the parish's
 * currency. It prints (its print view) and exports (CSV, Excel) as the week does.
 */
export function IntentionsReportScreen() {
  const period = usePeriod();
  const navigate = useNavigate();
  const report = useReport(period);

  return (
    <>
      <PageHeader
        actions={
          <>
            <ButtonLink variant="secondary" to={`/mass-scheduling/report/print?${periodQuery(period)}`}>
              Print
            </ButtonLink>
            <ExportButton list="intentions-report" filters={{ ...period }} />
          </>
        }
      />
      <Panel>
        <Toolbar>
          <ToolGroup>
            <ButtonLink variant="secondary" to="/mass-scheduling">
              Back to Mass Scheduling
            </ButtonLink>
          </ToolGroup>
        </Toolbar>
        <RecordForm<Period>
          // A new period in the address starts the form from it (Back, a bookmark).
          formKey={periodQuery(period)}
          initialValues={period}
          validationSchema={schema}
          onSubmit={async (values) => {
            await navigate(`/mass-scheduling/report?${periodQuery(values)}`);
          }}
          label="Show"
        >
          <DateField name="from" label="From" />
          <DateField name="to" label="To" />
        </RecordForm>
        {report.error ? (
          <LoadFailed error={report.error} retry={report.reload} what="The intentions report" />
        ) : !report.data ? (
          <LoadingBlock />
        ) : (
          <ReportBody report={report.data} />
        )}
      </Panel>
    </>
  );
}

function ReportBody({ report }: { report: Report }) {
  const money = useMoney();
  const intentionColumns: Column<Intention>[] = [
    { header: 'Intention', cell: (row) => <Wrapped>{row.intention}</Wrapped> },
    { header: 'Requested By', cell: (row) => row.fullname },
    { header: 'State', fit: true, cell: (row) => <IntentionState state={row.state} /> },
    { header: 'Stipend', fit: true, cell: (row) => <Amount>{money(row.stipend)}</Amount> },
    { header: 'Receipt', fit: true, cell: (row) => row.receipt || '—' },
  ];
  const stateColumns: Column<StateRow>[] = [
    { header: 'State', cell: (row) => row.state },
    { header: 'Intentions', fit: true, cell: (row) => row.count },
    { header: 'Stipends', fit: true, cell: (row) => <Amount>{money(row.stipends)}</Amount> },
  ];
  const states: StateRow[] = [
    ...report.states,
    { state: 'Total for the period', count: report.count, stipends: report.stipends },
  ];

  return (
    <>
      <Section aria-label="Summary">
        <h2>{periodInWords(report)}</h2>
        <DataTable caption="By state" columns={stateColumns} rows={states} rowKey={(row) => row.state} />
      </Section>
      {report.masses.length === 0 ? (
        <Section>
          <EmptyText>No intentions in this period.</EmptyText>
        </Section>
      ) : (
        report.masses.map((mass) => (
          <Section key={mass._id} aria-label={massInWords(mass)}>
            <h2>
              {massInWords(mass)}
              {mass.celebrant && ` (${mass.celebrant})`}
            </h2>
            <DataTable
              caption={`Intentions of ${massInWords(mass)}`}
              columns={intentionColumns}
              rows={mass.intentions}
              rowKey={(row) => row._id}
            />
            <Muted>
              {intentionsCount(mass.intentions.length)} · Stipends: {money(mass.stipends)}
            </Muted>
          </Section>
        ))
      )}
    </>
  );
}
