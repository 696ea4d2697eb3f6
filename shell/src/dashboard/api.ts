import { callApi } from 'shared';
import type { Schemas } from 'api/contract';
import { resource } from 'shared/data';

/** Dashboard figures (spec §3 Analytics). Figures the server has no source for are 0. */
export type Analytics = Schemas['Analytics'];

/** Its query keys, and the invalidation every write below does. */
export const analytics = resource('analytics');

const askAnalytics = async (userId: string, signal?: AbortSignal): Promise<Partial<Analytics>> =>
  (await callApi('get', '/api/v1/analytics/{userId}', { params: { userId }, signal })).data;

/** The figures asked for at sign-in, before the dashboard rendered: its first load takes this answer. */
let early: { userId: string; answer: Promise<Partial<Analytics>> } | undefined;

/**
 * Asks for the figures now (the moment a sign-in that leads to the dashboard has its session), so that
 * the call runs while the screens load instead of after them.
 */
export function startAnalytics(userId: string) {
  if (early) return;
  const answer = askAnalytics(userId);
  // Its failure is the dashboard's to show, when its load takes this answer.
  answer.catch(() => undefined);
  early = { userId, answer };
}

export const analyticsApi = {
  get: (userId: string, signal?: AbortSignal): Promise<Partial<Analytics>> => {
    const started = early;
    early = undefined;
    return started?.userId === userId ? started.answer : askAnalytics(userId, signal);
  },
};

/** What exists of the next 30 days' reflections and readings (the content calendar). */
export type ContentCalendar = Schemas['ContentCalendar'];

export const calendarApi = {
  /** `from`: the browser's today (YYYY-MM-DD), the parish's day whatever the server's clock says. */
  get: async (userId: string, from: string, signal?: AbortSignal): Promise<ContentCalendar> =>
    (await callApi('get', '/api/v1/analytics/calendar/{userId}', { params: { userId }, query: { from }, signal })).data,
};
