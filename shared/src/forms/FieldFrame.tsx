import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

// No form library here: the login page draws its fields with these before formik has loaded.

export const FieldRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  label {
    font-weight: 600;
    font-size: ${({ theme }) => theme.font.size.small};
  }
  /* The label of a control that is not a form element (the editor): a click on it puts the caret there. */
  label:not([for]) {
    cursor: text;
  }
`;

export const controlCss = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 40px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.color.danger : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.color.surface};
  color: inherit;
  font: inherit;
  &:focus {
    border-color: ${({ theme }) => theme.color.focus};
  }
`;

export const Input = styled.input<{ $invalid?: boolean }>`
  ${controlCss}
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

export interface FieldControlProps {
  id: string;
  /** The label's id: a control that is not a form element is named by it (aria-labelledby). */
  labelId: string;
  invalid: boolean;
  describedBy: string | undefined;
}

interface FieldFrameProps {
  label: string;
  hint?: string;
  /** The error to show now (a form shows a field's error once it is touched). */
  error?: string;
  /**
   * Given, the control is not a form element (the rich-text editor): the label is not bound to it by
   * `for` (the control names itself by `labelId`), and a click on the label calls this to focus it.
   */
  focusControl?: () => void;
  children: (control: FieldControlProps) => ReactNode;
}

/** A visible label bound to its control, the control, its hint and its error. */
export function FieldFrame({ label, hint, error, focusControl, children }: FieldFrameProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldRow>
      {focusControl ? (
        <label id={labelId} onClick={focusControl}>
          {label}
        </label>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {children({ id, labelId, invalid: Boolean(error), describedBy })}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </FieldRow>
  );
}
