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
