import { apiClient } from '../client';
import type { Schemas } from 'api/contract';

/** The login call's answer; `doesUserEmailExist` is the signed-in administrator (spec's name). */
export type LoginAnswer = Schemas['LoginAnswer'];
/** A right password of an account with two-factor sign-in: the code is asked with this challenge. */
export type TwoFactorChallenge = Schemas['TwoFactorChallenge'];

export const authApi = {
  login: async (credentials: Schemas['LoginInput']) =>
    (await apiClient.post<LoginAnswer | TwoFactorChallenge>('/admin/login', credentials, { isLogin: true })).data,
  /** The second step: a code of the authenticator app, or a recovery code. */
  loginWithCode: async (body: Schemas['LoginCode']) =>
    (await apiClient.post<LoginAnswer>('/admin/login/two-factor', body, { isLogin: true })).data,
  logout: async () => (await apiClient.get<{ message: string }>('/auth/logout', { silent: true })).data,
  /** A one-time link's password (no session: the link is the proof). */
  setPassword: async (body: Schemas['PasswordSet']) =>
    (await apiClient.post<{ message: string }>('/account/set-password', body, { isLogin: true })).data,
};
