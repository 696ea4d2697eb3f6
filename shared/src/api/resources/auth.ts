import { callApi } from '../call';
import type { SentAhead } from '../sentAhead';
import type { Schemas } from 'api/contract';

/** The login call's answer; `doesUserEmailExist` is the signed-in administrator (spec's name). */
export type LoginAnswer = Schemas['LoginAnswer'];
/** A right password of an account with two-factor sign-in: the code is asked with this challenge. */
export type TwoFactorChallenge = Schemas['TwoFactorChallenge'];
/** A right password of an Admin without it while the team requires it: set it up with this ticket first. */
export type TwoFactorEnrolment = Schemas['TwoFactorEnrolment'];
/** The enrolment's end: the session's answer and the ten recovery codes, shown this once. */
export type TwoFactorEnrolled = Schemas['TwoFactorEnrolled'];
export type TwoFactorSetup = Schemas['TwoFactorSetup'];

/** A code refused at sign-in (400: not correct; 401: used, or not this account's): said by its field. */
const CODE_REFUSED = [400, 401] as const;

export const authApi = {
  /** `sentAhead`: the login page's press already sent it (`sendAhead`), before this code came. */
  login: async (credentials: Schemas['LoginInput'], sentAhead?: SentAhead) =>
    callApi('post', '/api/v1/admin/login', { body: credentials, isLogin: true, sentAhead }),
  /** The second step: a code of the authenticator app, or a recovery code. */
  loginWithCode: async (body: Schemas['LoginCode']) =>
    callApi('post', '/api/v1/admin/login/two-factor', { body, isLogin: true, byField: CODE_REFUSED }),
  /** The enrolment's secret and QR code (the ticket is no session: it opens only these two calls). */
  enrolSetup: async (body: Schemas['LoginEnrolment']) =>
    callApi('post', '/api/v1/admin/login/two-factor/setup', { body, isLogin: true }),
  /** The enrolment confirmed with a code of the app: signed in, with the recovery codes. */
  enrolEnable: async (body: Schemas['LoginEnrolmentCode']) =>
    callApi('post', '/api/v1/admin/login/two-factor/enable', { body, isLogin: true, byField: CODE_REFUSED }),
  logout: async () => callApi('get', '/api/v1/auth/logout', { silent: true }),
  /** A one-time link's password (no session: the link is the proof). */
  setPassword: async (body: Schemas['PasswordSet']) =>
    callApi('post', '/api/v1/account/set-password', { body, isLogin: true }),
  /** "Forgot password?": the same answer whether or not the email has an account. */
  forgotPassword: async (body: Schemas['ForgotPassword']) =>
    callApi('post', '/api/v1/account/forgot-password', { body, isLogin: true }),
};
