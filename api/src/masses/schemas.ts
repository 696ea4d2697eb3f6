import { Type, type Static } from '@sinclair/typebox';
import { Entity, Input, OneOf, ref, RequiredText } from '../http/contract';

export const MASS_LIMITS = { place: 200, celebrant: 200, title: 100, receipt: 64, stipend: 20, cap: 100 } as const;

/** A Mass takes this many intentions unless the parish says otherwise. */
export const DEFAULT_CAP = 5;

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A time of day, 24-hour HH:MM, in the parish's local time. */
const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const Time = () =>
  Type.String({ pattern: TIME_PATTERN, maxLength: 5, description: "HH:MM, 24-hour, the parish's local time" });
/** A calendar day, YYYY-MM-DD (checked to be a real day by the routes). */
const Day = () => Type.String({ maxLength: 10, description: 'YYYY-MM-DD' });
const Cap = () =>
  Type.Integer({
    minimum: 1,
    maximum: MASS_LIMITS.cap,
    description: `How many intentions the Mass takes (${DEFAULT_CAP} when not given)`,
  });

/** A regular Mass as the team adds or edits it. */
export const RegularMassInput = Input(
  'RegularMassInput',
  {
    weekday: OneOf(WEEKDAYS),
    time: Time(),
    place: RequiredText(MASS_LIMITS.place),
    celebrant: Type.Optional(Type.String({ maxLength: MASS_LIMITS.celebrant })),
    cap: Type.Optional(Cap()),
  },
  { weekday: 'Weekday', time: 'Time', place: 'Place', celebrant: 'Celebrant', cap: 'Cap' },
);
export type RegularMassInput = Static<typeof RegularMassInput>;

/** A Mass said every week on one weekday at one time. */
export const RegularMass = Entity('RegularMass', {
  _id: Type.String(),
  weekday: OneOf(WEEKDAYS),
  time: Type.String({ description: 'HH:MM' }),
  place: Type.String(),
  celebrant: Type.String({ description: "'' when not given" }),
  cap: Type.Integer(),
});
export type RegularMass = Static<typeof RegularMass>;

/** A one-off Mass as the team adds it, or any dated Mass as it is edited (moved: its date or time). */
export const MassInput = Input(
  'MassInput',
  {
    date: Day(),
    time: Time(),
    place: RequiredText(MASS_LIMITS.place),
    celebrant: Type.Optional(Type.String({ maxLength: MASS_LIMITS.celebrant })),
    cap: Type.Optional(Cap()),
    title: Type.Optional(Type.String({ maxLength: MASS_LIMITS.title, description: "What it is for: 'Wedding'" })),
  },
  { date: 'Date', time: 'Time', place: 'Place', celebrant: 'Celebrant', cap: 'Cap', title: 'Title' },
);
export type MassInput = Static<typeof MassInput>;

/** An intention as a Mass lists it. */
export const MassIntentionInMass = Entity('MassIntentionInMass', {
  _id: Type.String(),
  fullname: Type.String(),
  intention: Type.String(),
  state: OneOf(['Scheduled', 'Said'] as const),
  stipend: Type.Union([Type.String(), Type.Null()], { description: "The stipend, an amount ('20.50'), or null" }),
});

/** A Mass on a date, with the intentions placed in it. */
export const Mass = Entity('Mass', {
  _id: Type.String({
    description:
      "The Mass's id; for a date of a regular Mass no intention was placed in yet, `<regular Mass id>.<YYYY-MM-DD>`",
  }),
  regularMassId: Type.Union([Type.String(), Type.Null()], { description: 'The regular Mass it is a date of' }),
  date: Type.String({ description: 'YYYY-MM-DD' }),
  time: Type.String({ description: 'HH:MM' }),
  place: Type.String(),
  celebrant: Type.String(),
  cap: Type.Integer(),
  title: Type.String({ description: "'' for none" }),
  past: Type.Boolean({ description: 'Whether it has begun: it takes no new intentions' }),
  intentions: Type.Array(ref(MassIntentionInMass)),
});
export type Mass = Static<typeof Mass>;

/** A week's Masses, Monday to Sunday. */
export const MassWeek = Entity('MassWeek', {
  week: Type.String({ description: 'The Monday it begins on, YYYY-MM-DD' }),
  masses: Type.Array(ref(Mass)),
});
export type MassWeek = Static<typeof MassWeek>;

/** What a week's listing is asked for. */
export const WeekQuery = Type.Object(
  {
    week: Type.Optional(
      Type.String({ maxLength: 10, description: 'A day of the week (YYYY-MM-DD); this week when not given' }),
    ),
  },
  { additionalProperties: false },
);

/** What a week's PDF is asked for: the week, and large print. */
export const WeekPdfQuery = Type.Object(
  {
    ...WeekQuery.properties,
    large: Type.Optional(OneOf(['1'] as const, { title: 'large', description: "'1': large print (16 pt, not 11)" })),
  },
  { additionalProperties: false },
);

/** An intention goes Requested → Scheduled (placed in a Mass) → Said, or Cancelled. */
export const INTENTION_STATES = ['Requested', 'Scheduled', 'Said', 'Cancelled'] as const;
export type IntentionState = (typeof INTENTION_STATES)[number];
/** The states that take a place in a Mass. */
export const PLACED_STATES: readonly IntentionState[] = ['Scheduled', 'Said'];

/** The Mass an intention is placed in, as its row names it. */
export const PlacedMass = Entity('PlacedMass', {
  _id: Type.String(),
  date: Type.String(),
  time: Type.String(),
  place: Type.String(),
  title: Type.String(),
});

/** A mass intention as the team reads it: the request, its state, its Mass, stipend and receipt. */
export const ScheduledMassIntention = Entity('ScheduledMassIntention', {
  _id: Type.String(),
  fullname: Type.String(),
  email: Type.String(),
  intention: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  state: OneOf(INTENTION_STATES),
  mass: Type.Union([ref(PlacedMass), Type.Null()], {
    description: 'The Mass it is placed in (Scheduled or Said), or null',
  }),
  stipend: Type.Union([Type.String(), Type.Null()], { description: "The stipend, an amount ('20.50'), or null" }),
  receipt: Type.String({ description: "The receipt number, '' for none" }),
  stateChangedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  stateChangedBy: Type.Union([Type.String(), Type.Null()]),
});
export type ScheduledMassIntention = Static<typeof ScheduledMassIntention>;

/** Where an intention is placed: a Mass's id (as the week lists it), or `next` for the next free Mass. */
export const IntentionPlacement = Input(
  'IntentionPlacement',
  {
    massId: Type.String({
      minLength: 1,
      maxLength: 40,
      description: "A Mass's id as the week lists it, or `next`: the first Mass from now with room",
    }),
  },
  { massId: 'Mass' },
);
export type IntentionPlacement = Static<typeof IntentionPlacement>;

/**
 * A change to one intention: its state (Requested takes it out of its Mass, Cancelled too; Scheduled
 * is reached by placing it), its stipend (null: none) and its receipt number.
 */
export const IntentionCare = Input(
  'IntentionCare',
  {
    state: Type.Optional(OneOf(INTENTION_STATES)),
    stipend: Type.Optional(
      Type.Union([Type.String({ maxLength: MASS_LIMITS.stipend, title: 'Stipend' }), Type.Null()], {
        description: "An amount: '20' or '20.50'",
      }),
    ),
    receipt: Type.Optional(Type.String({ maxLength: MASS_LIMITS.receipt })),
  },
  { state: 'State', stipend: 'Stipend', receipt: 'Receipt number' },
);
export type IntentionCare = Static<typeof IntentionCare>;
