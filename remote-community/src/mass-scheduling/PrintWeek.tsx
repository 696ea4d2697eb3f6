import { createPortal } from 'react-dom';
import { useSearchParams } from 'react-router-dom';
import {
  Button,
  ButtonLink,
  DownloadButton,
  formatDate,
  LoadFailed,
  LoadingBlock,
  PageHeader,
  Panel,
  useParish,
  useUserId,
} from 'shared';
import { useResource } from 'shared/data';
import { massIntentions, massIntentionsApi, type MassWeek } from './api';
import { byDay, isDay, today, weekdayOf, weekInWords, weekStartOf } from './calendar';
import { Controls, Preview, Printed, PrintRules, Sheet } from './printSheet';

const PRINTED_ID = 'mass-week-print';

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
  const parish = useParish();
  return (
    <Sheet $large={large} aria-label={label}>
      {parish.name && <p className="week">{parish.name}</p>}
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
  const { weekStart } = useParish();
  const week = weekStartOf(isDay(asked) ? asked : today(), weekStart);
  const large = search.get('large') === '1';
  const loaded = useWeekMasses(week).data !== undefined;
  const setLarge = (on: boolean) => {
    const next = new URLSearchParams(search);
    if (on) next.set('large', '1');
    else next.delete('large');
    setSearch(next, { replace: true });
  };

  return (
    <>
      <PageHeader />
      <Panel>
        <PrintRules $printed={PRINTED_ID} />
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
    </>
  );
}
