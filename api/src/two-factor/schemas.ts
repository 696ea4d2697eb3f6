import { Type } from '@sinclair/typebox';
import { Entity, Input, RequiredText } from '../http/contract';
import { LoginAnswer } from '../auth/login';

export const TWO_FACTOR_MESSAGES = {
  challenge: 'Enter the code from your authenticator app',
  enrolment: 'Your team requires two-factor sign-in for every Admin. Set it up now to sign in.',
  wrongCode: 'The code is not correct. Check your authenticator app and try again.',
  replayed: 'This code has already been used. Wait for the next one.',
  expired: 'This sign-in has expired. Please log in again.',
  tooMany: 'Too many wrong codes for this account',
  alreadyOn: 'Two-factor sign-in is already on',
  notSetUp: 'Start again: turn on two-factor sign-in to get a new QR code',
  wrongSetupCode: 'The code is not correct. Check that the time on your phone is right and try again.',
  turnedOn: 'Two-factor sign-in is on',
  wrongProof: 'The password or code is not correct',
  requiredForAdmins:
    'Two-factor sign-in is required for every Admin: it cannot be turned off (an Admin can stop requiring it in Settings)',
  notOn: 'Two-factor sign-in is not on',
  turnedOff: 'Two-factor sign-in is off',
} as const;

export const TwoFactorChallenge = Entity('TwoFactorChallenge', {
  message: Type.Literal(TWO_FACTOR_MESSAGES.challenge),
  twoFactorRequired: Type.Literal(true),
  challenge: Type.String({ description: 'Send with the code to POST /admin/login/two-factor within 5 minutes' }),
});

export const TwoFactorEnrolment = Entity('TwoFactorEnrolment', {
  message: Type.Literal(TWO_FACTOR_MESSAGES.enrolment),
  enrolmentRequired: Type.Literal(true),
  enrolment: Type.String({
    description:
      'Send to POST /admin/login/two-factor/setup, then with a code to POST /admin/login/two-factor/enable, ' +
      'within 10 minutes. It opens no other call and ends once used.',
  }),
});

export const LoginEnrolment = Input('LoginEnrolment', { enrolment: RequiredText(100) }, { enrolment: 'The sign-in' });

export const LoginEnrolmentCode = Input(
  'LoginEnrolmentCode',
  {
    enrolment: RequiredText(100),
    code: RequiredText(40, { description: 'The six digits the app shows now' }),
  },
  { enrolment: 'The sign-in', code: 'Authentication code' },
);

/** The login's answer once an enrolment is confirmed: the session, and the recovery codes shown this once. */
export const TwoFactorEnrolled = Entity('TwoFactorEnrolled', {
  ...LoginAnswer.properties,
  recoveryCodes: Type.Array(Type.String(), { description: 'Ten recovery codes, shown this once' }),
});

export const LoginCode = Input(
  'LoginCode',
  {
    challenge: RequiredText(100),
    code: RequiredText(40, { description: 'The six digits of the authenticator app, or a recovery code' }),
  },
  { challenge: 'The sign-in', code: 'Authentication code' },
);

export const TwoFactorStatus = Entity('TwoFactorStatus', {
  enabled: Type.Boolean(),
  recoveryCodesLeft: Type.Integer(),
  requiredForAdmins: Type.Boolean({ description: 'The team requires it of every Admin' }),
});

export const TwoFactorSetup = Entity('TwoFactorSetup', {
  secret: Type.String({ description: 'Base32, for typing into the app' }),
  uri: Type.String({ description: 'The otpauth:// URI the QR code carries' }),
  qrCode: Type.String({ description: 'data:image/svg+xml;base64,… of the URI' }),
});

export const TwoFactorConfirm = Input(
  'TwoFactorConfirm',
  { code: RequiredText(40, { description: 'The six digits the app shows now' }) },
  { code: 'Authentication code' },
);

export const TwoFactorOff = Input(
  'TwoFactorOff',
  { proof: RequiredText(1024) },
  { proof: 'Your password or an authentication code' },
);

export const TwoFactorRequirement = Input(
  'TwoFactorRequirement',
  { required: Type.Boolean() },
  { required: 'Required for every Admin' },
);
