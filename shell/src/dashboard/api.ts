import { callApi } from 'shared';
import type { Schemas } from 'api/contract';
import { resource } from 'shared/data';
import { takeEarlyFigures } from './earlyFigures';

/** Dashboard figures (spec §3 Analytics). Figures the server has no source for are 0. */
export type Analytics = Schemas['Analytics'];

/** Its query keys, and the invalidation every write below does. */
export const analytics = resource('analytics');

const askAnalytics = async (userId: string, signal?: AbortSignal): Promise<Partial<Analytics>> =>
  (await callApi('get', '/api/v1/analytics/{userId}', { params: { userId }, signal })).data;

export const analyticsApi = {
  /** The first load after a sign-in takes the figures the login page asked for (./earlyFigures). */
  get: async (userId: string, signal?: AbortSignal): Promise<Partial<Analytics>> =>
    ((await takeEarlyFigures(userId)) as Partial<Analytics> | undefined) ?? askAnalytics(userId, signal),
};

/** What exists of the next 30 days' reflections and readings (the content calendar). */
export type ContentCalendar = Schemas['ContentCalendar'];

export const calendarApi = {
  /** `from`: the browser's today (YYYY-MM-DD), the parish's day whatever the server's clock says. */
  get: async (userId: string, from: string, signal?: AbortSignal): Promise<ContentCalendar> =>
    (await callApi('get', '/api/v1/analytics/calendar/{userId}', { params: { userId }, query: { from }, signal })).data,
};
