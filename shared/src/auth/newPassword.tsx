import { useField } from 'formik';
import * as yup from 'yup';
import { TextField } from '../forms/inputs';

/**
 * How strong a new password looks, in words, for the hint under the field. Length counts most (a few
 * words make a strong password); mixing kinds of characters helps a shorter one.
 */
export function passwordStrength(password: string, minLength: number): string {
  if (!password) return `At least ${minLength} characters`;
  if (password.length < minLength) return `Too short: at least ${minLength} characters`;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  const score = (password.length >= 16 ? 1 : 0) + (password.length >= 20 ? 1 : 0) + (kinds >= 3 ? 1 : 0);
  if (score >= 2) return 'Strength: strong';
  if (score === 1) return 'Strength: fair. Longer is stronger: a few words make a good password';
  return 'Strength: weak. Make it longer, or mix in capitals, digits or symbols';
}

/** New password and its confirmation: what the server asks (`minLength`, from 'api/contract'). */
export const newPasswordSchema = (limits: { minLength: number; maxLength: number }) => ({
  newPassword: yup
    .string()
    .required('The new password is required')
    .min(limits.minLength, `The new password must be at least ${limits.minLength} characters long`)
    .max(limits.maxLength, `The new password must be at most ${limits.maxLength} characters long`),
  confirmPassword: yup
    .string()
    .required('Type the new password again')
    .oneOf([yup.ref('newPassword')], 'The two passwords are not the same'),
});

/** The two fields of a new password, with the strength hint under the first. */
export function NewPasswordFields({ minLength }: { minLength: number }) {
  const [field, meta] = useField<string>('newPassword');
  // While the field shows its error, the hint would say the same problem a second time.
  const shownError = meta.touched && meta.error;
  return (
    <>
      <TextField
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={shownError ? undefined : passwordStrength(field.value ?? '', minLength)}
      />
      <TextField name="confirmPassword" label="Confirm new password" type="password" autoComplete="new-password" />
    </>
  );
}
