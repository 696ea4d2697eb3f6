import * as yup from 'yup';
import { DetailsText, formatDate, optionalText, SelectField, TextAreaField } from 'shared';
import { CareDialog, StateFacts } from '../ui/CareDialog';
import {
  NOTE_LIMIT,
  PRAYER_STATES,
  prayerRequestKind,
  prayerRequestsApi,
  type Assignee,
  type PrayerRequest,
} from './api';
import { StateBadge } from './StateBadge';

const schema = yup.object({ note: optionalText('Note', { maxLength: NOTE_LIMIT }) });

interface Values {
  state: PrayerRequest['state'];
  assigneeId: string;
  note: string;
}

/**
 * A request's details, in a modal over the list: the request, when it came and its state (who
 * changed it, when). Who may write changes its state, the member it is assigned to and the staff's
 * note (never shown to the mobile app); a Guest User reads them.
 */
export function PrayerRequestDetails({
  request,
  assignees,
  onClose,
}: {
  request: PrayerRequest;
  assignees: Assignee[];
  onClose: () => void;
}) {
  const assignee = assignees.find((member) => member._id === request.assigneeId);

  return (
    <CareDialog<Values>
      title="Prayer request"
      onClose={onClose}
      facts={(canWrite) => (
        <>
          <dt>Request</dt>
          <DetailsText>{request.request}</DetailsText>
          <dt>Submitted</dt>
          <dd>{formatDate(request.createdAt)}</dd>
          <StateFacts
            canWrite={canWrite}
            badge={<StateBadge state={request.state} />}
            changedAt={request.stateChangedAt}
            changedBy={request.stateChangedBy}
          />
          {!canWrite && (
            <>
              <dt>Assigned to</dt>
              <dd>{assignee?.name ?? 'Nobody'}</dd>
              <dt>Note</dt>
              <DetailsText>{request.note || 'No note.'}</DetailsText>
            </>
          )}
        </>
      )}
      initialValues={{ state: request.state, assigneeId: assignee?._id ?? '', note: request.note }}
      schema={schema}
      write={(values, userId) =>
        prayerRequestsApi.care(userId, request._id, {
          state: values.state,
          note: values.note.trim(),
          assigneeId: values.assigneeId || null,
        })
      }
      toast={prayerRequestKind.toasts.updated}
    >
      <SelectField name="state" label="State" options={PRAYER_STATES} emptyOption={false} />
      <SelectField
        name="assigneeId"
        label="Assigned to"
        placeholder="Nobody"
        options={assignees.map((member) => ({ value: member._id, label: member.name }))}
      />
      <TextAreaField name="note" label="Note" rows={4} hint="For the team only: the mobile app never shows it." />
    </CareDialog>
  );
}
