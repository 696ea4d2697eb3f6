import { expect, test, type Page, png, SMOKE } from './fixtures';
import { menuLink, openDashboard, openScreen } from './session';

// The tests start signed in as the administrator (a session made once for the file, fixtures.ts).
test.use({ signedIn: true });

/** A year's plan as the CSV import reads it: 364 days, seven a week. */
function yearCsv(badRow?: number): string {
  const lines = ['day,week,date,passage'];
  for (let day = 1; day <= 364; day++) {
    const date = new Date(Date.UTC(2027, 0, day)).toISOString().slice(0, 10);
    const week = day === badRow ? 53 : Math.ceil(day / 7);
    lines.push(`${day},${week},${date},"Passage ${day}, verses 1-${day}"`);
  }
  return lines.join('\n');
}

// A browser whose own date format is mm/dd/yyyy: the screens still show and take dd/mm/yyyy.
test.use({ locale: 'en-US' });

const csvFile = (text: string) => ({ name: 'plan.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

/** Stylesheets the content remote has loaded (Quill's snow theme is the only one it has). */
const remoteStylesheets = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/remotes/content/') && name.endsWith('.css')),
  );

test('the administrator plans the Bible year: by hand (add, details, edit, delete) and by CSV', async ({ page }) => {
  await openDashboard(page);
  await (await menuLink(page, 'BibleInAYear')).click();
  await expect(page).toHaveURL(/\/bible-list$/);
  await expect(page.getByLabel('Week', { exact: true })).toHaveValue('1');
  await expect(page.getByText('No readings available for this week.')).toBeVisible();

  await page.getByRole('link', { name: 'Add New Plan' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Day is required')).toBeVisible();
  await expect(page.getByText('Passage is required')).toBeVisible();
  await page.getByLabel('Day').fill('8');
  await page.getByLabel('Week', { exact: true }).fill('53');
  await expect(page.getByText('Week must be at most 52')).toBeVisible();
  await page.getByLabel('Week', { exact: true }).fill('2');
  const date = page.getByLabel('Date');
  await expect(date).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await date.fill('31/02/2026');
  await date.blur();
  await expect(page.getByText('31/02/2026 is not a date: February 2026 has 28 days')).toBeVisible();
  await expect(date).toHaveValue('31/02/2026');
  await date.fill('08/01/2026');
  await page.getByLabel('Passage').fill('Genesis 22');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reading added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/bible-list\?week=2$/);
  await expect(page.getByLabel('Week', { exact: true })).toHaveValue('2');

  await page.getByRole('link', { name: 'View details of Day 8' }).click();
  await expect(page.getByRole('heading', { name: 'Day 8' })).toBeVisible();
  await expect(page.getByText('08/01/2026')).toBeVisible();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Passage')).toHaveValue('Genesis 22');
  await expect(page.getByLabel('Date')).toHaveValue('08/01/2026');
  await page.getByLabel('Passage').fill('Genesis 22:1-19');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reading updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/bible-plan-details\/[0-9a-f]{24}$/);
  await expect(page.getByText('Genesis 22:1-19')).toBeVisible();

  // Opened by its address (no navigation state from the list): the spec's text and Go Back.
  const direct = await page.context().newPage();
  await direct.goto(page.url());
  await expect(direct.getByText('No reading data provided.')).toBeVisible();
  await direct.getByRole('link', { name: 'Go Back' }).click();
  await expect(direct).toHaveURL(/\/bible-list$/);
  await direct.close();
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByLabel('Week', { exact: true }).selectOption('Week 2');
  await page.getByRole('link', { name: 'View details of Day 8' }).click();
  // Delete asks first, like every other delete; Cancel keeps the reading, then back to the list.
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this reading?');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Day 8' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Reading deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/bible-list\?week=2$/);
  await expect(page.getByText('No readings available for this week.')).toBeVisible();

  // A whole year by CSV: a bad row stores nothing; the corrected file stores all 364.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.getByLabel('CSV file', { exact: true }).setInputFiles(csvFile(yearCsv(100)));
  await expect(page.getByText(/1 of 364 rows have errors/)).toBeVisible();
  const preview = page.getByRole('table', { name: 'Import preview' });
  await expect(preview.getByRole('row').nth(1)).toContainText('Week must be at most 52');
  await expect(preview.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('100');
  await expect(page.getByRole('button', { name: 'Import readings' })).toBeDisabled();

  await page.getByLabel('CSV file', { exact: true }).setInputFiles(csvFile(yearCsv()));
  await expect(page.getByText('364 readings ready to import.')).toBeVisible();
  await page.getByRole('button', { name: 'Import 364 readings' }).click();
  await expect(page.getByText('364 readings imported successfully')).toBeVisible();
  const week2 = page.getByRole('table', { name: 'Readings of week 2' });
  await expect(week2.getByRole('row')).toHaveCount(8);
  await expect(week2).toContainText('Day 8');
  await expect(week2).toContainText('08/01/2027');
  await page.getByLabel('Week', { exact: true }).selectOption('Week 52');
  await expect(page.getByRole('table', { name: 'Readings of week 52' })).toContainText('Day 364');

  // Importing the same plan again would give each day twice: refused, row by row, nothing stored.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.getByLabel('CSV file', { exact: true }).setInputFiles(csvFile(yearCsv()));
  await page.getByRole('button', { name: 'Import 364 readings' }).click();
  await expect(page.getByText(/Nothing was imported: 364 rows have errors/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Import preview' })).toContainText('Day 1 is already in the plan');
});

test('the administrator publishes a live stream: add with a preview (form resets), edit, delete', async ({ page }) => {
  await openDashboard(page);
  await (await menuLink(page, 'Live Streaming')).click();
  await expect(page).toHaveURL(/\/live-streaming$/);
  await expect(page.getByText('No live streams available.')).toBeVisible();

  await page.getByRole('link', { name: 'Add New Stream' }).click();
  await expect(page).toHaveURL(/\/manage-live-streaming$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Upload link is required')).toBeVisible();
  await expect(page.getByText('Image is required')).toBeVisible();
  await page.getByLabel('Category').selectOption('Lithurgical Celebration');
  await page.getByLabel('Title').fill('Sunday Mass');
  await page.getByLabel('Link').fill('https://www.youtube.com/live/sunday');
  await page.getByLabel('Image').setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByAltText('Image preview')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Stream added successfully')).toBeVisible();
  // The form is reset and stays open for the next stream.
  await expect(page.getByLabel('Title')).toHaveValue('');
  await expect(page.getByLabel('Category')).toHaveValue('');
  await expect(page.getByAltText('Image preview')).toHaveCount(0);

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/live-streaming$/);
  const table = page.getByRole('table', { name: 'Live streams' });
  await expect(table.getByRole('row').nth(1)).toContainText('Sunday Mass');
  const thumbnail = table.getByRole('img', { name: 'Thumbnail of Sunday Mass' });
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

  await table.getByRole('link', { name: 'Edit Sunday Mass' }).click();
  await expect(page.getByLabel('Category')).toHaveValue('Lithurgical Celebration');
  await expect(page.getByLabel('Title')).toHaveValue('Sunday Mass');
  await page.getByLabel('Title').fill('Sunday Mass (Cathedral)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Stream updated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/live-streaming$/);
  await expect(table).toContainText('Sunday Mass (Cathedral)');

  await page.goto('/live-streaming/edit/0123456789abcdef01234567');
  await expect(page.getByText('Stream not found.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Live Streaming' }).click();

  await table.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this stream?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Stream deleted successfully')).toBeVisible();
  await expect(page.getByText('No live streams available.')).toBeVisible();
});

test(
  'the administrator writes reflections in the rich-text editor; stored script never runs',
  SMOKE,
  async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openDashboard(page);
    await (await menuLink(page, 'Adult Reflection')).click();
    await expect(page.getByText('No reflections available.')).toBeVisible();
    // Quill is not downloaded for the list.
    expect(await remoteStylesheets(page)).toEqual([]);

    await page.getByRole('link', { name: 'Add Adult Reflection' }).click();
    const reflection = page.getByRole('textbox', { name: 'Reflection' });
    await expect(reflection).toBeVisible();
    expect((await remoteStylesheets(page)).length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Mass field is required')).toBeVisible();
    await expect(page.getByText('Devotional confession is required')).toBeVisible();

    await page.getByLabel('Date').fill('04/03/2026');
    await page.getByLabel('Topic').fill('Trust in the Lord');
    await page.getByLabel('Bible Reading').fill('Proverbs 3:5-6');
    await reflection.click();
    await page.keyboard.type('Trust in the ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Lord');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' <img src=x onerror=alert(1)>');
    await page.getByRole('textbox', { name: 'Prayer Points' }).click();
    await page.keyboard.type('For the sick');
    await page.getByRole('textbox', { name: 'Exercise' }).click();
    // A double space, which the editor writes as a space and a non-breaking one.
    await page.keyboard.type('Write down  one worry');
    await page.getByLabel('Bible Meditation').fill('Psalm 37');

    // Unsaved changes: leaving through the menu asks first.
    await (await menuLink(page, 'Dashboard')).click();
    await expect(page.getByRole('dialog', { name: 'Unsaved changes' })).toBeVisible();
    await page.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/add-adult-reflection$/);

    await page.getByLabel('Mass Reading').fill('Daniel 3:25');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Reflection added successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/adult-reflection$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('link', { name: 'View details of 04/03/2026' }).click();
    await expect(page).toHaveURL(/\/adult-reflection\/2026-03-04$/);
    await expect(page.getByRole('heading', { name: 'Trust in the Lord' })).toBeVisible();
    const shown = page.getByLabel('Reflection', { exact: true });
    await expect(shown.locator('strong')).toHaveText('Lord');
    // What was typed as markup is text, not an element.
    await expect(shown).toContainText('<img src=x onerror=alert(1)>');
    // Typed spaces are ordinary ones (the editor makes them non-breaking), so lines break between words:
    // in the details and in what the mobile app reads.
    expect(await shown.innerHTML()).not.toMatch(/&nbsp;|\u00a0/);
    const served = await page.request.get('/api/v1/adult/reflection/2026-03-04');
    expect(JSON.stringify(await served.json())).not.toMatch(/&nbsp;|\u00a0/);
    expect(((await served.json()) as { data: { devotionalConfession: string } }).data.devotionalConfession).toContain(
      'Write down  one worry',
    );

    // A hostile payload sent straight to the API (as another client could) is stored harmless and shown harmless.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as { _id: string };
    const hostileReflection = {
      date: '2026-03-05',
      topic: 'Hostile',
      reflection: '<p>Visible</p><img src="x" onerror="alert(\'xss-img\')"><script>alert("xss-script")</script>',
      bibleReading: 'John 1',
      devotionalContent: '<a href="javascript:alert(\'xss-link\')">click me</a>',
      devotionalConfession: '<p onmouseover="alert(\'xss-hover\')">Hover me</p>',
      furtherReading: 'Psalm 1',
      mass: 'John 2',
    };
    const addChildren = () =>
      page.request.post(`/api/v1/add/children/reflection/${user._id}`, {
        headers: { authorization: `Bearer ${token}` },
        data: hostileReflection,
      });
    const hostile = await addChildren();
    expect(hostile.status()).toBe(201);
    // One reflection per date and audience, said with the date as the screens show it.
    const again = await addChildren();
    expect(again.status()).toBe(409);
    expect(await again.json()).toEqual({ message: 'A children reflection already exists for 05/03/2026' });
    await page.goto('/children-reflection/2026-03-05');
    await expect(page.getByText('Visible')).toBeVisible();
    await page.getByText('click me').click();
    await page.getByText('Hover me').hover();
    // A handler run by the click or the hover would have opened its dialog before the page paints again
    // (an open alert() holds the page): one frame later, every dialog has been reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(dialogs).toEqual([]);
    expect(await page.locator('dd [onerror], dd [onmouseover], dd script, dd [href^="javascript"]').count()).toBe(0);

    // Edit, then delete with confirmation.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('Topic')).toHaveValue('Hostile');
    await page.getByLabel('Topic').fill('Harmless now');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Reflection updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Harmless now' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this reflection?');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Reflection deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/children-reflection$/);
    await expect(page.getByText('No reflections available.')).toBeVisible();
    await page.goto('/children-reflection/2026-03-05');
    await expect(page.getByText('Reflection details not found.')).toBeVisible();
  },
);

test("a video put in a reflection's editor is saved and shown as its player, and stays one when edited again", async ({
  page,
}) => {
  await openScreen(page, '/add-children-reflection');
  const reflection = page.getByRole('textbox', { name: 'Reflection' });
  await reflection.click();
  await page.keyboard.type('Watch this first.');
  // The video button of the Reflection editor's toolbar, then Quill's tooltip with the address.
  const editorFrame = page.locator('.quill').filter({ has: reflection });
  await editorFrame.locator('.ql-toolbar button.ql-video').click();
  const address = editorFrame.locator('.ql-tooltip input[type="text"]');
  await address.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await address.press('Enter');
  await expect(reflection.locator('iframe.ql-video')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube\.com\/embed\/dQw4w9WgXcQ/,
  );

  await page.getByLabel('Date').fill('01/04/2026');
  await page.getByLabel('Topic').fill('Videos for the young');
  await page.getByLabel('Bible Reading').fill('Mark 10:14');
  await page.getByRole('textbox', { name: 'Prayer Points' }).click();
  await page.keyboard.type('For the children');
  await page.getByRole('textbox', { name: 'Exercise' }).click();
  await page.keyboard.type('Sing along');
  await page.getByLabel('Bible Meditation').fill('Psalm 8');
  await page.getByLabel('Mass Reading').fill('Mark 10:13-16');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reflection added successfully')).toBeVisible();

  await page.goto('/children-reflection/2026-04-01');
  const shown = page.getByLabel('Reflection', { exact: true });
  await expect(shown.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube\.com\/embed\/dQw4w9WgXcQ/);
  await expect(shown.locator('a')).toHaveCount(0);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('textbox', { name: 'Reflection' }).locator('iframe.ql-video')).toHaveAttribute(
    'src',
    /^https:\/\/www\.youtube\.com\/embed\/dQw4w9WgXcQ/,
  );
});

test("a gap of the dashboard's content calendar is followed to its add form, date filled in", async ({ page }) => {
  await openDashboard(page);
  const calendar = page.getByRole('article', { name: 'The next 30 days' });
  await expect(calendar.getByRole('table', { name: 'Reflections of the next 30 days' })).toBeVisible();
  // The last day of the window: no other test writes a reflection for it.
  const gap = calendar.getByRole('link', { name: /^Children reflection for .*: missing, add it$/ }).last();
  const shown = (await gap.getAttribute('aria-label'))!.split(' ')[3]!.replace(':', '');
  const [day, month, year] = shown.split('/');
  await gap.click();

  await expect(page).toHaveURL(new RegExp(`/add-children-reflection\\?date=${year}-${month}-${day}$`));
  await expect(page.getByLabel('Date')).toHaveValue(shown);
  await page.getByLabel('Topic').fill('Waiting in hope');
  await page.getByLabel('Bible Reading').fill('Isaiah 40:31');
  for (const editor of ['Reflection', 'Prayer Points', 'Exercise']) {
    await page.getByRole('textbox', { name: editor }).click();
    await page.keyboard.type(`${editor} of the day`);
  }
  await page.getByLabel('Bible Meditation').fill('Psalm 27');
  await page.getByLabel('Mass Reading').fill('Luke 21:25-28');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reflection added successfully')).toBeVisible();

  // The day is no longer a gap.
  await openDashboard(page);
  await expect(calendar.getByRole('img', { name: `Children reflection for ${shown}: added` })).toBeVisible();
});
