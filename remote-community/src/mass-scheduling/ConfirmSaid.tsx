import { useState } from 'react';
import { Button, Modal, ModalActions } from 'shared';
import type { MassIntention } from './api';
import { hasBegun, massInWords } from './calendar';

/** Whether marking the intention Said is ahead of its Mass: placed in one that has not begun yet. */
export const saidAhead = (intention: MassIntention) =>
  intention.mass !== null && !hasBegun(intention.mass.date, intention.mass.time);

interface Asking {
  intention: MassIntention;
  answer: (yes: boolean) => void;
}

/**
 * "Mark Said" on an intention whose Mass is still to come asks first (a slip of the row would record a
 * Mass as said that was not): `confirmSaid` answers true at once for a Mass begun or over, else once
 * the question is answered; `dialog` is the question, to render while it is asked.
 */
export function useSaidConfirmation() {
  const [asking, setAsking] = useState<Asking>();
  const confirmSaid = (intention: MassIntention): Promise<boolean> =>
    saidAhead(intention)
      ? new Promise((resolve) =>
          setAsking({
            intention,
            answer: (yes) => {
              setAsking(undefined);
              resolve(yes);
            },
          }),
        )
      : Promise.resolve(true);
  const dialog = asking && <ConfirmSaid intention={asking.intention} onAnswer={asking.answer} />;
  return { confirmSaid, dialog };
}

function ConfirmSaid({ intention, onAnswer }: { intention: MassIntention; onAnswer: (yes: boolean) => void }) {
  return (
    <Modal title="Please confirm" onClose={() => onAnswer(false)}>
      <p>The Mass of this intention has not begun yet: {intention.mass ? massInWords(intention.mass) : ''}.</p>
      <p>Mark the intention of {intention.fullname} Said now, before its Mass?</p>
      <ModalActions>
        <Button variant="secondary" onClick={() => onAnswer(false)}>
          No
        </Button>
        <Button onClick={() => onAnswer(true)}>Yes, mark Said</Button>
      </ModalActions>
    </Modal>
  );
}
