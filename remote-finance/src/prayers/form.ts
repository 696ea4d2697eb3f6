import { PrayerInput } from 'api/contract';
import { defineForm } from 'shared';

/** A prayer's fields (spec §5), in the order of the form: both required. The form, its checks and what it sends follow. */
export const prayerForm = defineForm([
  { name: 'title', label: 'Title', kind: 'text', required: 'Title is required', limit: PrayerInput.title },
  {
    name: 'prayer',
    label: 'Prayer',
    kind: 'textarea',
    rows: 8,
    required: 'Prayer content is required',
    limit: PrayerInput.prayer,
  },
]);
