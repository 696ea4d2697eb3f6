import { apiClient, pathId, unwrap, type ApiEnvelope } from 'shared';
import type { Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** The signed-in member's own account (Settings → Profile). */
export type Account = Schemas['Account'];
export type AccountInput = Schemas['AccountInput'];
export type Session = Schemas['Session'];

/** Query keys and invalidation: the profile, and the list of sessions. */
export const account = resource('account');
export const sessions = resource('sessions');

export const accountApi = {
  get: (signal?: AbortSignal) => unwrap<Account>(apiClient.get('/account', { signal })),
  save: async (input: AccountInput) =>
    account.write((await apiClient.put<ApiEnvelope<Account>>('/account', input)).data),
  changePassword: async (body: Schemas['PasswordChange']) =>
    sessions.write((await apiClient.put<{ message: string }>('/account/password', body)).data),
  sessions: (signal?: AbortSignal) => unwrap<Session[]>(apiClient.get('/account/sessions', { signal })),
  signOut: async (id: string) =>
    sessions.write((await apiClient.delete<{ message: string }>(`/account/sessions/${pathId(id)}`)).data),
  signOutOthers: async () =>
    sessions.write((await apiClient.delete<ApiEnvelope<{ signedOut: number }>>('/account/sessions')).data),
};
