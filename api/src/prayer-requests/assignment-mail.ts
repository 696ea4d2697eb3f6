import type { Transaction } from 'kysely';
import type { MailConfig } from '../config';
import type { Database } from '../db/schema';
import { compose } from '../mail/compose';
import { oneLine, queueMail } from '../mail/outbox';

/** How much of the request the subject quotes: enough to tell it from others in an inbox. */
const SUBJECT_QUOTE = 60;

export interface AssignmentMail {
  request: { _id: string; request: string; state: string; note: string };
  assignee: { name: string; email: string };
  /** Who assigned it, as they are named. */
  by: string;
  parish: string;
  origin: string;
}

/** The request's first words on one line, cut after a word. */
function quote(text: string): string {
  const line = oneLine(text).replace(/\s+/g, ' ');
  if (line.length <= SUBJECT_QUOTE) return line;
  const cut = line.slice(0, SUBJECT_QUOTE);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUBJECT_QUOTE / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/**
 * Stores the mail telling a member a prayer request was assigned to them, in the assignment's
 * transaction: the request's text whole (a body, never a header), its state and note, and a link to it.
 */
export async function queueAssignmentMail(
  trx: Transaction<Database>,
  config: MailConfig,
  mail: AssignmentMail,
): Promise<void> {
  const { request, assignee, parish, origin } = mail;
  await queueMail(trx, config, {
    kind: 'prayer-request-assigned',
    to: { name: assignee.name, address: assignee.email },
    subject: `A prayer request for you: “${quote(request.request)}”`,
    ...compose({
      parish,
      greeting: `Dear ${oneLine(assignee.name) || assignee.email},`,
      paragraphs: [
        `${oneLine(mail.by)} assigned you a prayer request in ${parish}'s back-office. It is ${request.state}:`,
        request.request,
        ...(request.note ? [`The team's note: ${request.note}`] : []),
      ],
      // Under All, whatever its state: the list opens its details (PrayerRequestsScreen).
      link: { label: 'Open the prayer request', url: `${origin}/prayer-requests?state=all&request=${request._id}` },
      footnote:
        'You get this message because the request was assigned to you; assigning it to someone else tells them.',
    }),
  });
}
