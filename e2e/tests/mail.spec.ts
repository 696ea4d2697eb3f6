import { startTestSmtp, type Received, type TestSmtp } from '../../api/src/testing/smtp';
import { adminEmail, expect, HASHING, test as base, type Browser, type Page, type WorkerServer } from './fixtures';
import { logIn } from './session';

// The mail in the browser, delivered to a real SMTP server (Nodemailer's smtp-server on a free port):
// this file's own server sends through it, with links made from its PUBLIC_URL. A member invited in
// Settings → Team sets the password at the mailed link; "Forgot password?" mails that member, and no
// one for an unknown address, with the same words on screen.

const test = base.extend<object, { smtp: TestSmtp }>({
  smtp: [
    async ({}, use) => {
      const smtp = await startTestSmtp();
      await use(smtp);
      await smtp.stop();
    },
    { scope: 'worker' },
  ],
});

test.use({
  serverEnv: async ({ smtp }, use) =>
    await use((url) => ({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Our Parish <office@parish.org>',
      PUBLIC_URL: url,
      // The outbox is looked at every 5 s in production; the tests wait for each message.
      MAIL_POLL_MS: '100',
    })),
});

const member = 'grace@parish.org';
const unknown = 'nobody@parish.org';
const invited = 'grace chose this one';
const renewed = 'grace after forgetting';
const ARRIVES = { timeout: 15_000 };

/**
 * The messages received since `from` (an index into `smtp.received`). A fresh server makes the week's
 * digest a minute after it starts (on any day after Monday 07:00): that one depends on the clock, not
 * on what the test did, so it is left out.
 */
const since = (smtp: TestSmtp, from: number): Received[] =>
  smtp.received.slice(from).filter((mail) => !/^Our Parish: the week of /.test(mail.headers.get('subject')?.[0] ?? ''));

/** The one-time link of a message's plain-text part, made from the server's PUBLIC_URL. */
function linkIn(mail: Received, server: WorkerServer, label: string): string {
  const found = mail.text.match(new RegExp(`${label}: (\\S+)`))?.[1];
  expect(found).toMatch(new RegExp(`^${server.url.replace(/[.]/g, '\\.')}/set-password\\?token=[\\w-]+$`));
  return found!;
}

/** Sets the password at a mailed link, in a browser of its own (the member's, not the Admin's). */
async function setPasswordAt(browser: Browser, link: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Password set. You can now log in.')).toBeVisible(HASHING);
  await expect(page).toHaveURL(/\/login$/);
  return page;
}

async function signIn(page: Page, password: string) {
  await page.getByLabel('Email').fill(member);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('an Admin adds a member in Settings → Team; the mailed invitation sets the password and the member signs in', async ({
  page,
  browser,
  server,
  smtp,
}) => {
  await logIn(page);
  await page.goto('/settings/team');
  const team = page.getByRole('region', { name: 'Team' });
  await team.getByLabel('Full name').fill('Sister Grace');
  await team.getByLabel('Email').fill(member);
  await team.getByLabel('Role', { exact: true }).selectOption('Manager');
  const before = smtp.received.length;
  await team.getByRole('button', { name: 'Add member' }).click();
  await expect(team.getByRole('status', { name: 'Password link' })).toContainText(
    `It is also on its way to ${member} by email.`,
  );

  await expect.poll(() => since(smtp, before).length, ARRIVES).toBe(1);
  const [invitation] = since(smtp, before);
  expect(invitation!.to).toEqual([member]);
  expect(invitation!.headers.get('subject')).toEqual(["You are invited to Our Parish's back-office"]);
  const memberPage = await setPasswordAt(browser, linkIn(invitation!, server, 'Set your password'), invited);
  await signIn(memberPage, invited);
  await expect(memberPage).toHaveURL(/\/dashboard$/, HASHING);
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Using the link tells the account so, in a message of its own (the next test counts from here).
  await expect.poll(() => since(smtp, before).length, ARRIVES).toBe(2);
  const notice = since(smtp, before)[1]!;
  expect(notice.to).toEqual([member]);
  expect(notice.headers.get('subject')).toEqual(["Your password for Our Parish's back-office was set"]);
  await memberPage.context().close();
});

test('Forgot password? answers an unknown address and the member alike, mails the member alone, and its link sets a new password', async ({
  page,
  browser,
  server,
  smtp,
}) => {
  const before = smtp.received.length;
  const answers: string[] = [];
  await page.goto('/login');
  // The unknown address first: the outbox sends in the order it stored, so a message for it would
  // arrive before the member's.
  for (const email of [unknown, member]) {
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    const answer = page.getByRole('status');
    await expect(answer).toHaveText(
      'If an account uses this email, a link to set a new password is on its way to it. It works once, within 1 hour.',
    );
    answers.push((await answer.textContent())!);
    await page.getByRole('button', { name: 'Back to the login' }).click();
  }
  expect(answers[0]).toBe(answers[1]);

  await expect.poll(() => since(smtp, before).length, ARRIVES).toBe(1);
  const [reset] = since(smtp, before);
  expect(reset!.to).toEqual([member]);
  expect(reset!.headers.get('subject')).toEqual(["Set a new password for Our Parish's back-office"]);
  const memberPage = await setPasswordAt(browser, linkIn(reset!, server, 'Set a new password'), renewed);

  await signIn(memberPage, invited);
  await expect(memberPage.getByText('Invalid email or password')).toBeVisible(HASHING);
  await expect(memberPage).toHaveURL(/\/login$/);
  await memberPage.getByLabel('Password').fill(renewed);
  await memberPage.getByRole('button', { name: 'Login' }).click();
  await expect(memberPage).toHaveURL(/\/dashboard$/, HASHING);

  // Only the member was ever mailed: the link's use told them, the unknown address got nothing.
  await expect.poll(() => since(smtp, before).length, ARRIVES).toBe(2);
  expect(since(smtp, before).flatMap((mail) => mail.to)).toEqual([member, member]);
  await memberPage.context().close();
});

test('an Admin assigns a prayer request to a member in its details; the mail arrives to that member alone', async ({
  page,
  server,
  smtp,
}) => {
  const paul = 'paul@parish.org';
  const text = 'For the sick of the parish';
  await logIn(page);
  await page.goto('/settings/team');
  const team = page.getByRole('region', { name: 'Team' });
  await team.getByLabel('Full name').fill('Brother Paul');
  await team.getByLabel('Email').fill(paul);
  await team.getByRole('button', { name: 'Add member' }).click();
  await expect(team.getByRole('status', { name: 'Password link' })).toBeVisible();
  const before = smtp.received.length;
  // Sent from the mobile app, then assigned in the back-office.
  const sent = await page.request.post('/api/v1/prayer/request', { data: { request: text } });
  expect(sent.status()).toBe(201);
  const id = (await sent.json()).data._id as string;

  await page.goto('/prayer-requests');
  const table = page.getByRole('table', { name: 'Prayer requests' });
  await table.getByRole('button', { name: `Details of “${text}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Prayer request' });
  await dialog.getByLabel('Assigned to').selectOption({ label: 'Brother Paul' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Prayer request updated successfully')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(text) })).toContainText('Assigned to Brother Paul');

  // Paul's invitation may still be on its way: the assignment's mail is the one with the request.
  const assignments = () =>
    since(smtp, before).filter((mail) => mail.headers.get('subject')?.[0]?.startsWith('A prayer request for you'));
  await expect.poll(() => assignments().length, ARRIVES).toBe(1);
  const [assigned] = assignments();
  expect(assigned!.to).toEqual([paul]);
  expect(assigned!.headers.get('subject')).toEqual([`A prayer request for you: “${text}”`]);
  expect(assigned!.text).toContain(text);
  const link = assigned!.text.match(/Open the prayer request: (\S+)/)?.[1];
  expect(link).toBe(`${server.url}/prayer-requests?state=all&request=${id}`);
  // Nobody else was mailed: the Admin who assigned it is not told of what they did.
  expect(since(smtp, before).flatMap((mail) => mail.to)).not.toContain(adminEmail);
  expect(new Set(since(smtp, before).flatMap((mail) => mail.to))).toEqual(new Set([paul]));

  // The mail's link opens the request's details.
  await page.goto(link!);
  await expect(page.getByRole('dialog', { name: 'Prayer request' })).toContainText(text);
});
