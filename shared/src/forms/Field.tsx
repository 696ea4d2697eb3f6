import { useField } from 'formik';
import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

export const FieldRow = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  label {
    font-weight: 600;
    font-size: ${({ theme }) => theme.font.size.small};
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
  invalid: boolean;
  describedBy: string | undefined;
}

interface LabelledFieldProps {
  name: string;
  label: string;
  hint?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A visible label bound to its control, the control, and its error once the field is touched
 * (spec §5: errors only for touched fields).
 */
export function LabelledField({ name, label, hint, children }: LabelledFieldProps) {
  const [, meta] = useField(name);
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const error = meta.touched && meta.error ? meta.error : undefined;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldRow>
      <label htmlFor={id}>{label}</label>
      {children({ id, invalid: Boolean(error), describedBy })}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <ErrorText id={errorId}>{error}</ErrorText>}
    </FieldRow>
  );
}
