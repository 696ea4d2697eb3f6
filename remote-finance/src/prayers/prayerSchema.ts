import { PrayerInput } from 'api/contract';
import { requiredText } from 'shared';
import * as yup from 'yup';

/** Add prayer and the edit modal (spec §5): both fields required. */
export const prayerSchema = yup.object({
  title: requiredText('Title is required', 'Title', PrayerInput.title),
  prayer: requiredText('Prayer content is required', 'Prayer', PrayerInput.prayer),
});
