import type { FormikValues } from 'formik';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { allows, DetailsList, formatDateTime, Modal, ModalCloseActions, RecordForm, usePermissions } from 'shared';
import { useSave } from 'shared/data';

const Facts = styled(DetailsList)`
  margin-bottom: ${({ theme }) => theme.space(5)};
`;

/**
 * A submission's details in a modal over its list (a Mass intention, a prayer request): its facts,
 * then for who may write the form that cares for it — saved with `write`, the spec's toast, then
 * closed — or for a reader, Close.
 */
export function CareDialog<Values extends FormikValues>({
  title,
  facts,
  initialValues,
  schema,
  write,
  toast,
  confirm,
  onClose,
  children,
  after,
}: {
  title: string;
  /** The facts' rows (`dt`, `dd`), for who may write or for a reader. */
  facts: (canWrite: boolean) => ReactNode;
  initialValues: Values;
  schema: unknown;
  write: (values: Values, userId: string) => Promise<unknown>;
  toast: string;
  /** Asked before the save: false keeps the form as it is. */
  confirm?: (values: Values) => Promise<boolean>;
  onClose: () => void;
  /** The form's fields. */
  children: ReactNode;
  /** Beside the form (a confirmation it opens). */
  after?: ReactNode;
}) {
  const canWrite = allows(usePermissions(), 'content');
  const save = useSave<Values>({ write, toast, then: onClose });
  const submit: typeof save = async (values, helpers) => {
    if (confirm && !(await confirm(values))) return;
    await save(values, helpers);
  };
  return (
    <Modal title={title} onClose={onClose}>
      <Facts>{facts(canWrite)}</Facts>
      {canWrite ? (
        <RecordForm<Values>
          initialValues={initialValues}
          validationSchema={schema}
          onSubmit={submit}
          label="Save"
          onCancel={onClose}
        >
          {children}
        </RecordForm>
      ) : (
        <ModalCloseActions onClose={onClose} />
      )}
      {after}
    </Modal>
  );
}

/**
 * A submission's state among its facts. Who may write reads the state in the form's field: here only
 * who last changed it and when. A reader sees the state too.
 */
export function StateFacts({
  canWrite,
  badge,
  changedAt,
  changedBy,
}: {
  canWrite: boolean;
  /** The state as its list shows it. */
  badge: ReactNode;
  changedAt: string | null;
  changedBy: string | null;
}) {
  const changed = changedAt && `${changedBy ? `by ${changedBy}, ` : ''}${formatDateTime(changedAt)}`;
  if (canWrite) {
    if (!changed) return null;
    return (
      <>
        <dt>Last changed</dt>
        <dd>{changed}</dd>
      </>
    );
  }
  return (
    <>
      <dt>State</dt>
      <dd>
        {badge}
        {changed && ` ${changed}`}
      </dd>
    </>
  );
}
