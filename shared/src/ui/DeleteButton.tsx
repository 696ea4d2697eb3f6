import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { WriteOnly } from '../session/permissions';
import { Button } from './Button';
import { ConfirmDialog } from './Modal';

interface ConfirmedDeleteProps {
  /** The spec's question, e.g. 'Are you sure you want to delete this book?'. */
  message: string;
  /** Runs after confirmation; a rejection keeps the dialog open (the client showed the toast). */
  onDelete: () => Promise<void>;
  /** What opens the question: a page's Delete button, a row's quiet Delete. */
  trigger: (ask: () => void) => ReactNode;
}

/**
 * Every delete of the back-office asks first, and is shown only to who may write (WriteOnly). Its
 * trigger is outlined; the one red, filled button is the dialog's, so nothing is destroyed by one click.
 */
export function ConfirmedDelete(props: ConfirmedDeleteProps) {
  return (
    <WriteOnly>
      <AskingFirst {...props} />
    </WriteOnly>
  );
}

function AskingFirst({ message, onDelete, trigger }: ConfirmedDeleteProps) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onDelete();
      setAsking(false);
    } catch {
      // The failure is already reported; the administrator may try again or cancel.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {trigger(() => setAsking(true))}
      {asking && (
        <ConfirmDialog
          message={message}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}

/** A destructive button before its confirmation: outlined, in the danger colour. */
const OutlinedDanger = styled(Button)`
  color: ${({ theme }) => theme.color.danger};
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.dangerSoft};
  }
`;

interface DeleteButtonProps {
  /** The button's text, e.g. 'Delete Book'. */
  label: string;
  /** The spec's question, e.g. 'Are you sure you want to delete this book?'. */
  confirmMessage: string;
  /** Runs after confirmation; a rejection keeps the dialog open (the client showed the toast). */
  onDelete: () => Promise<void>;
}

/** A page's delete (Delete Book, Delete all …): asks the spec's question first. */
export function DeleteButton({ label, confirmMessage, onDelete }: DeleteButtonProps) {
  return (
    <ConfirmedDelete
      message={confirmMessage}
      onDelete={onDelete}
      trigger={(ask) => (
        <OutlinedDanger variant="secondary" onClick={ask}>
          {label}
        </OutlinedDanger>
      )}
    />
  );
}
