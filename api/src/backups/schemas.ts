import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, ref } from '../http/contract';

/** One archive in BACKUP_DIR, as Settings → Backups lists it. */
export const Backup = Entity('Backup', {
  name: Type.String({ description: 'The archive’s file name: what the download, delete and restore calls name' }),
  createdAt: Type.String({ format: 'date-time' }),
  bytes: Type.Integer({ minimum: 0 }),
  productVersion: Type.String({ description: 'The version of the server that made it' }),
  madeBy: Type.String({ description: 'Who or what made it: a member, the daily backup, npm run backup, an upgrade' }),
});
export type Backup = Static<typeof Backup>;

/** The backup being made now. */
export const BackupMaking = Entity('BackupMaking', {
  startedAt: Type.String({ format: 'date-time' }),
  madeBy: Type.String(),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
});

export const Backups = Entity('Backups', {
  backups: Type.Array(ref(Backup), { description: 'Newest first' }),
  making: Type.Union([ref(BackupMaking), Type.Null()], { description: 'The backup being made now, if one is' }),
});

/** The Admin's password again, and a code of their app where two-factor sign-in is on. */
export const RestoreProof = Input(
  'RestoreProof',
  {
    password: Type.String({ minLength: 1, maxLength: 200 }),
    code: Type.Optional(
      Type.String({ maxLength: 40, description: 'Where two-factor sign-in is on: a code of the app' }),
    ),
  },
  { password: 'The password', code: 'The code' },
);
export type RestoreProof = Static<typeof RestoreProof>;

const TIME_OF_DAY = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
/** The most daily backups kept besides the first of each of the last three months. */
export const MAX_KEPT = 60;

/** The daily backup's settings, and its last failure until a backup succeeds (the dashboard's notice). */
export const BackupSchedule = Entity('BackupSchedule', {
  at: Type.Union([Type.String({ pattern: TIME_OF_DAY }), Type.Null()], {
    description: "The daily backup's time (HH:MM) in the parish's time zone; null: off",
  }),
  keep: Type.Integer({ minimum: 1, maximum: MAX_KEPT }),
  timeZone: Type.String({ description: "The parish's time zone, which the time is in" }),
  failure: Type.Union(
    [Type.Object({ at: Type.String({ format: 'date-time' }), message: Type.String() }), Type.Null()],
    {
      description: 'The last daily backup that failed, until a backup succeeds',
    },
  ),
});

export const BackupScheduleInput = Input(
  'BackupScheduleInput',
  {
    at: Type.Union([Type.String({ pattern: TIME_OF_DAY, maxLength: 5 }), Type.Null()], {
      description: 'HH:MM in the parish’s time zone, or null for off',
    }),
    keep: Type.Integer({ minimum: 1, maximum: MAX_KEPT }),
  },
  { at: 'Time', keep: 'Backups kept' },
);
export type BackupScheduleInput = Static<typeof BackupScheduleInput>;
