import * as yup from 'yup';

/** Add prayer and the edit modal (spec §5): both fields required. */
export const prayerSchema = yup.object({
  title: yup.string().trim().required('Title is required'),
  prayer: yup.string().trim().required('Prayer content is required'),
});
