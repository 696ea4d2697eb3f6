import { callApi, type ApiAnswer } from 'shared';
import type { paths, Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** The signed-in member's own account (Settings → Profile). */
export type Account = Schemas['Account'];
export type AccountInput = Schemas['AccountInput'];
export type Session = Schemas['Session'];
export type Member = Schemas['Member'];
export type ActivityEntry = Schemas['ActivityEntry'];
/** A page of the activity record, and the kinds of record it can be filtered by. */
export type ActivityPage = ApiAnswer<'get', '/api/v1/activity'>;
type ActivityKind = NonNullable<paths['/api/v1/activity']['get']['parameters']['query']>['kind'];
export type MemberInput = Schemas['MemberInput'];
export type TwoFactorStatus = Schemas['TwoFactorStatus'];
export type TwoFactorSetup = Schemas['TwoFactorSetup'];
/** A one-time set-password link to hand to a member (48 hours, used once). */
export type SetPasswordLink = ApiAnswer<'post', '/api/v1/team/{id}/link'>['link'];

/** Query keys and invalidation: the profile, and the list of sessions. */
export const account = resource('account');
export const sessions = resource('sessions');
export const team = resource('team');
export const activity = resource('activity');
export const twoFactor = resource('two-factor');

export const accountApi = {
  get: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/account', { signal })).data,
  // 409: the email is another account's, said by the field.
  save: async (input: AccountInput) =>
    account.write(callApi('put', '/api/v1/account', { body: input, byField: [409] })),
  changePassword: async (body: Schemas['PasswordChange']) =>
    sessions.write(callApi('put', '/api/v1/account/password', { body, byField: [400] })),
  sessions: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/account/sessions', { signal })).data,
  signOut: async (id: string) => sessions.write(callApi('delete', '/api/v1/account/sessions/{id}', { params: { id } })),
  signOutOthers: async () => sessions.write(callApi('delete', '/api/v1/account/sessions')),
};

export const twoFactorApi = {
  status: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/account/two-factor', { signal })).data,
  setup: async () => callApi('post', '/api/v1/account/two-factor/setup'),
  enable: async (code: string) =>
    twoFactor.write(callApi('post', '/api/v1/account/two-factor/enable', { body: { code }, byField: [400] })),
  disable: async (proof: string) =>
    twoFactor.write(callApi('post', '/api/v1/account/two-factor/disable', { body: { proof }, byField: [400] })),
  requireForAdmins: async (required: boolean) =>
    twoFactor.write(callApi('put', '/api/v1/team/two-factor', { body: { required } })),
};

export const teamApi = {
  list: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/team', { signal })).data,
  add: async (input: MemberInput) => team.write(callApi('post', '/api/v1/team', { body: input, byField: [409] })),
  change: async (id: string, change: Schemas['MemberChange']) =>
    team.write(callApi('put', '/api/v1/team/{id}', { params: { id }, body: change })),
  newLink: async (id: string) => callApi('post', '/api/v1/team/{id}/link', { params: { id } }),
};

export const activityApi = {
  page: async (query: { page: number; member?: string; kind?: string; sort?: string }, signal?: AbortSignal) =>
    callApi('get', '/api/v1/activity', {
      signal,
      query: {
        page: String(query.page),
        limit: '25',
        ...(query.member ? { member: query.member } : {}),
        // A kind the server listed in `kinds` (the filter offers no other).
        ...(query.kind ? { kind: query.kind as ActivityKind } : {}),
        ...(query.sort ? { sort: query.sort } : {}),
      },
    }),
};

/** One delete's records in the trash (Settings → Trash). */
export type TrashEntry = Schemas['TrashEntry'];
export const trash = resource('trash');

export const trashApi = {
  list: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/trash', { signal })).data,
  empty: async () => trash.write(callApi('delete', '/api/v1/trash')),
};

/** A remote team's deploy token (Settings → Deployed versions, an Admin's); its secret only at creation. */
export type DeployToken = Schemas['DeployToken'];
export type DeployTokenInput = Schemas['DeployTokenInput'];
export const deployTokens = resource('deploy-tokens');

export const deployTokensApi = {
  list: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/deploy-tokens', { signal })).data,
  create: async (input: DeployTokenInput) =>
    deployTokens.write(callApi('post', '/api/v1/deploy-tokens', { body: input })),
  revoke: async (id: string) =>
    deployTokens.write(callApi('post', '/api/v1/deploy-tokens/{id}/revoke', { params: { id } })),
};

/** Settings → Mail (an Admin's): whether mail is configured, and the outbox's latest messages. */
export type MailStatus = Schemas['MailStatus'];
export type OutboxMessage = Schemas['OutboxMessage'];
export const mail = resource('mail');

export const mailApi = {
  status: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/mail', { signal })).data,
  test: async () => mail.write(callApi('post', '/api/v1/mail/test')),
  sendAgain: async (id: string) =>
    mail.write(callApi('post', '/api/v1/mail/messages/{id}/send-again', { params: { id } })),
};

/** A backup archive in the server's BACKUP_DIR (Settings → Backups, an Admin's). */
export type Backup = Schemas['Backup'];
export const backups = resource('backups');

export const backupsApi = {
  list: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/backups', { signal })).data,
  start: async () => backups.write(callApi('post', '/api/v1/backups')),
  remove: async (name: string) => backups.write(callApi('delete', '/api/v1/backups/{name}', { params: { name } })),
  // 400: the password or the code is not right, or the archive is refused: said by the dialog's field.
  restore: async (name: string, proof: Schemas['RestoreProof']) =>
    callApi('post', '/api/v1/backups/{name}/restore', { params: { name }, body: proof, byField: [400] }),
  restoreUpload: async (archive: File, proof: Schemas['RestoreProof'], onProgress: (percent: number) => void) =>
    callApi('post', '/api/v1/backups/restore', {
      form: { password: proof.password, code: proof.code ?? '', archive },
      onProgress,
      byField: [400],
    }),
};

/** The daily backup's time (or off) and how many of the latest it keeps; its last failure. */
export type BackupScheduleSettings = Schemas['BackupSchedule'];
export const backupSchedule = resource('backup-schedule');

export const backupScheduleApi = {
  get: async (signal?: AbortSignal) => (await callApi('get', '/api/v1/backups/schedule', { signal })).data,
  save: async (input: Schemas['BackupScheduleInput']) =>
    backupSchedule.write(callApi('put', '/api/v1/backups/schedule', { body: input })),
};
