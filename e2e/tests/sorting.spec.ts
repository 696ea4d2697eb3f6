import { expect, test, type Page } from './fixtures';
import { openScreen, signInOverApi } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

// A list's column headers sort it; a list the server pages (Settings → Activity) is sorted by the
// server, the sort kept in the address.

/** The texts of a column of the Activity table, top to bottom. */
async function column(page: Page, at: number): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Activity' }).getByRole('row');
  const texts: string[] = [];
  for (const row of (await rows.all()).slice(1)) texts.push((await row.getByRole('cell').nth(at).textContent()) ?? '');
  return texts;
}

/** Ascending as the server compares text: its case ignored. */
const ascending = (texts: string[]) =>
  [...texts].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));

test('a header of a paged list sorts it on the server, ascending then descending, in the address', async ({
  page,
  request,
}) => {
  const { headers, userId } = await signInOverApi(request);
  for (const title of ['Magnificat', 'angelus', 'Benedictus', 'Regina Caeli']) {
    const added = await request.post(`/api/v1/add/prayer/${userId}`, { headers, data: { title, prayer: 'Amen.' } });
    expect(added.status()).toBe(201);
  }
  await openScreen(page, '/settings/activity');
  const table = page.getByRole('table', { name: 'Activity' });
  await expect(table.getByRole('cell', { name: /Regina Caeli/ })).toBeVisible();
  const what = table.getByRole('columnheader', { name: 'What' });
  await expect(what).toHaveAttribute('aria-sort', 'none');
  // Newest first without a sort: the last prayer added is the first line.
  expect((await column(page, 2))[0]).toContain('Regina Caeli');

  await what.getByRole('button', { name: 'What' }).click();
  await expect(page).toHaveURL(/\/settings\/activity\?sort=summary$/);
  await expect(what).toHaveAttribute('aria-sort', 'ascending');
  await expect
    .poll(async () => column(page, 2).then((texts) => texts.join('\n') === ascending(texts).join('\n')))
    .toBe(true);
  const sorted = await column(page, 2);
  expect(sorted.findIndex((text) => text.includes('angelus'))).toBeLessThan(
    sorted.findIndex((text) => text.includes('Benedictus')),
  );

  await what.getByRole('button', { name: 'What' }).click();
  await expect(page).toHaveURL(/\?sort=-summary$/);
  await expect(what).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => column(page, 2)).toEqual([...sorted].reverse());

  // The address is the sort: opened again, the list is sorted as it was left.
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'What' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => column(page, 2)).toEqual([...sorted].reverse());
});
