import { useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  EmptyText,
  formatDate,
  LoadFailed,
  LoadingBlock,
  Modal,
  ModalActions,
  notify,
  useUserId,
  useParish,
} from 'shared';
import { useResource } from 'shared/data';
import { massIntentions, massIntentionsApi, type Mass, type MassIntention } from './api';
import { addDays, today, weekdayOf, weekInWords, weekStartOf } from './calendar';

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  overflow-wrap: anywhere;
`;

/** The week's name between its previous and next: one row, the name wrapping between them on a phone. */
const WeekBar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
  font-weight: 600;
  span {
    flex: 1;
    text-align: center;
  }
`;

const Choices = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  label {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: baseline;
    padding: ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius};
  }
  label[data-disabled='true'] {
    color: ${({ theme }) => theme.color.muted};
  }
`;

const Room = styled.span`
  margin-left: auto;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.color.muted};
`;

/** Why a Mass takes no more intentions, or how many places are left. */
function roomOf(mass: Mass): { open: boolean; words: string } {
  if (mass.past) return { open: false, words: 'Begun or over' };
  const left = mass.cap - mass.intentions.length;
  if (left <= 0) return { open: false, words: 'Full' };
  return { open: true, words: `${mass.intentions.length} of ${mass.cap} placed` };
}

/**
 * Places one Requested intention in a Mass: the next free one in one click, or one chosen from a week
 * (previous and next weeks one click away); full Masses and those begun are shown, not chosen.
 */
export function PlaceIntention({ intention, onClose }: { intention: MassIntention; onClose: () => void }) {
  const userId = useUserId();
  const { weekStart } = useParish();
  const [week, setShownWeek] = useState(() => weekStartOf(today(), weekStart));
  const [chosen, setChosen] = useState('');
  // A Mass chosen in one week is not placed from another: the choice goes with the week it was made in.
  const setWeek = (day: string) => {
    setShownWeek(day);
    setChosen('');
  };
  const [busy, setBusy] = useState(false);
  const masses = useResource(massIntentions.list({ userId, part: 'week', week }), (signal) =>
    massIntentionsApi.week(userId, week, signal),
  );

  const place = async (massId: string) => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await massIntentionsApi.place(userId, intention._id, massId);
      notify.success(answer.message);
      onClose();
    } catch {
      // The client showed the server's words ('This Mass is full: …'); the choice stays.
      setBusy(false);
    }
  };

  return (
    <Modal title="Place intention" onClose={onClose}>
      <Lead>
        <strong>{intention.fullname}</strong>: {intention.intention}
      </Lead>
      <Button onClick={() => void place('next')} disabled={busy}>
        Next free Mass
      </Button>
      <WeekBar>
        <Button variant="ghost" onClick={() => setWeek(addDays(week, -7))} aria-label="Previous week">
          ‹
        </Button>
        <span>{weekInWords(week)}</span>
        <Button variant="ghost" onClick={() => setWeek(addDays(week, 7))} aria-label="Next week">
          ›
        </Button>
      </WeekBar>
      {masses.error ? (
        <LoadFailed error={masses.error} retry={masses.reload} what="This week's Masses" />
      ) : !masses.data ? (
        <LoadingBlock />
      ) : masses.data.masses.length === 0 ? (
        <EmptyText>No Masses this week.</EmptyText>
      ) : (
        <Choices aria-label="Or choose a Mass">
          {masses.data.masses.map((mass) => {
            const room = roomOf(mass);
            return (
              <label key={mass._id} data-disabled={!room.open}>
                <input
                  type="radio"
                  name="mass"
                  value={mass._id}
                  disabled={!room.open}
                  checked={chosen === mass._id}
                  onChange={() => setChosen(mass._id)}
                />
                <span>
                  {weekdayOf(mass.date)} {formatDate(mass.date)} {mass.time}, {mass.place}
                  {mass.title && ` (${mass.title})`}
                </span>
                <Room>{room.words}</Room>
              </label>
            );
          })}
        </Choices>
      )}
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void place(chosen)} disabled={!chosen || busy} busy={busy}>
          Place
        </Button>
      </ModalActions>
    </Modal>
  );
}
