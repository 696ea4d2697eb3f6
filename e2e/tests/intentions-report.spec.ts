import { expect, test } from './fixtures';
import { FIRST_PAGE, openScreen } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const shown = (date: Date) => `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
const inDays = (days: number, now = new Date()) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);

test('the intentions report of a period shows each stipend and their total, and prints', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await openScreen(page, '/mass-scheduling');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as { _id: string };
  const headers = { authorization: `Bearer ${token}` };

  // A Mass in three days with two intentions, their stipends and a receipt recorded.
  const day = inDays(3);
  const added = await page.request.post(`/api/v1/add/mass/${user._id}`, {
    headers,
    data: { date: iso(day), time: '18:00', place: 'Grotto', celebrant: 'Fr. Paul' },
  });
  expect(added.status()).toBe(201);
  const massId = (await added.json()).data._id as string;
  for (const [fullname, stipend, receipt] of [
    ['Ada Obi', '20.50', 'R-0001'],
    ['Bola Ade', '0.10', ''],
  ] as const) {
    const asked = await page.request.post('/api/v1/mass/intention', {
      data: { fullname, email: 'asker@example.com', intention: `For the intentions of ${fullname}` },
    });
    const id = (await asked.json()).data._id as string;
    const placed = await page.request.put(`/api/v1/mass/intention/place/${user._id}/${id}`, {
      headers,
      data: { massId },
    });
    expect(placed.status()).toBe(200);
    const cared = await page.request.put(`/api/v1/mass/intention/${user._id}/${id}`, {
      headers,
      data: { stipend, receipt },
    });
    expect(cared.status()).toBe(200);
  }

  // From Mass Scheduling to the report, its period chosen with From and To.
  await page.reload();
  await page.getByRole('link', { name: 'Intentions report' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Intentions Report' })).toBeVisible(FIRST_PAGE);
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(shown(inDays(0)));
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(shown(inDays(7)));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${iso(inDays(0))}&to=${iso(inDays(7))}`));
  const mass = page.getByRole('table', { name: new RegExp(`Intentions of .*${shown(day)} 18:00, Grotto`) });
  await expect(mass.getByRole('row', { name: /Ada Obi/ })).toContainText('R-0001');
  await expect(page.getByText('2 intentions · Stipends:')).toContainText('20.60');
  const states = page.getByRole('table', { name: 'By state' });
  await expect(states.getByRole('row', { name: /Total for the period/ })).toContainText('20.60');
  await page.screenshot({ path: testInfo.outputPath('report-1366.png'), fullPage: true });

  // Its print view: the same report on one clean A4 page, nothing of the shell on paper.
  await page.getByRole('link', { name: 'Print' }).click();
  await expect(page).toHaveURL(/\/mass-scheduling\/report\/print\?from=/);
  const sheet = page.getByRole('article', { name: 'Mass intentions report' });
  await expect(sheet).toContainText('For the intentions of Bola Ade', FIRST_PAGE);
  await expect(sheet.getByRole('row', { name: /Total for the period/ })).toContainText('20.60');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.locator('#intentions-report-print')).toContainText('For the intentions of Ada Obi');
  await page.screenshot({ path: testInfo.outputPath('report-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('link', { name: 'Back to the report' }).click();
  await expect(page).toHaveURL(/\/mass-scheduling\/report\?from=/);
});
