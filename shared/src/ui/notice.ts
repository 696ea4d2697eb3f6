import styled, { css } from 'styled-components';

// No more than styled-components here: the login page draws its notice with it before the rest loads.

const tones = {
  /** Something to know: sample data, a draft kept in the browser, a session that ended. */
  note: { background: '#fff7e0', border: '#f2d48a', text: '#6b4e00' },
  /** Something that failed. */
  alert: { background: '#fdecec', border: '#f1b5b5', text: '#7a1c1c' },
};

export type NoticeTone = keyof typeof tones;

/** A tinted band of words set apart from the screen, in the colours of its tone. */
export const noticeCss = (tone: NoticeTone) => css`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${tones[tone].background};
  border: 1px solid ${tones[tone].border};
  color: ${tones[tone].text};
`;

/**
 * A notice with its buttons beside its words (a kept draft's Restore and Discard, a failure's Retry):
 * its words in a `<p>`; the buttons go under them where the row is narrow.
 */
export const Notice = styled.div<{ $tone?: NoticeTone }>`
  ${({ $tone = 'note' }) => noticeCss($tone)}
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  p {
    margin: 0;
    flex: 1 1 16rem;
  }
`;
