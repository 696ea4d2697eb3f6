import { css } from 'styled-components';

/** Out of sight, still read by assistive technology (a hidden heading, a button's unseen name). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;
