import { compose } from './compose';
import { oneLine, type Mail } from './outbox';

/** A security notice to an account: a change it should know of, and what to do if it was not them. */
export function passwordChangedNotice(account: { name: string; email: string }, parish: string, origin: string): Mail {
  return {
    kind: 'password-changed',
    to: { name: account.name, address: account.email },
    subject: `Your password for ${parish}'s back-office was changed`,
    ...compose({
      parish,
      greeting: `Dear ${oneLine(account.name) || account.email},`,
      paragraphs: [
        `The password you sign in with as ${account.email} was just changed in Settings → Password. Your other sessions were signed out.`,
        'If it was not you, set a new password at once with "Forgot password?" on the login page, and tell an Admin.',
      ],
      link: { label: 'Open the login page', url: `${origin}/login` },
    }),
  };
}

/** Two-factor sign-in was turned off: by the account itself, or reset by the server's operator (a lost phone). */
export function twoFactorOffNotice(
  account: { name: string; email: string },
  parish: string,
  origin: string,
  by: 'account' | 'operator',
): Mail {
  return {
    kind: 'two-factor-off',
    to: { name: account.name, address: account.email },
    subject: `Two-factor sign-in was turned off for ${parish}'s back-office`,
    ...compose({
      parish,
      greeting: `Dear ${oneLine(account.name) || account.email},`,
      paragraphs: [
        by === 'account'
          ? `Two-factor sign-in of ${account.email} was just turned off in Settings → Two-factor sign-in: your password alone signs you in now.`
          : `The server's operator turned off two-factor sign-in of ${account.email} (npm run admin -- reset-2fa) and signed out all your sessions: your password alone signs you in now.`,
        'Turn it on again in Settings → Two-factor sign-in. If you did not ask for this, set a new password with "Forgot password?" on the login page, and tell an Admin.',
      ],
      link: { label: 'Open the login page', url: `${origin}/login` },
    }),
  };
}
