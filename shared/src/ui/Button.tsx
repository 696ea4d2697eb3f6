import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Spinner } from './Spinner';

export type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variantStyles = {
  primary: css`
    background: ${({ theme }) => theme.color.primary};
    color: #fff;
    border-color: ${({ theme }) => theme.color.primary};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.color.primaryHover};
    }
  `,
  secondary: css`
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    border-color: ${({ theme }) => theme.color.border};
    &:hover:not(:disabled) {
      background: ${({ theme }) => theme.color.page};
    }
  `,
  danger: css`
    background: ${({ theme }) => theme.color.danger};
    color: #fff;
    border-color: ${({ theme }) => theme.color.danger};
    &:hover:not(:disabled) {
      filter: brightness(0.92);
    }
  `,
  ghost: css`
    background: transparent;
    color: inherit;
    border-color: transparent;
    &:hover:not(:disabled) {
      background: rgba(0, 0, 0, 0.06);
    }
  `,
};

// A link that looks like a button has the same look (ButtonLink.tsx).
export const buttonCss = css<{ $variant: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 38px;
  padding: 0 ${({ theme }) => theme.space(4)};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radius};
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  ${({ $variant }) => variantStyles[$variant]}
  /* aria-disabled: a button that waits keeps the focus (a disabled one would lose it to the page). */
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const StyledButton = styled.button<{ $variant: Variant }>`
  ${buttonCss}
`;

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a spinner and disables the button while a call runs. */
  busy?: boolean;
  children: ReactNode;
}

export function Button({
  variant = 'primary',
  busy = false,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <StyledButton $variant={variant} type={type} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <Spinner size={14} label="Saving" />}
      {children}
    </StyledButton>
  );
}
