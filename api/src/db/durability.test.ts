import { OWNER_LOCK } from '../uploads/database-store';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database';
import { engines, multipartForm } from '../testing/harness';
import { spawnedServer, type SpawnedServer } from '../testing/spawned';
import { solidPng } from '../uploads/png';

// kill -9 during concurrent writes, on each engine: after a restart every acknowledged write is
// there with its file, no record lacks its file, and no file lacks its record (uploads/store.ts).

jest.setTimeout(120_000);

const ADMIN = { email: 'durable@example.com', password: 'durability test password' };
const KILLS = 3;

describe.each(engines())('durability on %s', (_name, engine) => {
  let spawned: SpawnedServer;
  let url: string;
  let dataDir: string;
  let database: SpawnedServer['database'];

  beforeAll(async () => {
    spawned = await spawnedServer(engine, ADMIN);
    ({ url, dataDir, database } = spawned);
  });
  afterAll(() => spawned.close());

  /** The stored uploads: the folder's files on SQLite, the database's on PostgreSQL. */
  async function storedFiles(): Promise<string[]> {
    if (engine.engine === 'sqlite')
      return fs.readdirSync(path.join(dataDir, 'uploads')).filter((name) => !name.startsWith('.'));
    const db = openDatabase({ dataDir, ...database });
    try {
      return (await db.kysely.selectFrom('storedFiles').select('name').execute()).map((row) => row.name);
    } finally {
      await db.close();
    }
  }

  const start = () => spawned.start();
  const kill = () => spawned.kill();
  const login = () => spawned.login();

  it(`keeps every acknowledged write and leaves no orphan or partial import across ${KILLS} kills`, async () => {
    const acknowledged: string[] = [];
    // The mobile app's submits (JSON, no file), and Bible plan imports of a week each (seven rows in one
    // transaction: all of a week or none of it).
    const prayerRequests: string[] = [];
    const importedWeeks: number[] = [];
    let nextWeek = 1;
    const cover = solidPng(8, 8, [40, 90, 200]);
    for (let round = 0; round < KILLS; round++) {
      await start();
      const { token, userId } = await login();
      let stop = false;
      // Four writers adding books with covers, and one editing the first book's cover, until the kill.
      const writer = async (n: number) => {
        for (let i = 0; !stop; i++) {
          try {
            const res = await fetch(`${url}/api/v1/add/book/${userId}`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}` },
              body: multipartForm(
                { bookName: `Round ${round} writer ${n} book ${i}`, bookLink: 'https://example.org/b' },
                { bookImage: { content: cover, name: 'c.png', type: 'image/png' } },
              ),
            });
            if (res.status === 201) acknowledged.push(((await res.json()) as { data: { _id: string } }).data._id);
          } catch {
            return; // the server is gone
          }
        }
      };
      const editor = async () => {
        while (!stop && acknowledged.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
        const id = acknowledged[0];
        while (!stop && id) {
          try {
            await fetch(`${url}/api/v1/edit/book/${userId}/${id}`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}` },
              body: multipartForm(
                { bookName: 'Edited again and again', bookLink: 'https://example.org/e' },
                { bookImage: { content: cover, name: 'c.png', type: 'image/png' } },
              ),
            });
          } catch {
            return;
          }
        }
      };
      const submitter = async () => {
        for (let i = 0; !stop; i++) {
          try {
            const res = await fetch(`${url}/api/v1/prayer/request`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ request: `Round ${round} request ${i}` }),
            });
            if (res.status === 201) prayerRequests.push(((await res.json()) as { data: { _id: string } }).data._id);
          } catch {
            return;
          }
        }
      };
      const importer = async () => {
        while (!stop && nextWeek <= 52) {
          const week = nextWeek++;
          const readings = Array.from({ length: 7 }, (_, day) => ({
            day: (week - 1) * 7 + day + 1,
            week,
            date: new Date(Date.UTC(2026, 0, (week - 1) * 7 + day + 1)).toISOString().slice(0, 10),
            passage: `Week ${week} day ${day + 1}`,
          }));
          try {
            const res = await fetch(`${url}/api/v1/import/readings/${userId}`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ readings }),
            });
            if (res.status === 201) importedWeeks.push(week);
          } catch {
            return;
          }
        }
      };
      const writing = Promise.all([0, 1, 2, 3].map(writer).concat(editor(), submitter(), importer()));
      await new Promise((resolve) => setTimeout(resolve, 700 + round * 300));
      await kill();
      stop = true;
      await writing;
    }

    await start();
    try {
      expect(acknowledged.length).toBeGreaterThan(KILLS);
      const books = (
        (await (await fetch(`${url}/api/v1/all/books/`)).json()) as { data: { _id: string; bookImage: string }[] }
      ).data;
      const ids = new Set(books.map((book) => book._id));
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
      const { token, userId } = await login();
      const requests = (
        (await (
          await fetch(`${url}/api/v1/prayer/request/${userId}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { data: { _id: string }[] }
      ).data;
      const requestIds = new Set(requests.map((request) => request._id));
      expect(prayerRequests.length).toBeGreaterThan(KILLS);
      expect(prayerRequests.filter((id) => !requestIds.has(id))).toEqual([]);
      // Each week imported whole or not at all, and every acknowledged week there.
      const weeks = new Map<number, number>();
      for (let week = 1; week < nextWeek; week++) {
        const res = await fetch(`${url}/api/v1/weekly/reading/${week}`);
        weeks.set(week, ((await res.json()) as { data: unknown[] }).data.length);
      }
      expect([...weeks].filter(([, rows]) => rows !== 0 && rows !== 7)).toEqual([]);
      expect(importedWeeks.filter((week) => weeks.get(week) !== 7)).toEqual([]);
      // Every record's file is served; every stored file belongs to a record or a kept version of one;
      // nothing waits in .tmp.
      const names = books.map((book) => book.bookImage.slice(book.bookImage.lastIndexOf('/') + 1));
      const missing: string[] = [];
      for (const book of books) if ((await fetch(book.bookImage)).status !== 200) missing.push(book.bookImage);
      expect(missing).toEqual([]);
      // The covers the edits replaced are kept while the book's History shows them.
      const authorised = { headers: { authorization: `Bearer ${token}` } };
      for (const book of books) {
        const history = (await (await fetch(`${url}/api/v1/books/${book._id}/versions`, authorised)).json()) as {
          data: { id: string }[];
        };
        for (const { id } of history.data) {
          const version = (await (
            await fetch(`${url}/api/v1/books/${book._id}/versions/${id}`, authorised)
          ).json()) as { data: { fields: { bookImage: string } } };
          const image = version.data.fields.bookImage;
          names.push(image.slice(image.lastIndexOf('/') + 1));
        }
      }
      const uploads = path.join(dataDir, 'uploads');
      expect((await storedFiles()).sort()).toEqual([...new Set(names)].sort());
      // (On PostgreSQL the running instance has its own folder there, empty but for its lock.)
      const waiting = fs
        .readdirSync(path.join(uploads, '.tmp'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name !== OWNER_LOCK);
      expect(waiting).toEqual([]);
    } finally {
      await kill();
    }
  });
});
