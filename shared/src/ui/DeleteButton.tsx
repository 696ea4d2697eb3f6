import { useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { WriteOnly } from '../session/permissions';
import { Button } from './Button';
import { ConfirmDialog } from './Modal';

interface ConfirmedDeleteProps {
  /** The spec's question, e.g. 'Are you sure you want to delete this book?'. */
  message: string;
  /** Runs after confirmation; a rejection keeps the dialog open (the client showed the toast). */
  onDelete: () => Promise<void>;
  /** What opens the question: a page's Delete button, a row's Delete. */
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

/**
 * The one look of a destructive control before its confirmation, a page's Delete Book as a row's
 * Delete: outlined, in the danger colour (the filled red button is the dialog's).
 */
export const outlinedDangerCss = css`
  color: ${({ theme }) => theme.color.danger};
  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.color.danger};
    background: ${({ theme }) => theme.color.dangerSoft};
  }
`;

const OutlinedDanger = styled(Button)`
  ${outlinedDangerCss}
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
