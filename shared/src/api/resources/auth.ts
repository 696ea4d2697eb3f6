import { apiClient } from '../client';
import type { Schemas } from 'api/contract';

/** The login call's answer; `doesUserEmailExist` is the signed-in administrator (spec's name). */
export type LoginAnswer = Schemas['LoginAnswer'];

export const authApi = {
  login: async (credentials: Schemas['LoginInput']) =>
    (await apiClient.post<LoginAnswer>('/admin/login', credentials, { isLogin: true })).data,
  logout: async () => (await apiClient.get<{ message: string }>('/auth/logout', { silent: true })).data,
};
