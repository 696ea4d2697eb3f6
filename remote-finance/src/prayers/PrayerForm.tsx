import { DefinedFields, RecordForm } from 'shared';
import { useSave } from 'shared/data';
import { prayersApi, type Prayer, type PrayerInput } from './api';
import { prayerForm } from './form';

/**
 * The Add Prayer page (/add-prayer, then /prayers) and the Edit modal of /prayers (`onClose`: Cancel,
 * or after a successful save): one form, two modes.
 */
export function PrayerForm({ record: prayer, onClose }: { record?: Prayer; onClose?: () => void }) {
  const save = useSave<PrayerInput>({
    write: (values, userId) =>
      prayer ? prayersApi.update(userId, prayer._id, values) : prayersApi.create(userId, values),
    toast: prayer ? 'Prayer updated successfully' : 'Prayer added successfully',
    then: onClose,
    back: onClose ? undefined : '/prayers',
  });

  return (
    <RecordForm
      {...(onClose ? { onCancel: onClose } : { backTo: '/prayers', oneColumn: true })}
      initialValues={prayerForm.values(prayer)}
      validationSchema={prayerForm.schema(prayer ? 'edit' : 'add')}
      onSubmit={save}
      label={prayer ? 'Save' : 'Add Prayer'}
    >
      <DefinedFields form={prayerForm} record={prayer} />
    </RecordForm>
  );
}

/** /add-prayer */
export function AddPrayerScreen() {
  return <PrayerForm />;
}
