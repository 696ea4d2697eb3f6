import styled from 'styled-components';
import type { PrayerState } from './api';

const Badge = styled.span<{ $state: PrayerState }>`
  display: inline-block;
  padding: 2px ${({ theme }) => theme.space(2)};
  border-radius: 999px;
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: 600;
  white-space: nowrap;
  color: ${({ theme, $state }) =>
    $state === 'New' ? theme.color.primary : $state === 'Answered' ? theme.color.success : theme.color.text};
  background: ${({ theme, $state }) =>
    $state === 'New' ? theme.color.primarySoft : $state === 'Answered' ? '#e7f5ee' : theme.color.page};
  border: 1px solid currentColor;
`;

/** A request's state, in words and a colour of the theme (the words alone carry it). */
export function StateBadge({ state }: { state: PrayerState }) {
  return <Badge $state={state}>{state}</Badge>;
}
