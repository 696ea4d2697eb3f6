import styled from 'styled-components';
import { FieldRow } from './Field';

/**
 * A form's fields: two columns where there is room, one on a phone. Short fields (a title, a select, a
 * date) sit side by side; long ones (a text area, a file, the editor — also while it loads) and anything that is not a field
 * (the actions, a notice) take the whole width. Wide screens do not stretch inputs across the page.
 */
export const FormColumn = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 18rem), 1fr));
  column-gap: ${({ theme }) => theme.space(6)};
  align-items: start;
  max-width: 880px;
  & > :not(${FieldRow}),
  & > ${FieldRow}:has(textarea),
  & > ${FieldRow}:has(input[type='file']),
  & > ${FieldRow}:has([contenteditable]),
  & > ${FieldRow}:has(> label:not([for])) {
    grid-column: 1 / -1;
  }
`;

/** A form's buttons, together at its end. */
export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(6)};
`;
