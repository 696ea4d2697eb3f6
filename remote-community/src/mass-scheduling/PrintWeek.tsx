import { createPortal } from 'react-dom';
import { useSearchParams } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import {
  Button,
  ButtonLink,
  DownloadButton,
  formatDate,
  LoadFailed,
  LoadingBlock,
  PageHeader,
  Panel,
  useUserId,
} from 'shared';
import { useResource } from 'shared/data';
import { massIntentions, massIntentionsApi, type MassWeek } from './api';
import { byDay, isDay, mondayOf, today, weekdayOf, weekInWords } from './calendar';

const PRINTED_ID = 'mass-week-print';

/**
 * On paper only the printed copy of the sheet is, on A4: it is a child of the body of its own, so that
 * the shell (menu, header), the toasts and this screen with its buttons are left out, whatever they are.
 */
const PrintRules = createGlobalStyle`
  @media print {
    @page {
      size: A4;
      margin: 16mm 14mm;
    }
    html,
    body {
      background: #fff !important;
    }
    body > *:not(#${PRINTED_ID}) {
      display: none !important;
    }
  }
`;

/** The copy that prints: none on screen (the screen shows its preview). */
const Printed = styled.div`
  display: none;
  @media print {
    display: block;
  }
`;

/** On screen, the sheet as a preview of the page. */
const Preview = styled.div`
  overflow-x: auto;
  background: #e9eaee;
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => theme.space(4)};
  @media (max-width: 599px) {
    padding: ${({ theme }) => theme.space(2)};
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    font-weight: 600;
  }
  input {
    width: 18px;
    height: 18px;
  }
`;

const Sheet = styled.article<{ $large: boolean }>`
  box-sizing: border-box;
  max-width: 210mm;
  min-height: 297mm;
  margin: 0 auto;
  padding: 16mm 14mm;
  background: #fff;
  color: #000;
  font-family: Georgia, 'Times New Roman', serif;
  font-size: ${({ $large }) => ($large ? '16pt' : '11pt')};
  line-height: 1.4;
  box-shadow: 0 1px 6px rgba(0, 0, 0, 0.2);
  @media (max-width: 599px) {
    min-height: 0;
    padding: 6mm 5mm;
  }
  @media print {
    max-width: none;
    min-height: 0;
    box-shadow: none;
    padding: 0;
  }
  h2.title {
    margin: 0;
    padding: 0;
    border: 0;
    font-size: 1.6em;
  }
  .week {
    margin: 0.2em 0 1em;
    font-size: 1.05em;
  }
  h3.day {
    margin: 1.1em 0 0.3em;
    padding-bottom: 0.15em;
    border-bottom: 1px solid #000;
    font-size: 1.2em;
    break-after: avoid;
  }
  section.mass {
    margin: 0 0 0.8em;
    break-inside: avoid;
  }
  h4 {
    margin: 0.4em 0 0.2em;
    font-size: 1.05em;
  }
  ol {
    margin: 0;
    padding-left: 1.6em;
  }
  .asker {
    color: #333;
  }
  .none {
    margin: 0;
    font-style: italic;
    color: #444;
  }
`;

/** The sheet: the week's days, each Mass with its intentions numbered, for the priest and the bulletin. */
/** The week's Masses (one load for the preview, the printed copy and the Print button: one cache key). */
function useWeekMasses(week: string) {
  const userId = useUserId();
  return useResource(massIntentions.list({ userId, part: 'week', week }), (signal) =>
    massIntentionsApi.week(userId, week, signal),
  );
}

function WeekSheet({ week, large, label }: { week: string; large: boolean; label?: string }) {
  const masses = useWeekMasses(week);
  return (
    <Sheet $large={large} aria-label={label}>
      <h2 className="title">Mass intentions</h2>
      <p className="week">{weekInWords(week)}</p>
      {masses.error ? (
        <LoadFailed error={masses.error} retry={masses.reload} what="This week's Masses" />
      ) : !masses.data ? (
        <LoadingBlock />
      ) : (
        <Days week={masses.data} />
      )}
    </Sheet>
  );
}

function Days({ week }: { week: MassWeek }) {
  if (week.masses.length === 0) return <p className="none">No Masses this week.</p>;
  return byDay(week.masses).map(([day, ofDay]) => (
    <div key={day}>
      <h3 className="day">
        {weekdayOf(day)} {formatDate(day)}
      </h3>
      {ofDay.map((mass) => (
        <section className="mass" key={mass._id}>
          <h4>
            {mass.time} — {mass.place}
            {mass.title && ` — ${mass.title}`}
            {mass.celebrant && ` (${mass.celebrant})`}
          </h4>
          {mass.intentions.length === 0 ? (
            <p className="none">No intentions.</p>
          ) : (
            <ol>
              {mass.intentions.map((intention) => (
                <li key={intention._id}>
                  {intention.intention} <span className="asker">— requested by {intention.fullname}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  ));
}

/**
 * /mass-scheduling/print?week=YYYY-MM-DD: a week's Masses and their intentions as one clean A4 page,
 * previewed on screen and printed with the browser's own Print (Save as PDF where there is no
 * printer). Large print (`&large=1`) sets it in a larger type.
 */
export function PrintWeek() {
  const userId = useUserId();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('week');
  const week = mondayOf(isDay(asked) ? asked : today());
  const large = search.get('large') === '1';
  const loaded = useWeekMasses(week).data !== undefined;
  const setLarge = (on: boolean) => {
    const next = new URLSearchParams(search);
    if (on) next.set('large', '1');
    else next.delete('large');
    setSearch(next, { replace: true });
  };

  return (
    <Panel>
      <PrintRules />
      <PageHeader />
      <Controls>
        <ButtonLink variant="secondary" to={`/mass-scheduling?view=week&week=${week}`}>
          Back to the week
        </ButtonLink>
        <label>
          <input type="checkbox" checked={large} onChange={(event) => setLarge(event.currentTarget.checked)} />
          Large print
        </label>
        {/* Not before the week is in: the paper would show the loading or its failure. */}
        <Button onClick={() => window.print()} disabled={!loaded}>
          Print
        </Button>
        {/* The same sheet as a file, for a browser that cannot print (the server writes it). */}
        <DownloadButton
          url={`/masses/week/${userId}/pdf`}
          params={{ week, large: large ? '1' : undefined }}
          fileName={`mass-intentions-${week}.pdf`}
          label="Download PDF"
          busyLabel="Preparing the PDF…"
        />
      </Controls>
      <Preview>
        <WeekSheet week={week} large={large} label="Mass intentions of the week" />
      </Preview>
      {createPortal(
        <Printed id={PRINTED_ID}>
          <WeekSheet week={week} large={large} />
        </Printed>,
        document.body,
      )}
    </Panel>
  );
}
