import { apiClient, pathId, unwrap, type ApiEnvelope } from 'shared';
import type { Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** The signed-in member's own account (Settings → Profile). */
export type Account = Schemas['Account'];
export type AccountInput = Schemas['AccountInput'];
export type Session = Schemas['Session'];
export type Member = Schemas['Member'];
export type ActivityEntry = Schemas['ActivityEntry'];
/** A page of the activity record, and the kinds of record it can be filtered by. */
export interface ActivityPage {
  data: ActivityEntry[];
  total: number;
  page: number;
  limit: number;
  kinds: string[];
}
export type MemberInput = Schemas['MemberInput'];
export type TwoFactorStatus = Schemas['TwoFactorStatus'];
export type TwoFactorSetup = Schemas['TwoFactorSetup'];
/** A one-time set-password link to hand to a member (48 hours, used once). */
export interface SetPasswordLink {
  url: string;
  expiresAt: string;
}

/** Query keys and invalidation: the profile, and the list of sessions. */
export const account = resource('account');
export const sessions = resource('sessions');
export const team = resource('team');
export const activity = resource('activity');
export const twoFactor = resource('two-factor');

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

export const twoFactorApi = {
  status: (signal?: AbortSignal) => unwrap<TwoFactorStatus>(apiClient.get('/account/two-factor', { signal })),
  setup: async () => (await apiClient.post<ApiEnvelope<TwoFactorSetup>>('/account/two-factor/setup')).data,
  enable: async (code: string) =>
    twoFactor.write(
      (await apiClient.post<ApiEnvelope<{ recoveryCodes: string[] }>>('/account/two-factor/enable', { code })).data,
    ),
  disable: async (proof: string) =>
    twoFactor.write((await apiClient.post<{ message: string }>('/account/two-factor/disable', { proof })).data),
  requireForAdmins: async (required: boolean) =>
    twoFactor.write(
      (await apiClient.put<ApiEnvelope<{ requiredForAdmins: boolean }>>('/team/two-factor', { required })).data,
    ),
};

export const teamApi = {
  list: (signal?: AbortSignal) => unwrap<Member[]>(apiClient.get('/team', { signal })),
  add: async (input: MemberInput) =>
    team.write((await apiClient.post<ApiEnvelope<Member> & { link: SetPasswordLink }>('/team', input)).data),
  change: async (id: string, change: Schemas['MemberChange']) =>
    team.write((await apiClient.put<ApiEnvelope<Member>>(`/team/${pathId(id)}`, change)).data),
  newLink: async (id: string) =>
    (await apiClient.post<{ message: string; link: SetPasswordLink }>(`/team/${pathId(id)}/link`)).data,
};

export const activityApi = {
  page: async (query: { page: number; member?: string; kind?: string }, signal?: AbortSignal) =>
    (
      await apiClient.get<ActivityPage>('/activity', {
        signal,
        params: {
          page: String(query.page),
          limit: '25',
          ...(query.member ? { member: query.member } : {}),
          ...(query.kind ? { kind: query.kind } : {}),
        },
      })
    ).data,
};
