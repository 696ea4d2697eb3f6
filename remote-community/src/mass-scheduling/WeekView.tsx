import { useState } from 'react';
import styled from 'styled-components';
import {
  allows,
  Button,
  ButtonLink,
  EmptyText,
  formatDate,
  LoadFailed,
  LoadingBlock,
  RowAction,
  totalAmount,
  usePermissions,
  useUserId,
} from 'shared';
import { useResource } from 'shared/data';
import { massIntentions, massIntentionsApi, type Mass } from './api';
import { addDays, byDay, massInWords, today, weekdayOf, weekInWords } from './calendar';
import { IntentionState } from './IntentionState';
import { MassForm, RegularMasses } from './MassForms';
import { ToolGroup, Toolbar } from '../ui/Toolbar';
import { Stipend, StipendTotal } from './Stipend';

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.body};
`;

const Day = styled.section`
  margin-bottom: ${({ theme }) => theme.space(5)};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.body};
  }
`;

const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(280px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
`;

const Card = styled.article<{ $past: boolean }>`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => theme.space(3)};
  background: ${({ theme, $past }) => ($past ? theme.color.page : theme.color.surface)};
  header {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
  }
  h4 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.size.body};
    overflow-wrap: anywhere;
  }
  ol {
    margin: ${({ theme }) => theme.space(2)} 0 0;
    padding-left: ${({ theme }) => theme.space(5)};
  }
  li {
    margin-bottom: ${({ theme }) => theme.space(1)};
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/**
 * The week view: each Mass of a week (Monday to Sunday) with the intentions placed in it, the week
 * kept in the address (`?week=`), the previous and next weeks one click away; Print opens the print
 * view of the same week. Who may write adds a one-off Mass, edits or moves one, and manages the
 * regular Masses (which every role can read).
 */
export function WeekView({ week, onWeek }: { week: string; onWeek: (week: string) => void }) {
  const userId = useUserId();
  const canWrite = allows(usePermissions(), 'content');
  const [editing, setEditing] = useState<Mass | 'new'>();
  const [regular, setRegular] = useState(false);
  const masses = useResource(massIntentions.list({ userId, part: 'week', week }), (signal) =>
    massIntentionsApi.week(userId, week, signal),
  );

  return (
    <>
      <Toolbar>
        <ToolGroup>
          <ToolGroup role="group" aria-label="Week">
            <Button variant="secondary" onClick={() => onWeek(addDays(week, -7))} aria-label="Previous week">
              ‹
            </Button>
            <Button variant="secondary" onClick={() => onWeek(today())}>
              This week
            </Button>
            <Button variant="secondary" onClick={() => onWeek(addDays(week, 7))} aria-label="Next week">
              ›
            </Button>
          </ToolGroup>
          <Title>{weekInWords(week)}</Title>
        </ToolGroup>
        <ToolGroup>
          <ButtonLink variant="secondary" to={`/mass-scheduling/print?week=${week}`}>
            Print
          </ButtonLink>
          <Button variant="secondary" onClick={() => setRegular(true)}>
            Regular Masses
          </Button>
          {canWrite && <Button onClick={() => setEditing('new')}>Add Mass</Button>}
        </ToolGroup>
      </Toolbar>
      {masses.error ? (
        <LoadFailed error={masses.error} retry={masses.reload} what="This week's Masses" />
      ) : !masses.data ? (
        <LoadingBlock />
      ) : masses.data.masses.length === 0 ? (
        <EmptyText>No Masses this week. Add the regular Masses, or a one-off Mass.</EmptyText>
      ) : (
        byDay(masses.data.masses).map(([day, ofDay]) => (
          <Day key={day} aria-label={`${weekdayOf(day)} ${formatDate(day)}`}>
            <h3>
              {weekdayOf(day)} {formatDate(day)}
            </h3>
            <Cards>
              {ofDay.map((mass) => (
                <Card key={mass._id} $past={mass.past} aria-label={massInWords(mass)}>
                  <header>
                    <h4>
                      {mass.time} · {mass.place}
                      {mass.title && ` · ${mass.title}`}
                    </h4>
                    {canWrite && (
                      <RowAction onClick={() => setEditing(mass)} aria-label={`Edit ${massInWords(mass)}`}>
                        Edit
                      </RowAction>
                    )}
                  </header>
                  <Muted>
                    {mass.celebrant && `${mass.celebrant} · `}
                    {mass.intentions.length} of {mass.cap} intentions
                    {mass.past && ' · begun or over'}
                    {mass.intentions.some((intention) => intention.stipend) && (
                      <>
                        {' · stipends '}
                        <Stipend amount={totalAmount(mass.intentions.map((intention) => intention.stipend))} />
                      </>
                    )}
                  </Muted>
                  {mass.intentions.length > 0 && (
                    <ol>
                      {mass.intentions.map((intention) => (
                        <li key={intention._id}>
                          {intention.intention} <Muted as="span">— {intention.fullname}</Muted>{' '}
                          {intention.stipend && (
                            <Muted as="span">
                              · <Stipend amount={intention.stipend} />
                            </Muted>
                          )}{' '}
                          {intention.state === 'Said' && <IntentionState state="Said" />}
                        </li>
                      ))}
                    </ol>
                  )}
                </Card>
              ))}
            </Cards>
          </Day>
        ))
      )}
      {masses.data && masses.data.masses.length > 0 && (
        <StipendTotal
          label="Stipends this week"
          amounts={masses.data.masses.flatMap((mass) => mass.intentions.map((intention) => intention.stipend))}
        />
      )}
      {editing && (
        <MassForm
          mass={editing === 'new' ? undefined : editing}
          day={today() >= week && today() <= addDays(week, 6) ? today() : week}
          onClose={() => setEditing(undefined)}
        />
      )}
      {regular && <RegularMasses canWrite={canWrite} onClose={() => setRegular(false)} />}
    </>
  );
}
