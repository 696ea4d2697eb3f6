import { useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { useWriteAccess } from '../session/permissions';
import { useUnsavedInput } from '../session/unsavedInput';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { EmptyText, PageHeader, Panel } from '../ui/layout';
import { ModalActions } from '../ui/Modal';
import { FormActions } from './FormLayout';
import { returnTo } from '../navigation/listReturn';

interface FormPageProps {
  /** Where Back goes. */
  backTo: string;
  /** Navigation state handed to the Back target, if it needs one. */
  backState?: unknown;
  children: ReactNode;
  /** A section after the form (a record's History): shown also to a role that may not write here. */
  below?: ReactNode;
}

/**
 * An add or edit page: the panel and a header holding only Back (the shell's header already names
 * the screen), then the form.
 */
export function FormPage({ backTo, backState, children, below }: FormPageProps) {
  // An add or edit page opened by a member whose role may not write here (a Guest User, by its URL):
  // no form to fill in vain, but why.
  const refused = useWriteAccess() === 'refused';
  return (
    <>
      <PageHeader
        actions={
          <ButtonLink variant="secondary" to={returnTo(backTo)} state={backState}>
            Back
          </ButtonLink>
        }
      />
      <Panel>
        {refused ? <EmptyText>{NOT_YOURS_TO_CHANGE}</EmptyText> : children}
        {below}
      </Panel>
    </>
  );
}

const NOT_YOURS_TO_CHANGE = 'Your role cannot make changes here. An Admin can change it in Settings → Team.';

interface FormButtonsProps {
  /** The form is being submitted: the submit button shows a spinner and is disabled. */
  busy: boolean;
  /** The submit button's text. */
  label?: ReactNode;
  /** Given, the form is in a modal: Cancel (calling it) beside the submit button, at the modal's foot. */
  onCancel?: () => void;
}

/** The foot of a form (inside its Formik): on a page one submit button; in a modal Cancel and the submit button. */
export function FormButtons({ busy, label = 'Save', onCancel }: FormButtonsProps) {
  // Every form of the apps ends with these buttons: while it is changed or being saved, the page holds
  // unsaved input, and a session that ends is renewed over it instead of losing it.
  const form = useFormikContext<unknown>();
  useUnsavedInput(Boolean(form && (form.dirty || form.isSubmitting)));
  const submit = (
    <Button type="submit" busy={busy}>
      {label}
    </Button>
  );
  if (!onCancel) return <FormActions>{submit}</FormActions>;
  return (
    <ModalActions>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      {submit}
    </ModalActions>
  );
}
