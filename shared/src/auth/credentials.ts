// The login form's checks, without a schema library: the login page loads none.

export interface Credentials {
  email: string;
  password: string;
}

export type CredentialErrors = Partial<Record<keyof Credentials, string>>;

// The HTML standard's "valid e-mail address" (what an email input and yup's .email() accept).
const VALID_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** What is wrong with typed credentials, in the spec's words (§2 Login); empty when nothing is. */
export function credentialErrors(values: Credentials): CredentialErrors {
  const errors: CredentialErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (!VALID_EMAIL.test(email)) errors.email = 'Invalid email address';
  if (!values.password) errors.password = 'Password is required';
  return errors;
}
