import * as yup from 'yup';
import { DetailsText, formatDate, optionalText, SelectField, TextField } from 'shared';
import { CareDialog, StateFacts } from '../ui/CareDialog';
import { INTENTION_STATES, LIMITS, massIntentionKind, massIntentionsApi, type MassIntention } from './api';
import { massInWords } from './calendar';
import { useSaidConfirmation } from './ConfirmSaid';
import { IntentionState } from './IntentionState';

/** An amount as the server takes it: whole, or with one or two decimals. */
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

const schema = yup.object({
  stipend: yup
    .string()
    .trim()
    .test('amount', 'Stipend must be an amount, like 20 or 20.50', (value) => !value || AMOUNT.test(value)),
  receipt: optionalText('Receipt number', { maxLength: LIMITS.receipt }),
});

interface Values {
  state: MassIntention['state'];
  stipend: string;
  receipt: string;
}

/** The fields the form changed, as the server takes them (a stipend left empty is none). */
function changesOf(intention: MassIntention, values: Values) {
  const stipend = values.stipend.trim() || null;
  const receipt = values.receipt.trim();
  return {
    ...(values.state !== intention.state ? { state: values.state } : {}),
    ...(stipend !== intention.stipend ? { stipend } : {}),
    ...(receipt !== intention.receipt ? { receipt } : {}),
  };
}

/**
 * An intention's details, in a modal over the list: who asked, for what, its state (who changed it,
 * when) and its Mass. Who may write changes its state (Requested takes it out of its Mass; Scheduled is
 * reached by placing it), its stipend and receipt number; a Guest User reads them.
 */
export function IntentionDetails({ intention, onClose }: { intention: MassIntention; onClose: () => void }) {
  const { confirmSaid, dialog } = useSaidConfirmation();
  // Scheduled is offered only to the intention that is (the others are placed from the list), and Said
  // only to one placed in a Mass.
  const placed = intention.state === 'Scheduled' || intention.state === 'Said';
  const states = INTENTION_STATES.filter(
    (state) => (state !== 'Scheduled' || intention.state === 'Scheduled') && (state !== 'Said' || placed),
  );

  return (
    <CareDialog<Values>
      title="Mass intention"
      onClose={onClose}
      facts={(canWrite) => (
        <>
          <dt>Full name</dt>
          <dd>{intention.fullname}</dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${intention.email}`}>{intention.email}</a>
          </dd>
          <dt>Intention</dt>
          <DetailsText>{intention.intention}</DetailsText>
          <dt>Submitted</dt>
          <dd>{formatDate(intention.createdAt)}</dd>
          <StateFacts
            canWrite={canWrite}
            badge={<IntentionState state={intention.state} />}
            changedAt={intention.stateChangedAt}
            changedBy={intention.stateChangedBy}
          />
          <dt>Mass</dt>
          <dd>{intention.mass ? massInWords(intention.mass) : 'Not placed'}</dd>
          {!canWrite && (
            <>
              <dt>Stipend</dt>
              <dd>{intention.stipend ?? 'None'}</dd>
              <dt>Receipt number</dt>
              <dd>{intention.receipt || 'None'}</dd>
            </>
          )}
        </>
      )}
      initialValues={{ state: intention.state, stipend: intention.stipend ?? '', receipt: intention.receipt }}
      schema={schema}
      // Only what changed is sent: the activity record says what was done, not what was left as it was.
      write={(values, userId) => massIntentionsApi.care(userId, intention._id, changesOf(intention, values))}
      toast={massIntentionKind.toasts.updated}
      // Said chosen here is the list's Mark Said: ahead of its Mass, it asks first; No keeps the form as it is.
      confirm={async (values) => values.state !== 'Said' || intention.state === 'Said' || confirmSaid(intention)}
      after={dialog}
    >
      <SelectField name="state" label="State" options={states} emptyOption={false} />
      <TextField name="stipend" label="Stipend" hint="An amount, like 20 or 20.50" />
      <TextField name="receipt" label="Receipt number" />
    </CareDialog>
  );
}
