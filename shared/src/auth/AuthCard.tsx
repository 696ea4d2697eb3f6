import styled from 'styled-components';

/** The page of the screens reached without a session: the login, and setting a password from a link. */
export const AuthPage = styled.main`
  min-height: 100%;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space(6)};
  background: linear-gradient(
    160deg,
    ${({ theme }) => theme.color.primarySoft},
    ${({ theme }) => theme.color.page} 60%
  );
`;

/** `$wide` for a step that shows more than a form (the set-up's QR code beside its key and code). */
export const AuthCard = styled.div<{ $wide?: boolean }>`
  width: min(${({ $wide }) => ($wide ? 640 : 400)}px, 100%);
  padding: ${({ theme }) => theme.space(8)};
  background: ${({ theme }) => theme.color.surface};
  border-radius: 12px;
  box-shadow: 0 12px 32px rgba(16, 24, 40, 0.12);
  h1 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1.5rem;
  }
  /* The card's own lines of text; a field's messages keep their own colours. */
  > p {
    margin: 0 0 ${({ theme }) => theme.space(6)};
    color: ${({ theme }) => theme.color.muted};
  }
  button[type='submit'] {
    width: 100%;
    margin-top: ${({ theme }) => theme.space(2)};
  }
`;
