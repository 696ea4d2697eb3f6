import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { expect, test } from './fixtures';
import { holdToast, menuLink, openDashboard, signInOverApi } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

// A valid 2×2 PNG.
const picture = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkYPj/n4GBgYGJgYGBgQEAGw0CAtQu/ZcAAAAASUVORK5CYII=',
  'base64',
);

test('the administrator runs the groups: add with and without a picture, details, edit keeping it, delete', async ({
  page,
}) => {
  await openDashboard(page);
  await (await menuLink(page, 'Group Formation')).click();
  await expect(page).toHaveURL(/\/group-list$/);
  await expect(page.getByText('No groups available.')).toBeVisible();

  // With a picture. Bad input first: the spec's messages, nothing sent.
  await page.getByRole('link', { name: 'Add New Group' }).click();
  await expect(page).toHaveURL(/\/group-formation$/);
  await page.getByRole('button', { name: 'Add Group' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Link is required')).toBeVisible();
  await expect(page.getByText('Description is required')).toBeVisible();
  await page.getByLabel('Link').fill('chat group');
  await expect(page.getByText('Invalid link format')).toBeVisible();

  await page.getByLabel('Name').fill('Youth Choir');
  await page.getByLabel('Link').fill('https://chat.example.org/youth-choir');
  await page.getByLabel('Description').fill('We sing at the Sunday evening Mass.');
  await page.getByLabel('Image').setInputFiles({ name: 'choir.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByAltText('Image preview')).toBeVisible();
  await page.getByRole('button', { name: 'Add Group' }).click();
  await expect(page.getByText('Group added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/group-list$/);
  const thumbnail = page.getByRole('img', { name: 'Picture of Youth Choir' });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

  // Without a picture.
  await page.getByRole('link', { name: 'Add New Group' }).click();
  await page.getByLabel('Name').fill('Legion of Mary');
  await page.getByLabel('Link').fill('https://chat.example.org/legion');
  await page.getByLabel('Description').fill('Home visits to the sick.');
  await page.getByRole('button', { name: 'Add Group' }).click();
  await expect(page.getByText('Group added successfully').first()).toBeVisible();
  await expect(page).toHaveURL(/\/group-list$/);
  const table = page.getByRole('table', { name: 'Groups' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /Legion of Mary/ }).getByLabel('No picture')).toBeVisible();

  // Details, then edit keeping the picture.
  await page.getByRole('link', { name: 'View details of Youth Choir' }).click();
  await expect(page.getByRole('heading', { name: 'Youth Choir' })).toBeVisible();
  await expect(page.getByText('We sing at the Sunday evening Mass.')).toBeVisible();
  const pictureUrl = await page.getByRole('img', { name: 'Picture of Youth Choir' }).getAttribute('src');

  await page.getByRole('link', { name: 'Edit Group' }).click();
  await expect(page).toHaveURL(/\/group\/edit\/[0-9a-f]{24}$/);
  await expect(page.getByLabel('Name')).toHaveValue('Youth Choir');
  await expect(page.getByLabel('Description')).toHaveValue('We sing at the Sunday evening Mass.');
  await page.getByLabel('Name').fill('Youth Choir (Sunday)');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Group updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Youth Choir (Sunday)' })).toBeVisible();
  const kept = page.getByRole('img', { name: 'Picture of Youth Choir (Sunday)' });
  await expect(kept).toHaveAttribute('src', pictureUrl!);
  await expect.poll(() => kept.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

  // Edit's Back goes to the details. The details have a Back of their own (to the list): the edit
  // form must be on screen before its Back is pressed.
  const details = page.url();
  await page.getByRole('link', { name: 'Edit Group' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Youth Choir (Sunday)');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(details);
  await expect(page.getByRole('heading', { name: 'Youth Choir (Sunday)' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Group' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this group?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Group deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/group-list$/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'View details of Legion of Mary' })).toBeVisible();
  // The picture went with the record (kept in the trash, not served).
  expect((await page.request.get(pictureUrl!)).status()).toBe(404);

  // A group that does not exist.
  await page.goto('/group/0123456789abcdef01234567');
  await expect(page.getByText('Group details not found.')).toBeVisible();
});

test('prayer requests sent from the mobile app reach the administrator, who deletes one, then all', async ({
  page,
}) => {
  // The mobile app's public call (no token).
  for (const request of ['Please pray for my mother in hospital.', 'For my exams.', 'For peace in our family.']) {
    const answer = await page.request.post('/api/v1/prayer/request', { data: { request } });
    expect(answer.status()).toBe(201);
  }
  const empty = await page.request.post('/api/v1/prayer/request', { data: { request: '   ' } });
  expect(empty.status()).toBe(400);
  expect(await empty.json()).toEqual({ message: 'The request is required' });

  await openDashboard(page);
  // The dashboard counts them as submitted; none is responded to while all are New.
  const card = page.getByRole('article', { name: 'Prayer Request' });
  await expect(card).toContainText('Submitted3');
  await expect(card).toContainText('Responded to0');
  await (await menuLink(page, 'Prayer Requests')).click();
  await expect(page).toHaveURL(/\/prayer-requests$/);
  const table = page.getByRole('table', { name: 'Prayer requests' });
  await expect(table.getByRole('row')).toHaveCount(4);
  // Newest first.
  await expect(table.getByRole('row').nth(1)).toContainText('For peace in our family.');

  const exams = table.getByRole('row', { name: /For my exams\./ });
  await exams.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this prayer request?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Prayer request deleted successfully')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByText('For my exams.')).toHaveCount(0);

  // Delete All deletes what the tab shows (New), and says how many.
  await page.getByRole('button', { name: 'Delete All' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete all prayer requests?');
  await expect(page.getByRole('dialog')).toContainText(
    'This deletes the 2 New prayer requests; Prayed for and Answered ones stay.',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('2 New prayer requests deleted successfully')).toBeVisible();
  await expect(page.getByText('No prayer requests available.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete All' })).toHaveCount(0);
});

test('a request sent through the mobile app’s call is marked Prayed for and counted on the dashboard', async ({
  page,
}) => {
  // The mobile app's submit answers as it always did: the request, nothing of its care.
  for (const request of ['For rain on the farms.', 'For my brother’s new job.']) {
    const answer = await page.request.post('/api/v1/prayer/request', { data: { request } });
    expect(answer.status()).toBe(201);
    expect(Object.keys((await answer.json()).data).sort()).toEqual(['_id', 'createdAt', 'request']);
  }
  await openDashboard(page);
  const card = page.getByRole('article', { name: 'Prayer Request' });
  await expect(card).toContainText('Submitted2');
  await expect(card).toContainText('Responded to0');

  await (await menuLink(page, 'Prayer Requests')).click();
  await expect(page.getByRole('button', { name: 'New', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const table = page.getByRole('table', { name: 'Prayer requests' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await table.getByRole('button', { name: 'Mark Prayed for: “For rain on the farms.”' }).click();
  await expect(page.getByText('1 prayer request marked Prayed for')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('For rain on the farms.')).toHaveCount(0);

  // Under Prayed for, with its details: a note for the team, and who takes care of it.
  await page.getByRole('button', { name: 'Prayed for', exact: true }).click();
  await expect(page).toHaveURL(/\/prayer-requests\?state=prayed-for$/);
  const row = table.getByRole('row', { name: /For rain on the farms\./ });
  await expect(row).toContainText('Prayed for');
  await row.getByRole('button', { name: 'Details of “For rain on the farms.”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Prayer request' });
  await dialog.getByLabel('Assigned to').selectOption({ index: 1 });
  await dialog.getByLabel('Note').fill('Mentioned at the Sunday Mass.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Prayer request updated successfully')).toBeVisible();
  await expect(row).toContainText('Assigned to');

  await openDashboard(page);
  await expect(card).toContainText('Submitted2');
  await expect(card).toContainText('Responded to1');
});

test('Export downloads the prayer requests of the state shown as CSV and as Excel, and both read back', async ({
  page,
}) => {
  const harvest = '=SUM(1,2) for the harvest';
  const waiting = 'For the parish choir, still New';
  for (const request of [harvest, waiting]) {
    expect((await page.request.post('/api/v1/prayer/request', { data: { request } })).status()).toBe(201);
  }
  await openDashboard(page);
  await (await menuLink(page, 'Prayer Requests')).click();
  const table = page.getByRole('table', { name: 'Prayer requests' });
  await table.getByRole('button', { name: `Mark Prayed for: “${harvest}”` }).click();
  await expect(page.getByText('1 prayer request marked Prayed for')).toBeVisible();
  await page.getByRole('button', { name: 'Prayed for', exact: true }).click();
  await expect(table.getByRole('row', { name: /for the harvest/ })).toBeVisible();

  const exportAs = async (format: 'CSV (.csv)' | 'Excel (.xlsx)') => {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('group', { name: 'Export as' }).getByRole('button', { name: format }).click(),
    ]);
    return file;
  };
  const download = await exportAs('CSV (.csv)');
  expect(download.suggestedFilename()).toMatch(/^prayer-requests-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  // UTF-8 with its byte order mark, as Excel wants it.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = parse(bytes.subarray(3).toString('utf8')) as string[][];
  expect(header).toEqual(['Request', 'Submitted', 'State', 'State Changed', 'Changed By', 'Assigned To', 'Note']);
  // The filter shown: only Prayed for, the formula neutralised, the dates as dd/mm/yyyy.
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((row) => row[2] === 'Prayed for')).toBe(true);
  const row = rows.find((cells) => cells[0]!.includes('for the harvest'))!;
  expect(row[0]).toBe(`'${harvest}`);
  expect(row[1]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  expect(row[3]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  expect(rows.some((cells) => cells[0] === waiting)).toBe(false);

  // The same list as a workbook, chosen by keyboard: the focus stays on Export while the file comes and
  // after; the formula is text as typed, the dates are dates.
  const exportButton = page.getByRole('button', { name: 'Export', exact: true });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'CSV (.csv)' })).toBeFocused();
  await page.keyboard.press('Tab');
  const [workbook] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  await expect(exportButton).toBeFocused();
  expect(workbook.suggestedFilename()).toMatch(/^prayer-requests-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const [sheet] = await readXlsxFile(await readFile((await workbook.path())!));
  expect(sheet!.sheet).toBe('Prayer requests');
  const [sheetHeader, ...sheetRows] = sheet!.data;
  expect(sheetHeader).toEqual(header);
  expect(sheetRows).toHaveLength(rows.length);
  const harvestRow = sheetRows.find((cells) => String(cells[0]).includes('for the harvest'))!;
  expect(harvestRow[0]).toBe(harvest);
  expect(harvestRow[1]).toBeInstanceOf(Date);
  expect(harvestRow[2]).toBe('Prayed for');
});

test('Delete All on the Answered tab deletes the Answered requests only, says how many, and Undo brings them back', async ({
  page,
  request,
}) => {
  const { headers, userId } = await signInOverApi(request);
  const texts = ['Tab: for the sick, still New.', 'Tab: for the youth, still New.', 'Tab: thanks, a job found.'];
  const ids: string[] = [];
  for (const text of texts) {
    ids.push((await (await request.post('/api/v1/prayer/request', { data: { request: text } })).json()).data._id);
  }
  const answered = ids[2]!;
  const marked = await request.put(`/api/v1/prayer/requests/state/${userId}`, {
    headers,
    data: { ids: [answered], state: 'Answered' },
  });
  expect(marked.status()).toBe(200);
  const stored = async () =>
    ((await (await request.get(`/api/v1/prayer/request/${userId}`, { headers })).json()).data as { _id: string }[])
      .map((row) => row._id)
      .filter((id) => ids.includes(id))
      .sort();

  await openDashboard(page);
  await (await menuLink(page, 'Prayer Requests')).click();
  await page.getByRole('button', { name: 'Answered', exact: true }).click();
  const table = page.getByRole('table', { name: 'Prayer requests' });
  await expect(table.getByText(texts[2]!)).toBeVisible();
  await page.getByRole('button', { name: 'Delete All' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to delete all prayer requests?');
  await expect(dialog).toContainText('This deletes the 1 Answered prayer request; New and Prayed for ones stay.');
  await page.screenshot({ path: test.info().outputPath('delete-all-answered.png') });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const toast = await holdToast(
    page.getByRole('alert').filter({ hasText: '1 Answered prayer request deleted successfully' }),
  );
  await expect(page.getByText('No prayer requests are marked Answered.')).toBeVisible();
  expect(await stored()).toEqual([ids[0], ids[1]].sort());

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(table.getByText(texts[2]!)).toBeVisible();
  expect(await stored()).toEqual([...ids].sort());

  // Nothing of this test stays for the others.
  for (const id of ids) await request.delete(`/api/v1/prayer/request/${userId}/${id}`, { headers });
});
