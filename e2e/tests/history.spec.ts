import { expect, test } from './fixtures';
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
