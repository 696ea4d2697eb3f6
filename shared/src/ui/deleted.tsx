import { toast } from 'react-toastify';
import styled from 'styled-components';
import { callApi } from '../api/call';
import { trashEntryOf } from '../api/trashEntry';
import { notify } from '../notify/notify';
import { wantOverlays } from '../notify/overlaysWanted';
import { RowAction } from './RowActions';

/** How long a delete's toast offers its Undo. */
export const UNDO_MS = 10_000;

const Line = styled.span`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;

/**
 * Puts a trash entry back (Settings → Trash's Restore, a toast's Undo) and says so in the server's
 * words; a failure (the entry is gone, its place taken) was said by the client, and rejects.
 */
export async function restoreFromTrash(entry: string): Promise<void> {
  const answer = await callApi('post', '/api/v1/trash/{id}/restore', { params: { id: entry } });
  notify.success(answer.message);
}

/**
 * The spec's success toast of a delete (`answer` is the delete's). When the delete moved its records to
 * the trash, the toast offers Undo for 10 s: `undo` puts them back.
 */
export function notifyDeleted(message: string, answer: unknown, undo: (entry: string) => Promise<void>): void {
  const entry = trashEntryOf(answer);
  if (!entry) {
    notify.success(message);
    return;
  }
  wantOverlays();
  toast.success(
    ({ closeToast }) => (
      <Line>
        <span>{message}</span>
        <RowAction
          onClick={() => {
            closeToast();
            undo(entry).catch(() => undefined);
          }}
        >
          Undo
        </RowAction>
      </Line>
    ),
    { autoClose: UNDO_MS, closeOnClick: false },
  );
}
