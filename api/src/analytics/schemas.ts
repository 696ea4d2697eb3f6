import { Type, type Static } from '@sinclair/typebox';
import { Entity } from '../http/contract';

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
});
export type Analytics = Static<typeof Analytics>;
