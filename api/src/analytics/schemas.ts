import { Type, type Static } from '@sinclair/typebox';
import { Entity } from '../http/contract';

/** How many calendar months the donations series covers, the current one included. */
export const DONATION_MONTHS = 12;

/** The dashboard's figures (spec section 3, "Analytics"). */
export const Analytics = Entity('Analytics', {
  totalUsers: Type.Number(),
  totalBooks: Type.Number(),
  newUsers: Type.Number(),
  newBooks: Type.Number(),
  mostDownloadedBook: Type.Union([Type.String(), Type.Null()]),
  totalUsersFollowingReadingPlan: Type.Number(),
  percentageOfUsersCompletingDailyReadings: Type.Number(),
  dropOffRate: Type.Number(),
  totalPrayerRequests: Type.Number(),
  totalPrayerRequestsResponded: Type.Number(),
  donationsByMonth: Type.Array(
    Type.Object({
      month: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$', description: 'A calendar month in UTC, YYYY-MM' }),
      count: Type.Integer({ minimum: 0, description: 'Donations added in that month' }),
    }),
    {
      minItems: DONATION_MONTHS,
      maxItems: DONATION_MONTHS,
      description: 'The donations added per UTC calendar month: the last 12 months, the current one last, zero-filled',
    },
  ),
});
export type Analytics = Static<typeof Analytics>;

/** How many days the dashboard's content calendar looks ahead, the first one included. */
export const CALENDAR_DAYS = 30;

const CalendarDate = (description: string) => Type.String({ format: 'date', description });

/** What exists of the content the mobile app shows day by day, over the next CALENDAR_DAYS days. */
export const ContentCalendar = Entity('ContentCalendar', {
  from: CalendarDate('The first day, YYYY-MM-DD'),
  to: CalendarDate('The last day, YYYY-MM-DD'),
  days: Type.Array(
    Type.Object({
      date: CalendarDate('YYYY-MM-DD'),
      adultReflection: Type.Boolean({ description: 'An adult reflection exists for the day' }),
      childrenReflection: Type.Boolean({ description: 'A children reflection exists for the day' }),
      reading: Type.Boolean({ description: "The Bible-in-a-year plan has a reading for the day's day of the year" }),
      planWeek: Type.Integer({ minimum: 1, maximum: 52, description: "The plan's week of the day" }),
    }),
    { minItems: CALENDAR_DAYS, maxItems: CALENDAR_DAYS },
  ),
  missingPlanWeeks: Type.Array(
    Type.Object({
      week: Type.Integer({ minimum: 1, maximum: 52 }),
      missingDates: Type.Array(CalendarDate('A day of that week, in the window, with no reading'), { minItems: 1 }),
    }),
    { description: "The plan's weeks with a day of the window that has no reading, in date order" },
  ),
});
export type ContentCalendar = Static<typeof ContentCalendar>;
