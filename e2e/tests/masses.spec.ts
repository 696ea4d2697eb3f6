import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { FIRST_PAGE, openScreen, signInOverApi } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const shown = (date: Date) => `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;

/** The coming Sunday (a week on, on a Sunday), and whether it is in next week (Monday to Sunday). */
function nextSunday(now = new Date()): { date: Date; nextWeek: boolean } {
  const days = (7 - now.getDay()) % 7 || 7;
  return { date: new Date(now.getFullYear(), now.getMonth(), now.getDate() + days), nextWeek: now.getDay() === 0 };
}

test('an intention sent through the mobile app’s call is placed into next Sunday’s 10:30 until it is full; the week prints', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // The mobile app's submit answers as it always did: the request, nothing of its scheduling.
  const askers = ['Ada Obi', 'Bola Ade', 'Chidi Eze', 'Dayo Ola', 'Efe Uko', 'Femi Ojo'];
  for (const fullname of askers) {
    const answer = await page.request.post('/api/v1/mass/intention', {
      data: { fullname, email: 'asker@example.com', intention: `For the intentions of ${fullname}` },
    });
    expect(answer.status()).toBe(201);
    expect(Object.keys((await answer.json()).data).sort()).toEqual([
      '_id',
      'createdAt',
      'email',
      'fullname',
      'intention',
    ]);
  }

  // The parish's Sunday 10:30, a regular Mass with the default cap of 5.
  await openScreen(page, '/mass-scheduling?view=week');
  await page.getByRole('button', { name: 'Regular Masses' }).click();
  const regular = page.getByRole('dialog', { name: 'Regular Masses' });
  await expect(regular.getByText('No regular Masses yet.')).toBeVisible();
  await regular.getByLabel('Weekday').selectOption('Sunday');
  await regular.getByLabel('Time').fill('10:30');
  await regular.getByLabel('Place').fill('Main church');
  await regular.getByLabel('Celebrant').fill('Fr. Paul');
  await regular.getByRole('button', { name: 'Add regular Mass' }).click();
  await expect(page.getByText('Regular Mass added successfully')).toBeVisible();
  await expect(regular.getByRole('table', { name: 'Regular Masses' })).toContainText('Main church');
  await regular.getByRole('button', { name: 'Cancel' }).click();

  // Placed by hand, one after another, until the Mass is full.
  const sunday = nextSunday();
  const mass = new RegExp(`Sunday ${shown(sunday.date).replace(/\//g, '\\/')} 10:30, Main church`);
  await page.getByRole('button', { name: 'Requests', exact: true }).click();
  const table = page.getByRole('table', { name: 'Mass intentions' });
  const placeDialog = page.getByRole('dialog', { name: 'Place intention' });
  for (const fullname of askers.slice(0, 5)) {
    await table.getByRole('button', { name: `Place ${fullname}` }).click();
    if (sunday.nextWeek) await placeDialog.getByRole('button', { name: 'Next week' }).click();
    await placeDialog.getByRole('radio', { name: mass }).check();
    await placeDialog.getByRole('button', { name: 'Place', exact: true }).click();
    await expect(placeDialog).toBeHidden();
    await expect(table.getByRole('row', { name: new RegExp(fullname) })).toContainText('Scheduled');
  }
  await expect(table.getByRole('row', { name: /Efe Uko/ })).toContainText(`${shown(sunday.date)} 10:30, Main church`);

  // The sixth: the full Mass cannot be chosen, and the server refuses it in words.
  await table.getByRole('button', { name: 'Place Femi Ojo' }).click();
  if (sunday.nextWeek) await placeDialog.getByRole('button', { name: 'Next week' }).click();
  await expect(placeDialog.getByRole('radio', { name: mass })).toBeDisabled();
  await expect(placeDialog.getByText('Full')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('place-1366.png') });
  await placeDialog.getByRole('button', { name: 'Cancel' }).click();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as { _id: string };
  const headers = { authorization: `Bearer ${token}` };
  const week = await page.request.get(`/api/v1/masses/week/${user._id}?week=${iso(sunday.date)}`, { headers });
  const stored = ((await week.json()).data.masses as { _id: string; date: string; time: string }[]).find(
    (found) => found.date === iso(sunday.date) && found.time === '10:30',
  )!;
  const intentions = (await (await page.request.get(`/api/v1/mass/intention/${user._id}`, { headers })).json())
    .data as { _id: string; fullname: string }[];
  const sixth = intentions.find((intention) => intention.fullname === 'Femi Ojo')!;
  const refused = await page.request.put(`/api/v1/mass/intention/place/${user._id}/${sixth._id}`, {
    headers,
    data: { massId: stored._id },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({ message: 'This Mass is full: it takes 5 intentions' });
  await expect(table.getByRole('row', { name: /Femi Ojo/ })).toContainText('Requested');
  // Every column, the row's actions with them, in view on a wide screen.
  const overflow = await table.evaluate(
    (element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
  await page.screenshot({ path: testInfo.outputPath('requests-1366.png'), fullPage: true });

  // The week lists the Mass with its five intentions, on a wide screen and on a phone.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  if (sunday.nextWeek) await page.getByRole('button', { name: 'Next week' }).click();
  const card = page.getByRole('article', { name: mass });
  await expect(card).toContainText('Fr. Paul · 5 of 5 intentions');
  await expect(card.getByRole('listitem')).toHaveCount(5);
  await page.screenshot({ path: testInfo.outputPath('week-1366.png'), fullPage: true });
  // A phone lays the screen out afresh (its menu closed).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(card.getByRole('listitem')).toHaveCount(5, FIRST_PAGE);
  await page.screenshot({ path: testInfo.outputPath('week-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
  await expect(card.getByRole('listitem')).toHaveCount(5, FIRST_PAGE);

  // The print view: one A4 page from the browser's own print, nothing of the shell on paper.
  await page.getByRole('link', { name: 'Print' }).click();
  await expect(page).toHaveURL(new RegExp(`/mass-scheduling/print\\?week=`));
  const sheet = page.getByRole('article', { name: 'Mass intentions of the week' });
  await expect(sheet.getByRole('listitem')).toHaveCount(5, FIRST_PAGE);
  await expect(sheet).toContainText('For the intentions of Ada Obi — requested by Ada Obi');
  await page.screenshot({ path: testInfo.outputPath('print-preview-1366.png') });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Large print' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
  await expect(page.locator('#mass-week-print').getByRole('listitem')).toHaveCount(5);
  await page.screenshot({ path: testInfo.outputPath('week-print.png'), fullPage: true });
  await page.pdf({ path: testInfo.outputPath('week.pdf'), format: 'A4', printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  // The address keeps the choice: the box follows it once the address changed.
  await page.getByRole('checkbox', { name: 'Large print' }).click();
  await expect(page).toHaveURL(/large=1/);
  await expect(page.getByRole('checkbox', { name: 'Large print' })).toBeChecked();
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: testInfo.outputPath('week-print-large.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // Where the browser cannot print: the same week as a PDF the server writes (large print, as chosen).
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^mass-intentions-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = readFileSync((await pdf.path())!).toString('latin1');
  expect(bytes.startsWith('%PDF-')).toBe(true);
  expect(bytes).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  await pdf.saveAs(testInfo.outputPath('week-large.pdf'));
});

test('at a laptop’s width the requests fit their card: long intentions read whole, every action in view', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const { headers, userId } = await signInOverApi(page.request);
  // A Mass to place in, whatever the first test left full.
  const regular = await page.request.post(`/api/v1/add/regular/mass/${userId}`, {
    headers,
    data: { weekday: 'Wednesday', time: '19:00', place: 'Chapel of St. Joseph the Worker', celebrant: 'Fr. Paul' },
  });
  expect(regular.status()).toBe(201);
  const intention = (who: string) =>
    `For examination success of ${who} and of all the students of St. Mary’s who sit their final ` +
    'examinations this week, that the Holy Spirit guide their minds and calm their hearts';
  const people = {
    Requested: 'Chukwuemeka Oluwaseun Adebayo-Nwachukwu',
    Scheduled: 'Oluwafunmilayo Chiamaka Okonkwo-Bankole',
    Said: 'Ngozichukwuka Temitope Ogunleye-Eze',
    Cancelled: 'Adaobi Folasade Nwosu-Akinwande',
  };
  for (const [state, fullname] of Object.entries(people)) {
    const sent = await page.request.post('/api/v1/mass/intention', {
      data: {
        fullname,
        email: `${fullname.toLowerCase().replace(/[^a-z]+/g, '.')}@stmaryscatholicparish.example.org`,
        intention: intention(fullname),
      },
    });
    expect(sent.status()).toBe(201);
    const id = (await sent.json()).data._id as string;
    if (state === 'Scheduled' || state === 'Said') {
      const placed = await page.request.put(`/api/v1/mass/intention/place/${userId}/${id}`, {
        headers,
        data: { massId: 'next' },
      });
      expect(placed.status()).toBe(200);
    }
    if (state === 'Said' || state === 'Cancelled') {
      const cared = await page.request.put(`/api/v1/mass/intention/${userId}/${id}`, { headers, data: { state } });
      expect(cared.status()).toBe(200);
    }
  }

  await openScreen(page, '/mass-scheduling');
  const table = page.getByRole('table', { name: 'Mass intentions' });
  for (const fullname of Object.values(people)) {
    await expect(table.getByRole('row', { name: new RegExp(fullname) })).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath('long-requests-1366.png'), fullPage: true });

  // The table fits the box it would scroll in, and that box its card.
  const fit = await table.evaluate((element) => {
    const scroller = element.parentElement!;
    const card = element.closest('section')!;
    return {
      scroll: scroller.scrollWidth - scroller.clientWidth,
      past: element.getBoundingClientRect().right - card.getBoundingClientRect().right,
    };
  });
  expect(fit.scroll).toBeLessThanOrEqual(1);
  expect(fit.past).toBeLessThanOrEqual(0);

  // Every action of every row is on screen, none past the window's right edge.
  const buttons = table.getByRole('button');
  expect(await buttons.count()).toBeGreaterThanOrEqual(4 + 1 + 2 + 2);
  for (const button of await buttons.all()) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
  }
  for (const label of ['Place', 'Mark Said', 'Cancel']) {
    await expect(table.getByRole('button', { name: new RegExp(`^${label}`) }).first()).toBeInViewport();
  }

  // Each intention reads whole in its row: all its words, nothing cut off or hidden.
  for (const fullname of Object.values(people)) {
    const text = table.getByText(intention(fullname), { exact: true });
    await expect(text).toBeVisible();
    const clipped = await text.evaluate((element) => {
      const box = element.getBoundingClientRect();
      for (let node: Element | null = element; node && node.tagName !== 'TABLE'; node = node.parentElement) {
        const style = getComputedStyle(node);
        const cuts = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        if (cuts && (node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1)) return true;
      }
      return box.right > window.innerWidth;
    });
    expect(clipped).toBe(false);
  }
});
