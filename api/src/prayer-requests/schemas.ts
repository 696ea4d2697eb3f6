import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, OneOf, RequiredText } from '../http/contract';

export const LIMITS = { request: 2000, note: 2000, markedAtOnce: 500 } as const;

/** A record's id: 24 hexadecimal digits (a longer text names no record). */
const ID_LENGTH = 24;

/** What the mobile app submits. */
export const PrayerRequestInput = Input(
  'PrayerRequestInput',
  { request: RequiredText(LIMITS.request) },
  { request: 'The request' },
);

/** A prayer request (spec §3), as the mobile app's submit answers it: nothing of its care. */
export const PrayerRequest = Entity('PrayerRequest', {
  _id: Type.String(),
  request: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type PrayerRequest = Static<typeof PrayerRequest>;

/** How the staff care for a request: New when submitted, then Prayed for, then Answered. */
export const PRAYER_STATES = ['New', 'Prayed for', 'Answered'] as const;
export type PrayerState = (typeof PRAYER_STATES)[number];
/** The states that count as "responded to" on the dashboard. */
export const RESPONDED_STATES: readonly PrayerState[] = ['Prayed for', 'Answered'];

/** A prayer request as the team reads it (signed in): the request and its care. */
export const CaredPrayerRequest = Entity('CaredPrayerRequest', {
  _id: Type.String(),
  request: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  state: OneOf(PRAYER_STATES),
  stateChangedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the state last changed; null while it is New as submitted',
  }),
  stateChangedBy: Type.Union([Type.String(), Type.Null()], { description: 'Who changed it, as they were named then' }),
  note: Type.String({ description: "The staff's note ('' for none); never served to the mobile app" }),
  assigneeId: Type.Union([Type.String(), Type.Null()], { description: 'The member of the team it is assigned to' }),
});
export type CaredPrayerRequest = Static<typeof CaredPrayerRequest>;

/** A change to one request: any of its state, note and assignee (null: nobody). */
export const PrayerRequestCare = Input(
  'PrayerRequestCare',
  {
    state: Type.Optional(OneOf(PRAYER_STATES)),
    note: Type.Optional(Type.String({ maxLength: LIMITS.note })),
    assigneeId: Type.Optional(Type.Union([Type.String({ maxLength: ID_LENGTH, title: 'Assignee' }), Type.Null()])),
  },
  { state: 'State', note: 'Note', assigneeId: 'Assignee' },
);
export type PrayerRequestCare = Static<typeof PrayerRequestCare>;

/** Many requests marked with one state at once. */
export const PrayerRequestsMarked = Input(
  'PrayerRequestsMarked',
  {
    ids: Type.Array(Type.String({ maxLength: ID_LENGTH }), {
      maxItems: LIMITS.markedAtOnce,
      description: `The requests' ids: at least one, at most ${LIMITS.markedAtOnce}`,
    }),
    state: OneOf(PRAYER_STATES),
  },
  { ids: 'Prayer requests', state: 'State' },
);
export type PrayerRequestsMarked = Static<typeof PrayerRequestsMarked>;

/** A member a request can be assigned to. */
export const Assignee = Entity('PrayerRequestAssignee', {
  _id: Type.String(),
  name: Type.String({ description: 'Their name, or their email when they gave none' }),
});
export type Assignee = Static<typeof Assignee>;
