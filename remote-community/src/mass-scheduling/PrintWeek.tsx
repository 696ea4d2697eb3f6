import { createPortal } from 'react-dom';
import { useSearchParams } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { Button, ButtonLink, formatDate, LoadFailed, LoadingBlock, useUserId } from 'shared';
import { useResource } from 'shared/data';
import { massIntentions, massIntentionsApi, type Mass } from './api';
import { addDays, isDay, mondayOf, today, weekdayOf } from './calendar';

const SHEET_ID = 'mass-week-print';

/**
 * On paper only the sheet is printed, on A4: the shell (menu, header), the toasts and this view's own
 * buttons are not, whatever they are, since the sheet is a child of the body of its own.
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
    body > *:not(#${SHEET_ID}) {
      display: none !important;
    }
    #${SHEET_ID} {
      position: static !important;
      overflow: visible !important;
      background: #fff !important;
      padding: 0 !important;
    }
  }
`;

/** On screen, the sheet over the whole window as a preview of the page, its buttons above it. */
const Preview = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  overflow: auto;
  background: #e9eaee;
  padding: ${({ theme }) => theme.space(4)};
  @media print {
    .no-print {
      display: none !important;
    }
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 210mm;
  margin: 0 auto ${({ theme }) => theme.space(4)};
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
    padding: 8mm 6mm;
  }
  @media print {
    max-width: none;
    min-height: 0;
    box-shadow: none;
    padding: 0;
  }
  h1 {
    margin: 0;
    font-size: 1.6em;
  }
  .week {
    margin: 0.2em 0 1em;
    font-size: 1.05em;
  }
  h2 {
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
  h3 {
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

/** The day's Masses, in the order of the week. */
function byDay(masses: Mass[]): [string, Mass[]][] {
  const days = new Map<string, Mass[]>();
  for (const mass of masses) days.set(mass.date, [...(days.get(mass.date) ?? []), mass]);
  return [...days];
}

/**
 * /mass-scheduling/print?week=YYYY-MM-DD: a week's Masses and their intentions as one clean A4 page
 * for the priest and the bulletin, printed with the browser's own Print (Save as PDF where there is
 * no printer). Large print (`&large=1`) sets it in a larger type.
 */
export function PrintWeek() {
  const userId = useUserId();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('week');
  const week = mondayOf(isDay(asked) ? asked : today());
  const large = search.get('large') === '1';
  const masses = useResource(massIntentions.list({ userId, part: 'week', week }), (signal) =>
    massIntentionsApi.week(userId, week, signal),
  );
  const setLarge = (on: boolean) => {
    const next = new URLSearchParams(search);
    if (on) next.set('large', '1');
    else next.delete('large');
    setSearch(next, { replace: true });
  };

  return createPortal(
    <Preview id={SHEET_ID}>
      <PrintRules />
      <Controls className="no-print">
        <ButtonLink variant="secondary" to={`/mass-scheduling?view=week&week=${week}`}>
          Back to the week
        </ButtonLink>
        <label>
          <input type="checkbox" checked={large} onChange={(event) => setLarge(event.currentTarget.checked)} />
          Large print
        </label>
        <Button onClick={() => window.print()}>Print</Button>
      </Controls>
      <Sheet $large={large} aria-label="Mass intentions of the week">
        <h1>Mass intentions</h1>
        <p className="week">
          Week of {formatDate(week)} – {formatDate(addDays(week, 6))}
        </p>
        {masses.error ? (
          <LoadFailed error={masses.error} retry={masses.reload} what="This week's Masses" />
        ) : !masses.data ? (
          <LoadingBlock />
        ) : masses.data.masses.length === 0 ? (
          <p className="none">No Masses this week.</p>
        ) : (
          byDay(masses.data.masses).map(([day, ofDay]) => (
            <div key={day}>
              <h2>
                {weekdayOf(day)} {formatDate(day)}
              </h2>
              {ofDay.map((mass) => (
                <section className="mass" key={mass._id}>
                  <h3>
                    {mass.time} — {mass.place}
                    {mass.title && ` — ${mass.title}`}
                    {mass.celebrant && ` (${mass.celebrant})`}
                  </h3>
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
          ))
        )}
      </Sheet>
    </Preview>,
    document.body,
  );
}
