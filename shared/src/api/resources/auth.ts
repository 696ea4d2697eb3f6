import { apiClient } from '../client';
import type { Schemas } from 'api/contract';

/** The login call's answer; `doesUserEmailExist` is the signed-in administrator (spec's name). */
export type LoginAnswer = Schemas['LoginAnswer'];

export const authApi = {
  login: async (credentials: Schemas['LoginInput']) =>
    (await apiClient.post<LoginAnswer>('/admin/login', credentials, { isLogin: true })).data,
  logout: async () => (await apiClient.get<{ message: string }>('/auth/logout', { silent: true })).data,
  /** A one-time link's password (no session: the link is the proof). */
  setPassword: async (body: Schemas['PasswordSet']) =>
    (await apiClient.post<{ message: string }>('/account/set-password', body, { isLogin: true })).data,
};
