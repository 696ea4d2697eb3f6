import type { FieldSpec, FormDefinition, FormValuesOf } from 'shared';
import { ControlledForm, useRecordController, type RecordKind } from 'shared/data';

interface ListFormOf<T extends { _id: string }, Fields extends readonly FieldSpec[]> {
  kind: RecordKind<T, FormValuesOf<Fields>>;
  form: FormDefinition<Fields>;
  /** The add page's submit button (the modal's is Save). */
  addLabel: string;
}

/**
 * The form of a record added on a page of its own and edited in its list's modal (bank accounts,
 * Section A prayers): one form, two modes. On the page, Back and a save go to the list; in the modal
 * (`onClose`), Cancel and a save close it.
 */
export function listForm<T extends { _id: string }, const Fields extends readonly FieldSpec[]>(
  of: ListFormOf<T, Fields>,
) {
  const { kind, form, addLabel } = of;
  return function ListForm({ record, onClose }: { record?: T; onClose?: () => void }) {
    const controller = useRecordController(kind, { record, onSaved: onClose });
    return (
      <ControlledForm
        {...(onClose ? { onCancel: onClose } : { oneColumn: true })}
        controller={controller}
        form={form}
        label={record ? 'Save' : addLabel}
      />
    );
  };
}
