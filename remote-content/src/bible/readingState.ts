import { useLocation } from 'react-router-dom';
import type { Reading } from './api';

/** What the list hands to the details and edit screens (spec §2: "passed in … through navigation state"). */
export interface ReadingState {
  reading: Reading;
}

/** The reading passed in navigation state, if it is the one the path names. */
export function useReadingFromState(id: string): Reading | undefined {
  const state = useLocation().state as Partial<ReadingState> | null;
  const reading = state?.reading;
  return reading && reading._id === id ? reading : undefined;
}

/** The list, on the reading's week. */
export const listOfWeek = (week: number) => (week > 1 ? `/bible-list?week=${week}` : '/bible-list');
