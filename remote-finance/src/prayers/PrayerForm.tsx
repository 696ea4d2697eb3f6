import { listForm } from '../listForm';
import { prayerKind } from './api';
import { prayerForm } from './form';

/** The Add Prayer page (/add-prayer, then /prayers) and the Edit modal of /prayers. */
export const PrayerForm = listForm({
  kind: prayerKind,
  form: prayerForm,
  addLabel: 'Add Prayer',
});

/** /add-prayer */
export function AddPrayerScreen() {
  return <PrayerForm />;
}
