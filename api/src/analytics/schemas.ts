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
