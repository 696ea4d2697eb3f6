import { useState } from 'react';
import { WriteOnly } from '../session/permissions';
import { Button } from './Button';
import { ConfirmDialog } from './Modal';

interface DeleteButtonProps {
  /** The button's text, e.g. 'Delete Book'. */
  label: string;
  /** The spec's question, e.g. 'Are you sure you want to delete this book?'. */
  confirmMessage: string;
  /** Runs after confirmation; a rejection keeps the dialog open (the client showed the toast). */
  onDelete: () => Promise<void>;
}

/** A delete that asks first: every delete of the back-office, shown to who may write (WriteOnly). */
export function DeleteButton({ ...props }: DeleteButtonProps) {
  return (
    <WriteOnly>
      <AskingDeleteButton {...props} />
    </WriteOnly>
  );
}

function AskingDeleteButton({ label, confirmMessage, onDelete }: DeleteButtonProps) {
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
      <Button variant="danger" onClick={() => setAsking(true)}>
        {label}
      </Button>
      {asking && (
        <ConfirmDialog
          message={confirmMessage}
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
