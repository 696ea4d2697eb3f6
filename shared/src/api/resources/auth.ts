import { apiClient } from '../client';
import type { AdminUser } from '../../session/session';

export interface LoginAnswer {
  message: string;
  token: string;
  doesUserEmailExist: AdminUser;
}

export const authApi = {
  login: async (credentials: { email: string; password: string }) =>
    (await apiClient.post<LoginAnswer>('/admin/login', credentials, { isLogin: true })).data,
  logout: async () => (await apiClient.get<{ message: string }>('/auth/logout', { silent: true })).data,
};
