import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../db/database';
import { Entity, fromRow, OneOf, ref } from '../http/contract';
import { isCalendarDate } from '../http/dates';
import { badRequest } from '../http/errors';
import { sumAmounts } from './amounts';
import { addDays } from './calendar';
import { PLACED_STATES } from './schemas';

// The intentions report: for a period (from and to, both included), the Masses that hold intentions,
// each with its intentions, stipends and receipts; the stipends' totals by Mass, by state and for the
// period. What the office accounts for: the intentions placed in a Mass (Scheduled or Said). A
// Requested or Cancelled one has no Mass, so no place in a period.

export const REPORT_STATES = PLACED_STATES as readonly ('Scheduled' | 'Said')[];

export const REPORT_MESSAGES = {
  badFrom: 'From must be a day of the calendar, written YYYY-MM-DD',
  badTo: 'To must be a day of the calendar, written YYYY-MM-DD',
  fromAfterTo: 'The period is back to front: From must be on or before To',
} as const;

const Day = (what: string) => Type.String({ maxLength: 10, description: `${what} (YYYY-MM-DD), included` });

/** The period asked for: this month (the parish's) when neither is given; a month of the one given. */
export const ReportQuery = Type.Object(
  {
    from: Type.Optional(Day("The period's first day; the first of To's month, or of this month, when not given")),
    to: Type.Optional(Day("The period's last day; the last of From's month, or of this month, when not given")),
  },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuery>;

export const ReportIntention = Entity('ReportIntention', {
  _id: Type.String(),
  fullname: Type.String({ description: 'Who asked' }),
  email: Type.String(),
  intention: Type.String(),
  state: OneOf(REPORT_STATES),
  stipend: Type.Union([Type.String(), Type.Null()], { description: "The stipend ('20.50'), or null" }),
  receipt: Type.String({ description: "The receipt number, '' for none" }),
});
export type ReportIntention = Static<typeof ReportIntention>;

export const ReportMass = Entity('ReportMass', {
  _id: Type.String(),
  date: Type.String({ description: 'YYYY-MM-DD' }),
  time: Type.String({ description: 'HH:MM' }),
  place: Type.String(),
  title: Type.String({ description: "'' for none" }),
  celebrant: Type.String({ description: "'' for none" }),
  intentions: Type.Array(ref(ReportIntention)),
  stipends: Type.String({ description: "The total of its stipends, two decimals ('0.00' for none)" }),
});
export type ReportMass = Static<typeof ReportMass>;

export const ReportStateTotal = Entity('ReportStateTotal', {
  state: OneOf(REPORT_STATES),
  count: Type.Integer({ description: 'How many intentions of the period are in this state' }),
  stipends: Type.String({ description: 'The total of their stipends, two decimals' }),
});
export type ReportStateTotal = Static<typeof ReportStateTotal>;

export const IntentionsReport = Entity('IntentionsReport', {
  from: Type.String({ description: "The period's first day, YYYY-MM-DD" }),
  to: Type.String({ description: "The period's last day, YYYY-MM-DD (included)" }),
  masses: Type.Array(ref(ReportMass), { description: 'The Masses of the period holding intentions, by date and time' }),
  states: Type.Array(ref(ReportStateTotal), { description: 'Scheduled, then Said, each even when none' }),
  count: Type.Integer({ description: 'How many intentions in all' }),
  stipends: Type.String({ description: "The period's total of stipends, two decimals" }),
});
export type IntentionsReport = Static<typeof IntentionsReport>;

const lastOfMonth = (day: string) => addDays(`${addDays(`${day.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);

/**
 * The period a query asks for, checked: each given day a day of the calendar; one left out is the
 * month of the other (this month, the parish's `today`, when neither is given); From after To refused.
 */
export function reportPeriod(query: ReportQuery, today: string): { from: string; to: string } {
  if (query.from !== undefined && !isCalendarDate(query.from)) throw badRequest(REPORT_MESSAGES.badFrom);
  if (query.to !== undefined && !isCalendarDate(query.to)) throw badRequest(REPORT_MESSAGES.badTo);
  const anchor = query.from ?? query.to ?? today;
  const from = query.from ?? `${anchor.slice(0, 7)}-01`;
  const to = query.to ?? lastOfMonth(anchor);
  if (from > to) throw badRequest(REPORT_MESSAGES.fromAfterTo);
  return { from, to };
}

/** The report of a period (both days included). */
export async function intentionsReport(db: Db, from: string, to: string): Promise<IntentionsReport> {
  const rows = await db.kysely
    .selectFrom('massIntentions')
    .innerJoin('masses', 'masses._id', 'massIntentions.massId')
    .select([
      'masses._id as massId',
      'masses.date',
      'masses.time',
      'masses.place',
      'masses.title',
      'masses.celebrant',
      'massIntentions._id',
      'massIntentions.fullname',
      'massIntentions.email',
      'massIntentions.intention',
      'massIntentions.state',
      'massIntentions.stipend',
      'massIntentions.receipt',
    ])
    .where('masses.date', '>=', from)
    .where('masses.date', '<=', to)
    .where('massIntentions.state', 'in', [...REPORT_STATES])
    // As the week lists them: by date, time and place; within a Mass, in the order they were asked for.
    .orderBy('masses.date')
    .orderBy('masses.time')
    .orderBy('masses.place')
    .orderBy('masses._id')
    .orderBy('massIntentions.createdAt')
    .orderBy('massIntentions._id')
    .execute();

  const masses: ReportMass[] = [];
  for (const row of rows) {
    let mass = masses.at(-1);
    if (mass?._id !== row.massId) {
      // The row's _id is the intention's.
      mass = fromRow(ReportMass, row, { _id: row.massId, intentions: [], stipends: '' });
      masses.push(mass);
    }
    mass.intentions.push(fromRow(ReportIntention, row, { state: row.state as ReportIntention['state'] }));
  }
  for (const mass of masses) mass.stipends = sumAmounts(mass.intentions.map((intention) => intention.stipend));

  const all = masses.flatMap((mass) => mass.intentions);
  return {
    from,
    to,
    masses,
    states: REPORT_STATES.map((state) => {
      const inState = all.filter((intention) => intention.state === state);
      return { state, count: inState.length, stipends: sumAmounts(inState.map((intention) => intention.stipend)) };
    }),
    count: all.length,
    stipends: sumAmounts(all.map((intention) => intention.stipend)),
  };
}
