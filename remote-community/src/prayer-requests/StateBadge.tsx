import { Badge } from '../ui/Badge';
import type { PrayerState } from './api';

/** A request's state, in words and a colour of the theme (the words alone carry it). */
export function StateBadge({ state }: { state: PrayerState }) {
  return <Badge $tone={state === 'New' ? 'primary' : state === 'Answered' ? 'success' : 'plain'}>{state}</Badge>;
}
