import { wallClock } from '../http/dates';

/** The weekly digest goes out on Mondays at 07:00 in the parish's time zone (docs/mail.md). */
export const DIGEST_TIME = { hour: 7 } as const;
/** The same, in words. */
export const DIGEST_AT = 'Monday at 07:00';

const DAY_MS = 86_400_000;

/**
 * The instant a wall-clock time (written as UTC) happens in `timeZone`. The zone's offsets a day before
 * and after cover a change of clocks between them: of two instants showing that time (clocks set back)
 * the first; a time the clocks skip (set forward) is taken as the instant they jump to plus its distance.
 */
export function instantOf(wall: number, timeZone: string): number {
  const candidates = [wall - DAY_MS, wall + DAY_MS].map((near) => wall - (wallClock(near, timeZone) - near));
  const real = candidates.filter((at) => wallClock(at, timeZone) === wall);
  return real.length ? Math.min(...real) : Math.max(...candidates);
}

const dateOf = (wall: number) => new Date(wall).toISOString().slice(0, 10);

/**
 * The latest digest time at or before `now`: its week (the Monday, YYYY-MM-DD, in the parish's
 * calendar) and its instant. That week's digest is due from then until the next Monday's.
 */
export function digestDue(now: Date, timeZone: string): { week: string; at: Date } {
  const wall = wallClock(now.getTime(), timeZone);
  const today = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
  // getUTCDay: 0 is Sunday; the days since Monday.
  let monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  let at = instantOf(monday + DIGEST_TIME.hour * 3_600_000, timeZone);
  if (at > now.getTime()) {
    monday -= 7 * DAY_MS;
    at = instantOf(monday + DIGEST_TIME.hour * 3_600_000, timeZone);
  }
  return { week: dateOf(monday), at: new Date(at) };
}

/** The next digest time after `now`: the following Monday at 07:00 in the parish's zone. */
export function nextDigestAt(now: Date, timeZone: string): Date {
  const { week } = digestDue(now, timeZone);
  return new Date(instantOf(Date.parse(`${week}T00:00:00Z`) + 7 * DAY_MS + DIGEST_TIME.hour * 3_600_000, timeZone));
}
