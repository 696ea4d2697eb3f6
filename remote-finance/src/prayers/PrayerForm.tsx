import { listForm } from '../listForm';
import { prayersApi } from './api';
import { prayerForm } from './form';

/** The Add Prayer page (/add-prayer, then /prayers) and the Edit modal of /prayers. */
export const PrayerForm = listForm({
  form: prayerForm,
  calls: prayersApi,
  noun: 'Prayer',
  list: '/prayers',
  addLabel: 'Add Prayer',
});

/** /add-prayer */
export function AddPrayerScreen() {
  return <PrayerForm />;
}
