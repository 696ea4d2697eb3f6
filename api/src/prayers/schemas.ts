import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, RequiredText } from '../http/contract';
import type { TableOf } from '../db/schema';
import type { StoredRow } from '../resources/row';

export const LIMITS = { title: 300, prayer: 20000 } as const;

/** What the add and edit calls take. */
export const PrayerInput = Input(
  'PrayerInput',
  {
    title: RequiredText(LIMITS.title),
    prayer: RequiredText(LIMITS.prayer),
  },
  { title: 'Title', prayer: 'Prayer' },
);
export type PrayerInput = Static<typeof PrayerInput>;

/** A Section A prayer (spec §3). */
export const Prayer = Entity('Prayer', {
  _id: Type.String(),
  title: Type.String(),
  prayer: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Prayer = Static<typeof Prayer>;

/** A stored Section A prayer (table `prayers`). */
export interface PrayerRow extends StoredRow, PrayerInput {
  createdAt: string;
}

declare module '../db/schema' {
  interface Database {
    prayers: TableOf<PrayerRow>;
  }
}
