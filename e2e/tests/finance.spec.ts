import { expect, test, type Page, png, SMOKE } from './fixtures';
import { menuLink, openDashboard, openScreen, signInOverApi } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

/** A PDF large enough that a throttled upload takes a few seconds. */
const bigPdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(600 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);

async function open(page: Page, menu: string, url: RegExp) {
  await (await menuLink(page, menu)).click();
  await expect(page).toHaveURL(url);
}

test("a donation file past the server's limit is refused in the browser, in the server's words, before sending", async ({
  page,
}) => {
  await openScreen(page, '/donation/add');
  const file = page.getByLabel('File');
  // The limit comes from the server (GET /api/v1/version), 20 MB by default.
  await expect(file).toHaveAccessibleDescription('Any type (an image, a PDF …), at most 20 MB.');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  const tooBig = { name: 'appeal.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(25 * 1024 * 1024, 0x20) };
  await page.getByLabel('Donation Name').fill('Church building fund');
  await page.getByLabel('Description').fill('For the new roof of the parish hall');
  await file.setInputFiles(tooBig);
  await expect(page.getByText('The file is too large (at most 20 MB)')).toBeVisible();
  await page.getByRole('button', { name: 'Add Donation' }).click();
  await expect(page.getByText('The file is too large (at most 20 MB)')).toBeVisible();
  expect(posts).toEqual([]);

  // The server says the same words when the file is sent anyway (another client).
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as { _id: string };
  const sent = await page.request.post(`/api/v1/add/donation/${user._id}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { donationName: 'Fund', donationDescription: 'Roof', file: tooBig },
  });
  expect(sent.status()).toBe(413);
  expect(await sent.json()).toEqual({ message: 'The file is too large (at most 20 MB)' });
});

test(
  'donations: add a PDF (with upload progress, then the form resets), details link downloads it, edit to an image, delete',
  SMOKE,
  async ({ page }) => {
    await openDashboard(page);
    await open(page, 'Donations', /\/donations$/);
    await expect(page.getByText('No donations available.')).toBeVisible();

    await page.getByRole('link', { name: 'Add New Donation' }).click();
    await expect(page).toHaveURL(/\/donation\/add$/);
    await page.getByRole('button', { name: 'Add Donation' }).click();
    for (const message of ['Donation name is required', 'Description is required', 'File is required']) {
      await expect(page.getByText(message)).toBeVisible();
    }

    await page.getByLabel('Donation Name').fill('Church building fund');
    await page.getByLabel('Description').fill('For the new roof of the parish hall');
    await page.getByLabel('File').setInputFiles({ name: 'appeal.pdf', mimeType: 'application/pdf', buffer: bigPdf });
    // A slow connection: the upload takes seconds, and the form shows how far it is.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 200 * 1024,
    });
    await page.getByRole('button', { name: 'Add Donation' }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect(bar).toBeVisible();
    await expect(page.getByRole('button', { name: /Add Donation/ })).toBeDisabled();
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect(page.getByText('Donation added successfully')).toBeVisible({ timeout: 15_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // The add form resets after a successful submit and stays.
    await expect(page).toHaveURL(/\/donation\/add$/);
    await expect(page.getByLabel('Donation Name')).toHaveValue('');
    await expect(page.getByLabel('Description')).toHaveValue('');
    await expect(bar).toBeHidden();

    await open(page, 'Donations', /\/donations$/);
    await expect(page.getByRole('img', { name: 'File of Church building fund' })).toHaveText('PDF');
    await page.getByRole('link', { name: 'View details of Church building fund' }).click();
    await expect(page.getByRole('heading', { name: 'Church building fund' })).toBeVisible();
    const fileLink = page.getByRole('link', { name: 'Download file' });
    const fileUrl = (await fileLink.getAttribute('href'))!;
    // Not an image: served as a download, never rendered inline.
    const served = await page.request.get(fileUrl);
    expect(served.headers()['content-disposition']).toMatch(/^attachment/);
    expect(served.headers()['content-type']).toBe('application/octet-stream');
    const download = page.waitForEvent('download');
    await fileLink.click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

    await page.getByRole('link', { name: 'Edit Donation' }).click();
    await expect(page.getByLabel('Donation Name')).toHaveValue('Church building fund');
    await page.getByLabel('Donation Name').fill('');
    await page.getByLabel('Donation Name').blur();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.getByLabel('Donation Name').fill('Roof appeal');
    await page.getByLabel('File').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Donation updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Roof appeal' })).toBeVisible();
    const picture = page.getByRole('img', { name: 'Image of Roof appeal' });
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    // The replaced PDF went with the edit.
    expect((await page.request.get(fileUrl)).status()).toBe(404);

    await page.getByRole('button', { name: 'Delete Donation' }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this donation?');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Donation deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/donations$/);
    await expect(page.getByText('No donations available.')).toBeVisible();
  },
);

test('bank accounts: add (leading zeros kept), edit in a modal, delete', async ({ page }) => {
  await openDashboard(page);
  await open(page, 'Bank Accounts', /\/bank-accounts$/);
  await expect(page.getByText('No bank accounts available.')).toBeVisible();

  await page.getByRole('link', { name: 'Add Account' }).click();
  await expect(page).toHaveURL(/\/add-bank-account$/);
  await page.getByRole('button', { name: 'Add Account' }).click();
  for (const message of [
    'Bank name is required',
    'Account number is required',
    'Account holder name is required',
    'Currency is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel('Bank Name').fill('First Bank');
  await page.getByLabel('Account Number').fill('0012345678');
  await page.getByLabel('Account Holder Name').fill('St. Mary Parish');
  await page.getByLabel('Currency').selectOption('NGN');
  await page.getByRole('button', { name: 'Add Account' }).click();
  await expect(page.getByText('Bank account added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/bank-accounts$/);
  const row = page.getByRole('table', { name: 'Bank accounts' }).getByRole('row').nth(1);
  await expect(row).toContainText('0012345678');

  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Bank Account' });
  await expect(dialog.getByLabel('Account Number')).toHaveValue('0012345678');
  await dialog.getByLabel('Swift Code (optional)').fill('FBNINGLA');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bank account updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('FBNINGLA');

  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this account?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Bank account deleted successfully')).toBeVisible();
  await expect(page.getByText('No bank accounts available.')).toBeVisible();
});

test('Section A prayers: add, edit in a modal, delete', async ({ page }) => {
  await openDashboard(page);
  await open(page, 'Section A Prayer', /\/prayers$/);
  await expect(page.getByRole('heading', { name: 'Section A Prayers' })).toBeVisible();
  await expect(page.getByText('No prayers available.')).toBeVisible();

  await page.getByRole('link', { name: 'Add Prayer' }).click();
  await page.getByRole('button', { name: 'Add Prayer' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Prayer content is required')).toBeVisible();
  await page.getByLabel('Title').fill('Morning Offering');
  await page
    .getByLabel('Prayer')
    .fill(
      'O Jesus, through the Immaculate Heart of Mary, I offer You my prayers, works, joys and sufferings of this day, for all the intentions of Your Sacred Heart.',
    );
  await page.getByRole('button', { name: 'Add Prayer' }).click();
  await expect(page.getByText('Prayer added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/prayers$/);
  // Spec §9: the prayer text stops at 300 px, cut with an ellipsis.
  const text = page.getByRole('table', { name: 'Section A Prayers' }).getByTitle(/^O Jesus/);
  await expect(text).toBeVisible();
  const width = await text.evaluate((el) => ({ shown: el.clientWidth, full: el.scrollWidth }));
  expect(width.shown).toBeLessThanOrEqual(300);
  expect(width.full).toBeGreaterThan(300);

  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Prayer' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Morning Offering');
  await dialog.getByLabel('Title').fill('Morning Prayer');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Prayer updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'Morning Prayer', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this prayer?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Prayer deleted successfully')).toBeVisible();
  await expect(page.getByText('No prayers available.')).toBeVisible();
});

test('About Us: add when there is none, then edit in a modal', async ({ page }) => {
  await openDashboard(page);
  await open(page, 'About Us', /\/about$/);
  await expect(page.getByText('No about us content available.')).toBeVisible();
  await page.getByRole('link', { name: 'Add About Us' }).click();
  await expect(page).toHaveURL(/\/add-about$/);
  await page.getByRole('button', { name: 'Add About Us' }).click();
  await expect(page.getByText('About us content is required')).toBeVisible();
  await page.getByLabel('About Us').fill('St. Mary Parish is a welcoming community of faith, worship and service.');
  await page.getByRole('button', { name: 'Add About Us' }).click();
  await expect(page.getByText('About us added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByText('St. Mary Parish is a welcoming community')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add About Us' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit About Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit About Us' });
  await expect(dialog.getByLabel('About Us')).toHaveValue(/St. Mary Parish/);
  // The page behind is inert: Tab never leaves the dialog for the menu or the page's buttons.
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
  }
  await expect(page.getByRole('button', { name: 'Edit About Us' })).not.toBeFocused();
  // With the text there, /add-about no longer offers a form that could only fail.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/add-about');
  await expect(page.getByText('About Us already has its text: edit it on the About Us page.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.getByRole('button', { name: 'Edit About Us' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Edit About Us' }).click();
  await dialog.getByLabel('About Us').fill('We are a parish of the Archdiocese.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('About us updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('We are a parish of the Archdiocese.')).toBeVisible();
});

test('the header filter survives a visit to the details and back; a filter without matches says so, with Clear filter', async ({
  page,
  request,
}) => {
  const { headers, userId } = await signInOverApi(request);
  const ids: string[] = [];
  for (const donationName of ['Orphanage visit', 'Choir robes']) {
    const added = await request.post(`/api/v1/add/donation/${userId}`, {
      headers,
      multipart: {
        donationName,
        donationDescription: `For the ${donationName.toLowerCase()}`,
        file: { name: 'poster.png', mimeType: 'image/png', buffer: png },
      },
    });
    ids.push(((await added.json()) as { data: { _id: string } }).data._id);
  }
  try {
    await openDashboard(page);
    await open(page, 'Donations', /\/donations$/);
    await page.getByRole('searchbox', { name: 'Search' }).fill('orphan');
    await expect(page).toHaveURL(/\/donations\?q=orphan$/);
    await page.getByRole('link', { name: 'View details of Orphanage visit' }).click();
    await expect(page.getByRole('heading', { name: 'Orphanage visit' })).toBeVisible();
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/donations\?q=orphan$/);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('orphan');
    await expect(page.getByRole('link', { name: 'View details of Orphanage visit' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View details of Choir robes' })).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Search' }).fill('baptism');
    await expect(page.getByText('No donations match “baptism”.')).toBeVisible();
    await expect(page.getByText('No donations available.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await expect(page).toHaveURL(/\/donations$/);
    await expect(page.getByRole('link', { name: 'View details of Choir robes' })).toBeVisible();
  } finally {
    for (const id of ids) await request.delete(`/api/v1/donation/${userId}/${id}`, { headers });
  }
});
