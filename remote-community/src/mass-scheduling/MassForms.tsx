import { useState } from 'react';
import * as yup from 'yup';
import styled from 'styled-components';
import {
  DataTable,
  DateField,
  DeleteButton,
  EmptyText,
  LoadFailed,
  LoadingBlock,
  Modal,
  NumberField,
  optionalText,
  RecordForm,
  requiredText,
  RowAction,
  RowActions,
  SectionHeader,
  SelectField,
  TextField,
  useUserId,
  type Column,
} from 'shared';
import { recordKindOf, sendingCalls, useRecordController, useRemoveRow, useResource } from 'shared/data';
import {
  LIMITS,
  massIntentions,
  massIntentionsApi,
  WEEKDAYS,
  type Mass,
  type MassFields,
  type RegularMass,
  type RegularMassFields,
} from './api';

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const DEFAULT_CAP = 5;

const time = yup.string().trim().required('Time is required').matches(TIME, 'Time must be HH:MM, like 10:30');
const cap = yup
  .number()
  .typeError('Cap must be a whole number')
  .integer('Cap must be a whole number')
  .min(1, 'Cap must be at least 1')
  .max(LIMITS.cap, `Cap must be at most ${LIMITS.cap}`)
  .required('Cap is required');
const common = {
  time,
  place: requiredText('Place is required', 'Place', { maxLength: LIMITS.place }),
  celebrant: optionalText('Celebrant', { maxLength: LIMITS.celebrant }),
  cap,
};

const massSchema = yup.object({
  date: yup.string().required('Date is required'),
  title: optionalText('Title', { maxLength: LIMITS.title }),
  ...common,
});
const regularSchema = yup.object({ weekday: yup.string().required('Weekday is required'), ...common });

interface MassValues {
  date: string;
  time: string;
  place: string;
  celebrant: string;
  cap: number | string;
  title: string;
}
type RegularValues = Omit<MassValues, 'date' | 'title'> & { weekday: string };

const trimmed = <V extends { time: string; place: string; celebrant: string; cap: number | string }>(values: V) => ({
  time: values.time.trim(),
  place: values.place.trim(),
  celebrant: values.celebrant.trim(),
  cap: Number(values.cap),
});

const massBody = (values: MassValues): MassFields => ({
  date: values.date,
  title: values.title.trim(),
  ...trimmed(values),
});
const regularBody = (values: RegularValues): RegularMassFields => ({
  weekday: values.weekday as RegularMassFields['weekday'],
  ...trimmed(values),
});

/** A Mass as its forms save it: one-off or a date of a regular one, edited in the week's modal. */
const massKind = recordKindOf<Mass, MassValues>({
  noun: 'Mass',
  resource: massIntentions,
  calls: sendingCalls(massBody, {
    create: massIntentionsApi.addMass,
    update: massIntentionsApi.editMass,
    remove: massIntentionsApi.removeMass,
  }),
  list: '/mass-scheduling',
  deleteWhat: 'this Mass',
});

/** A regular Mass, said every week: added and edited in the Regular Masses modal, below its list. */
const regularMassKind = recordKindOf<RegularMass, RegularValues>({
  noun: 'Regular Mass',
  resource: massIntentions,
  calls: sendingCalls(regularBody, {
    create: massIntentionsApi.addRegular,
    update: massIntentionsApi.editRegular,
    remove: massIntentionsApi.removeRegular,
  }),
  list: '/mass-scheduling',
  deleteWhat: 'this regular Mass',
  deleteNote: 'Its dates holding intentions stay.',
});

const Removal = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Section = styled.div`
  margin-top: ${({ theme }) => theme.space(6)};
`;

const Hint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.muted};
`;

/**
 * Adds a one-off Mass (a wedding, a funeral), or changes a Mass of the week: moving it (its date or
 * time) keeps its intentions; a date of a regular Mass becomes a Mass of its own.
 */
export function MassForm({ mass, day, onClose }: { mass?: Mass; day: string; onClose: () => void }) {
  const controller = useRecordController(massKind, { record: mass, onSaved: onClose, onRemoved: onClose });
  const initial: MassValues = mass
    ? {
        date: mass.date,
        time: mass.time,
        place: mass.place,
        celebrant: mass.celebrant,
        cap: mass.cap,
        title: mass.title,
      }
    : { date: day, time: '', place: '', celebrant: '', cap: DEFAULT_CAP, title: '' };
  const placed = mass?.intentions.length ?? 0;
  // A one-off Mass that holds no intention can go; a date of a regular Mass is moved instead.
  const removable = mass && !mass.regularMassId && placed === 0;
  return (
    <Modal title={mass ? 'Edit Mass' : 'Add Mass'} onClose={onClose}>
      {removable && (
        <Removal>
          <DeleteButton
            label={massKind.labels.delete}
            confirmMessage={massKind.labels.confirmDelete}
            onDelete={controller.remove}
          />
        </Removal>
      )}
      {placed > 0 && (
        <Hint>
          {placed === 1 ? '1 intention is' : `${placed} intentions are`} placed in this Mass: moving it keeps them.
        </Hint>
      )}
      <RecordForm<MassValues>
        initialValues={initial}
        validationSchema={massSchema}
        onSubmit={controller.save}
        label={mass ? 'Save' : 'Add Mass'}
        onCancel={onClose}
      >
        <TextField name="title" label="Title" hint="What it is for, like Wedding (optional)" />
        <DateField name="date" label="Date" />
        <TextField name="time" label="Time" placeholder="10:30" hint="HH:MM, 24-hour" />
        <TextField name="place" label="Place" />
        <TextField name="celebrant" label="Celebrant" hint="Optional" />
        <NumberField name="cap" label="Cap" min={1} max={LIMITS.cap} hint="How many intentions it takes" />
      </RecordForm>
    </Modal>
  );
}

const EMPTY_REGULAR: RegularValues = { weekday: 'Sunday', time: '', place: '', celebrant: '', cap: DEFAULT_CAP };

/**
 * The regular Masses, said every week: the list (Edit, Delete for who may write) and a form that adds
 * one, or changes the one being edited. Their dates to come follow a change.
 */
export function RegularMasses({ canWrite, onClose }: { canWrite: boolean; onClose: () => void }) {
  const userId = useUserId();
  const [editing, setEditing] = useState<RegularMass>();
  const [formKey, setFormKey] = useState(0);
  const regular = useResource(massIntentions.list({ userId, part: 'regular' }), (signal) =>
    massIntentionsApi.regular(userId, signal),
  );
  const done = () => {
    setEditing(undefined);
    setFormKey((key) => key + 1);
  };
  const controller = useRecordController(regularMassKind, { record: editing, onSaved: done });
  const removeRow = useRemoveRow<RegularMass>(regularMassKind);
  const remove = async (mass: RegularMass) => {
    await removeRow(mass);
    if (editing?._id === mass._id) done();
  };
  const name = (mass: RegularMass) => `${mass.weekday} ${mass.time}, ${mass.place}`;
  const columns: Column<RegularMass>[] = [
    { header: 'Weekday', cell: (row) => row.weekday },
    { header: 'Time', fit: true, cell: (row) => row.time },
    { header: 'Place', cell: (row) => row.place },
    { header: 'Celebrant', cell: (row) => row.celebrant || '—' },
    { header: 'Cap', fit: true, cell: (row) => row.cap },
    {
      header: 'Action',
      fit: true,
      write: true,
      cell: (row) => (
        <RowActions>
          <RowAction onClick={() => setEditing(row)} aria-label={`Edit ${name(row)}`}>
            Edit
          </RowAction>
          <RowAction
            aria-label={`Delete ${name(row)}`}
            confirmDelete={{
              message: regularMassKind.labels.confirmDelete,
              onDelete: () => remove(row),
            }}
          >
            Delete
          </RowAction>
        </RowActions>
      ),
    },
  ];

  return (
    <Modal title="Regular Masses" wide onClose={onClose}>
      {regular.error ? (
        <LoadFailed error={regular.error} retry={regular.reload} what="The regular Masses" />
      ) : !regular.data ? (
        <LoadingBlock />
      ) : regular.data.length === 0 ? (
        <EmptyText>No regular Masses yet.</EmptyText>
      ) : (
        <DataTable caption="Regular Masses" columns={columns} rows={regular.data} rowKey={(row) => row._id} />
      )}
      {canWrite && (
        <Section>
          <SectionHeader title={editing ? `Edit ${name(editing)}` : 'Add a regular Mass'} />
          <RecordForm<RegularValues>
            formKey={`${formKey}-${editing?._id ?? 'new'}`}
            initialValues={
              editing
                ? {
                    weekday: editing.weekday,
                    time: editing.time,
                    place: editing.place,
                    celebrant: editing.celebrant,
                    cap: editing.cap,
                  }
                : EMPTY_REGULAR
            }
            validationSchema={regularSchema}
            onSubmit={controller.save}
            label={editing ? 'Save' : 'Add regular Mass'}
            onCancel={editing ? done : onClose}
          >
            <SelectField name="weekday" label="Weekday" options={WEEKDAYS} emptyOption={false} />
            <TextField name="time" label="Time" placeholder="10:30" hint="HH:MM, 24-hour" />
            <TextField name="place" label="Place" />
            <TextField name="celebrant" label="Celebrant" hint="Optional" />
            <NumberField name="cap" label="Cap" min={1} max={LIMITS.cap} hint="Intentions each Mass takes" />
          </RecordForm>
        </Section>
      )}
    </Modal>
  );
}
