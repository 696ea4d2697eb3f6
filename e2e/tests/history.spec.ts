import { expect, png, test, type Page } from './fixtures';
import { openScreen } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

test('a reflection overwritten by mistake is brought back from its History', async ({ page }) => {
  await openScreen(page, '/adult-reflection');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as { _id: string };
  const headers = { authorization: `Bearer ${token}` };
  const reflection = {
    date: '2026-06-01',
    topic: 'Hope in the storm',
    reflection: '<p>Peace comes to those who wait on the Lord.</p>',
    bibleReading: 'Mark 4',
    devotionalContent: '<p>Pray for the fearful.</p>',
    devotionalConfession: '<p>Sit in silence.</p>',
    furtherReading: 'Psalm 107',
    mass: 'Mark 4:35-41',
  };
  const added = await page.request.post(`/api/v1/add/adult/reflection/${user._id}`, { headers, data: reflection });
  expect(added.status()).toBe(201);
  const { _id: id } = ((await added.json()) as { data: { _id: string } }).data;
  // Overwritten with another text, as a mistaken save would.
  const overwritten = await page.request.put(`/api/v1/edit/adult/reflection/${user._id}/${id}`, {
    headers,
    data: { ...reflection, reflection: '<p>Notes for next week, not for the parish.</p>' },
  });
  expect(overwritten.status()).toBe(200);

  await page.goto('/adult-reflection/2026-06-01');
  const shown = page.getByLabel('Reflection', { exact: true });
  await expect(shown).toContainText('Notes for next week');
  const history = page.getByRole('region', { name: 'History' });
  await history.getByRole('button', { name: /Saved before history was kept|admin/ }).click();

  const dialog = page.getByRole('dialog', { name: /^Version of / });
  const compared = dialog
    .getByRole('heading', { name: 'Reflection', exact: true })
    .locator('xpath=following-sibling::p');
  await expect(compared.locator('ins')).toContainText(['Peace']);
  await expect(compared.locator('del')).toContainText(['Notes']);
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toContainText('Are you sure you want to restore this version?');
  await confirm.getByRole('button', { name: 'Restore' }).click();

  await expect(page.getByText('Version restored successfully')).toBeVisible();
  await expect(shown).toContainText('Peace comes to those who wait on the Lord.');
  await expect(shown).not.toContainText('Notes for next week');
  // The overwritten text is a version now, in its turn.
  await expect(history.getByRole('listitem')).toHaveCount(2);
  const served = await page.request.get('/api/v1/adult/reflection/2026-06-01');
  expect(((await served.json()) as { data: { reflection: string } }).data.reflection).toBe(reflection.reflection);
});

/** The signed-in administrator's calls, as the page makes them. */
async function signedInCalls(page: Page) {
  await openScreen(page, '/dashboard');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as { _id: string };
  return { headers: { authorization: `Bearer ${token}` }, userId: user._id };
}

/** A version's button in History: its name starts with the date it was saved. */
const savedOn = /^\d\d\/\d\d\/\d{4}/;

test("a live stream's edit page restores an earlier version into its form", async ({ page }) => {
  const { headers, userId } = await signedInCalls(page);
  const fields = {
    category: 'Lithurgical Celebration',
    name: 'Sunday Mass',
    streamingLink: 'https://example.org/sunday',
  };
  const added = await page.request.post(`/api/v1/add/stream/${userId}`, {
    headers,
    multipart: { ...fields, file: { name: 'thumb.png', mimeType: 'image/png', buffer: png } },
  });
  expect(added.status()).toBe(201);
  const stream = ((await added.json()) as { data: { _id: string; image: string } }).data;
  const overwritten = await page.request.put(`/api/v1/edit/stream/${userId}/${stream._id}`, {
    headers,
    multipart: { ...fields, name: 'Test stream, do not publish', file: stream.image },
  });
  expect(overwritten.status()).toBe(200);

  await openScreen(page, `/live-streaming/edit/${stream._id}`);
  await expect(page.getByLabel('Title')).toHaveValue('Test stream, do not publish');
  await page.getByRole('region', { name: 'History' }).getByRole('button', { name: savedOn }).click();
  const dialog = page.getByRole('dialog', { name: /^Version of / });
  await expect(dialog.locator('ins')).toContainText(['Sunday Mass']);
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Restore' }).click();

  await expect(page.getByText('Version restored successfully')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Sunday Mass');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Stream updated successfully')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Live streams' })).toContainText('Sunday Mass');
});

test("a Section A prayer's History, from its row, restores an earlier text", async ({ page }) => {
  const { headers, userId } = await signedInCalls(page);
  const prayer = { title: 'Morning Offering', prayer: 'O Jesus, I offer You my prayers, works, joys and sufferings.' };
  const added = await page.request.post(`/api/v1/add/prayer/${userId}`, { headers, data: prayer });
  expect(added.status()).toBe(201);
  const { _id: id } = ((await added.json()) as { data: { _id: string } }).data;
  const overwritten = await page.request.put(`/api/v1/edit/prayer/${userId}/${id}`, {
    headers,
    data: { ...prayer, title: 'Draft, do not use' },
  });
  expect(overwritten.status()).toBe(200);

  await openScreen(page, '/prayers');
  const table = page.getByRole('table', { name: 'Section A Prayers' });
  await table.getByRole('button', { name: 'History of Draft, do not use' }).click();
  // The version's own button: while the list loads, the dialog's first button is Close.
  await page
    .getByRole('dialog', { name: 'History of “Draft, do not use”' })
    .getByRole('button', { name: savedOn })
    .click();
  const dialog = page.getByRole('dialog', { name: /^Version of / });
  await expect(dialog.locator('ins')).toContainText(['Morning Offering']);
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Restore' }).click();

  await expect(page.getByText('Version restored successfully')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(table).toContainText('Morning Offering');
  await expect(table).not.toContainText('Draft, do not use');
});
