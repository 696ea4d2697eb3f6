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

/** A password set with a one-time link: a forgotten one's, an Admin's new link, `npm run admin -- reset-password`, an invitation's. */
export function passwordSetNotice(account: { name: string; email: string }, parish: string, origin: string): Mail {
  return {
    kind: 'password-set',
    to: { name: account.name, address: account.email },
    subject: `Your password for ${parish}'s back-office was set`,
    ...compose({
      parish,
      greeting: `Dear ${oneLine(account.name) || account.email},`,
      paragraphs: [
        `The password you sign in with as ${account.email} was just set with a one-time link. Every session of the account was signed out.`,
        'If it was not you, someone else holds that link: set a new password at once with "Forgot password?" on the login page, and tell an Admin.',
      ],
      link: { label: 'Open the login page', url: `${origin}/login` },
    }),
  };
}

export interface NewDeployToken {
  name: string;
  /** The remote as the screens name it (Content, not content). */
  remote: string;
  scope: 'publish' | 'deploy';
  expiresAt: string;
  /** Who made it, as they are named. */
  by: string;
}

/** A new deploy token, told to one Admin: a team's CI can now change what every member's browser runs. */
export function deployTokenNotice(
  admin: { name: string; email: string },
  parish: { name: string; timeZone: string },
  origin: string,
  token: NewDeployToken,
): Mail {
  const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: parish.timeZone }).format(
    new Date(token.expiresAt),
  );
  const may = token.scope === 'deploy' ? 'publish, go live and roll back' : 'publish only';
  return {
    kind: 'deploy-token-made',
    to: { name: admin.name, address: admin.email },
    subject: `A new deploy token was made for ${parish.name}'s back-office`,
    ...compose({
      parish: parish.name,
      greeting: `Dear ${oneLine(admin.name) || admin.email},`,
      paragraphs: [
        `${oneLine(token.by)} made the deploy token “${oneLine(token.name)}” for ${token.remote}: it may ${may}, until ${until}.`,
        "With it a team's CI changes the screens every member's browser runs. If nobody told you of it, revoke it in Settings → Deployed versions and tell the other Admins.",
      ],
      link: { label: 'Open Settings → Deployed versions', url: `${origin}/settings/versions` },
      footnote: 'Every Admin of the team gets this notice.',
    }),
  };
}
