import { apiClient, pathId, unwrap } from 'shared';

/** Dashboard figures (spec §3 Analytics). Figures the server has no source for are 0. */
export interface Analytics {
  totalUsers: number;
  totalBooks: number;
  newUsers: number;
  newBooks: number;
  mostDownloadedBook: string | null;
  totalUsersFollowingReadingPlan: number;
  percentageOfUsersCompletingDailyReadings: number;
  dropOffRate: number;
  totalPrayerRequests: number;
  totalPrayerRequestsResponded: number;
}

export const analyticsApi = {
  get: (userId: string, signal?: AbortSignal) =>
    unwrap<Partial<Analytics>>(apiClient.get(`/analytics/${pathId(userId)}`, { signal })),
};
