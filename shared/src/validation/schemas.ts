import * as yup from 'yup';

/** Login (spec §5), with the spec's messages to the letter. */
export const loginSchema = yup.object({
  email: yup.string().trim().required('Email is required').email('Invalid email address'),
  password: yup.string().required('Password is required'),
});

export type LoginValues = yup.InferType<typeof loginSchema>;

/** A link field: required with `requiredMessage`, and an http(s) URL ('Invalid link format'). */
export const linkField = (requiredMessage: string) =>
  yup
    .string()
    .trim()
    .required(requiredMessage)
    .url('Invalid link format')
    .matches(/^https?:\/\//i, 'Invalid link format');
