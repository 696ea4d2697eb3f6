import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, OneOf, RequiredText } from '../http/contract';
import { PASSWORD_MIN_LENGTH } from '../auth/password';
import { PERMISSIONS, ROLES } from '../auth/permissions';

/** The spec's countries (Settings, spec §2), in its order. */
export const COUNTRIES = ['Nigeria', 'Ghana', 'Togo', 'Cameroon'] as const;

export const LIMITS = { name: 100, email: 320, phone: 40, password: 1024 } as const;

export const ACCOUNT_MESSAGES = {
  emailTaken: 'That email is already used by another account',
  wrongPassword: 'The current password is not correct',
  samePassword: 'The new password must differ from the current one',
  passwordChanged: 'Password changed',
  profileSaved: 'Profile saved',
  badLink: 'This link is not valid or has expired. Ask for a new one.',
  passwordSet: 'Password set. You can now log in.',
  currentSession: 'This is the session you are using: log out to end it',
  sessionNotFound: 'Session not found',
} as const;

export const Account = Entity('Account', {
  _id: Type.String(),
  email: Type.String(),
  name: Type.String({ description: '"" when not given' }),
  phone: Type.String({ description: '"" when not given' }),
  country: Type.String({ description: 'One of the countries, or ""' }),
  role: OneOf(ROLES),
  permissions: Type.Array(OneOf(PERMISSIONS), {
    description:
      'What the role allows (auth/permissions.ts): screens whose route table names one this lacks are hidden',
  }),
  weeklyDigest: Type.Boolean({
    description: "Whether the weekly digest is mailed to me (Mondays at 07:00, the parish's time; docs/mail.md)",
  }),
});
export type Account = Static<typeof Account>;

const optionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

export const AccountInput = Input(
  'AccountInput',
  {
    name: optionalText(LIMITS.name),
    email: RequiredText(LIMITS.email, { format: 'email' }),
    phone: optionalText(LIMITS.phone),
    country: Type.Optional(OneOf(COUNTRIES, { description: 'Absent when none is chosen' })),
    weeklyDigest: Type.Optional(
      Type.Boolean({ description: 'Turns the weekly digest by mail on or off; absent: left as it is' }),
    ),
  },
  { name: 'Full name', email: 'Email', phone: 'Phone', country: 'Country', weeklyDigest: 'Weekly digest' },
);
export type AccountInput = Static<typeof AccountInput>;

const NewPassword = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: LIMITS.password });

export const PasswordChange = Input(
  'PasswordChange',
  { currentPassword: RequiredText(LIMITS.password), newPassword: NewPassword },
  { currentPassword: 'The current password', newPassword: 'The new password' },
);

export const PasswordSet = Input(
  'PasswordSet',
  { token: RequiredText(200), password: NewPassword },
  { token: 'The link', password: 'The new password' },
);

export const Session = Entity('Session', {
  id: Type.String(),
  device: Type.String({ description: 'Browser and system, read from the User-Agent at sign-in' }),
  signedInAt: Type.String(),
  lastUsedAt: Type.String(),
  current: Type.Boolean({ description: 'The session this request came with' }),
});
export type Session = Static<typeof Session>;
