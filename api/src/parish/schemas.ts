import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, RequiredText } from '../http/contract';

export const PARISH_LIMITS = { name: 100 } as const;

/** What Settings → Parish saves: all four at once. */
export const ParishInput = Input(
  'ParishInput',
  {
    name: RequiredText(PARISH_LIMITS.name),
    currency: Type.String({ minLength: 1, maxLength: 3, description: 'ISO 4217, e.g. NGN' }),
    timeZone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA, e.g. Africa/Lagos' }),
    weekStart: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday … 6 = Saturday' }),
  },
  { name: 'Parish name', currency: 'Currency', timeZone: 'Time zone', weekStart: 'First day of the week' },
);
export type ParishInput = Static<typeof ParishInput>;

/** The parish's settings as every member reads them. */
export const ParishSettings = Entity('ParishSettings', {
  name: Type.String(),
  currency: Type.String({ description: 'ISO 4217, e.g. NGN' }),
  timeZone: Type.String({ description: "IANA, e.g. Africa/Lagos: the parish's days, whatever a browser's zone" }),
  weekStart: Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday … 6 = Saturday (getDay)' }),
});
