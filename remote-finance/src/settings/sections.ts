import { formatDateTime } from 'shared';
import styled from 'styled-components';

// What Settings' panels share: the sections below Deployed versions' table (the rollouts, the releases,
// the deploy tokens), release ids and commits in type, a time as the panels say it, and a filter's list.

export const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(6)};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  padding-top: ${({ theme }) => theme.space(4)};
`;

/** The section's title, with its buttons or filter at the other end of the row. */
export const Heading = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    margin: 0;
  }
`;

export const Note = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.muted};
`;

/** A release id or a commit, in type. */
export const Mono = styled.code`
  font-size: 0.85em;
`;

/** A build's or a switch's time, as the panels say it (the ISO text when it cannot be read). */
export const timeOf = (iso: string) => formatDateTime(iso) || iso;

/** A list that filters or picks what a panel shows (Activity's member and kind, Releases' remote). */
export const FilterSelect = styled.select`
  min-height: 34px;
  min-width: 160px;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius};
  font: inherit;
  font-weight: 400;
`;
