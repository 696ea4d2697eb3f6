import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../db/database';
import { closeTestDatabase, databaseFor, engines, openTestDatabase } from '../testing/harness';
import { addPrayerRequest, listPrayerRequests } from '../prayer-requests/repository';
import { computeAnalytics } from '../analytics/figures';
import { newId, timestamp } from '../db/ids';

// A page and its total are read together: a write landing between the two reads must not make the
// page disagree with the total (CI once saw an activity page of 5 rows with a total of 6).
describe.each(engines())('a page and its total on %s', (_name, engine) => {
  let db: Db;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'paging-'));
    db = await openTestDatabase({ dataDir, ...databaseFor(engine) });
  });
  afterAll(async () => {
    await closeTestDatabase(db);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('agree while requests arrive', async () => {
    // Writers commit without pause while the page is read again and again.
    let writing = true;
    const writer = async (name: string) => {
      for (let count = 0; writing; count += 1) await addPrayerRequest(db, `${name} ${count}`);
    };
    const writers = [writer('a'), writer('b'), writer('c')];
    const disagreements: string[] = [];
    try {
      for (let round = 0; round < 100; round += 1) {
        const page = await listPrayerRequests(db, { page: 1, limit: 500, q: '' });
        const expected = Math.min(500, page.total);
        if (page.rows.length !== expected) disagreements.push(`${page.rows.length} rows, total ${page.total}`);
      }
    } finally {
      writing = false;
      await Promise.all(writers);
    }
    expect(disagreements).toEqual([]);
  });

  it("the dashboard's figures agree too: every book added now is a new book", async () => {
    let writing = true;
    const writer = async () => {
      while (writing) {
        const now = new Date();
        await db.kysely
          .insertInto('books')
          .values({
            _id: newId(now),
            bookName: 'A book',
            bookLink: 'https://example.org/b',
            bookImage: 'none.png',
            category: '',
            dateAdded: timestamp(now),
            updatedAt: timestamp(now),
          })
          .execute();
      }
    };
    const writers = [writer(), writer(), writer()];
    const disagreements: string[] = [];
    try {
      for (let round = 0; round < 100; round += 1) {
        const figures = await computeAnalytics(db);
        if (figures.newBooks !== figures.totalBooks) {
          disagreements.push(`${figures.newBooks} new of ${figures.totalBooks}`);
        }
      }
    } finally {
      writing = false;
      await Promise.all(writers);
    }
    expect(disagreements).toEqual([]);
  });
});
