import { useSearchParams } from 'react-router-dom';
import { formatDate, formatMoney, useParish, useUserId } from 'shared';
import { useResource } from 'shared/data';
import { massIntentions, massIntentionsApi } from './api';
import { addDays, isDay, today } from './calendar';

// The intentions report's period and data, one for its screen and its print view: the period is kept
// in the address (`?from=&to=`, both included), this month (the parish's) when not given.

export interface Period {
  from: string;
  to: string;
}

/** The month a day is in, first to last day. */
export function monthOf(day: string): Period {
  const from = `${day.slice(0, 7)}-01`;
  const to = addDays(`${addDays(`${day.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);
  return { from, to };
}

/** The period the address asks for; this month for a day missing or not a day. */
export function usePeriod(): Period {
  const [search] = useSearchParams();
  const month = monthOf(today());
  const from = search.get('from');
  const to = search.get('to');
  return { from: isDay(from) ? from : month.from, to: isDay(to) ? to : month.to };
}

/** The address part of a period: `from=…&to=…`. */
export const periodQuery = ({ from, to }: Period) => `from=${from}&to=${to}`;

/** 'dd/mm/yyyy – dd/mm/yyyy'. */
export const periodInWords = ({ from, to }: Period) => `${formatDate(from)} – ${formatDate(to)}`;

/** The report of a period (one load for the screen, the preview and the printed copy: one cache key). */
export function useReport(period: Period) {
  const userId = useUserId();
  return useResource(massIntentions.list({ userId, part: 'report', ...period }), (signal) =>
    massIntentionsApi.report(userId, period, signal),
  );
}

/** Amounts in the parish's currency: a stipend ('—' for none) or a total. */
export function useMoney(): (amount: string | null) => string {
  const { currency } = useParish();
  return (amount) => (amount === null || amount === '' ? '—' : formatMoney(amount, currency));
}

/** '1 intention', '3 intentions'. */
export const intentionsCount = (count: number) => (count === 1 ? '1 intention' : `${count} intentions`);
