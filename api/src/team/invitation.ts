import type { Transaction } from 'kysely';
import type { MailConfig } from '../config';
import type { Database } from '../db/schema';
import type { Parish } from '../parish/settings';
import { compose } from '../mail/compose';
import { queueMail, oneLine } from '../mail/outbox';

export interface LinkMail {
  /** invitation: a member just added; new-link: another link for one who has an account. */
  kind: 'invitation' | 'new-link';
  member: { name: string; email: string; role: string };
  /** Who made the link. */
  by: string;
  url: string;
  expiresAt: string;
  parish: Parish;
}

/** The link's expiry in the parish's time zone, in words: 9 December 2026 at 14:05. */
const when = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(at));

/** Stores the mail of a set-password link in the link's transaction (mail/outbox.ts). */
export async function queueLinkMail(trx: Transaction<Database>, config: MailConfig, mail: LinkMail): Promise<void> {
  const { member, parish } = mail;
  const name = oneLine(member.name) || member.email;
  const by = oneLine(mail.by);
  const expires = `It works once, until ${when(mail.expiresAt, parish.timeZone)} (${parish.timeZone}).`;
  const content =
    mail.kind === 'invitation'
      ? {
          subject: `You are invited to ${parish.name}'s back-office`,
          paragraphs: [
            `${by} added you to ${parish.name}'s back-office as ${member.role}.`,
            `Choose your password at the link below to sign in with ${member.email}. ${expires}`,
          ],
        }
      : {
          subject: `A new link to set your password for ${parish.name}'s back-office`,
          paragraphs: [
            `${by} made you a new link to set the password you sign in with as ${member.email}.`,
            `${expires} Any earlier link no longer works.`,
          ],
        };
  await queueMail(trx, config, {
    kind: mail.kind,
    to: { name: member.name, address: member.email },
    subject: content.subject,
    ...compose({
      parish: parish.name,
      greeting: `Dear ${name},`,
      paragraphs: content.paragraphs,
      link: { label: 'Set your password', url: mail.url },
      footnote: 'If you did not expect this message, you can ignore it: nothing changes until the link is used.',
    }),
  });
}
