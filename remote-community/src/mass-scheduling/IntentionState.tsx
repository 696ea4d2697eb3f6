import { Badge, type Tone } from '../ui/Badge';
import type { IntentionState as State } from './api';

const TONES: Record<State, Tone> = { Requested: 'primary', Scheduled: 'plain', Said: 'success', Cancelled: 'muted' };

/** An intention's state, in words and a colour of the theme. */
export function IntentionState({ state }: { state: State }) {
  return <Badge $tone={TONES[state]}>{state}</Badge>;
}
