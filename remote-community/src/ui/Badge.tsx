import styled from 'styled-components';

/** How a state is coloured: the theme's primary (to act on), success (done), plain, or muted (set aside). */
export type Tone = 'primary' | 'success' | 'plain' | 'muted';

/** A state in words and a colour of the theme (the words alone carry it). */
export const Badge = styled.span<{ $tone: Tone }>`
  display: inline-block;
  padding: 2px ${({ theme }) => theme.space(2)};
  border-radius: 999px;
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: 600;
  white-space: nowrap;
  color: ${({ theme, $tone }) =>
    $tone === 'primary'
      ? theme.color.primary
      : $tone === 'success'
        ? theme.color.success
        : $tone === 'muted'
          ? theme.color.muted
          : theme.color.text};
  background: ${({ theme, $tone }) =>
    $tone === 'primary' ? theme.color.primarySoft : $tone === 'success' ? '#e7f5ee' : theme.color.page};
  border: 1px solid currentColor;
`;
