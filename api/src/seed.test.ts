import { FEATURES, seedFeatures } from './registry';
import { engines, startServer, type TestServer } from './testing/harness';

// npm run seed: the demo data each feature declares, in the registry's order, added once.

const DEMO = [
  { feature: 'Masses and intentions', added: 3 },
  { feature: 'books', added: 4 },
  { feature: 'groups', added: 2 },
  { feature: 'prayer requests', added: 3 },
  { feature: 'Bible readings', added: 7 },
  { feature: 'live streams', added: 1 },
  { feature: 'reflections', added: 2 },
  { feature: 'donations', added: 1 },
  { feature: 'bank accounts', added: 2 },
  { feature: 'prayers', added: 2 },
  { feature: 'About Us', added: 1 },
];

/** The rows of each table the demo data fills. */
const TABLES = {
  massIntentions: 3,
  books: 4,
  groups: 2,
  prayerRequests: 3,
  readings: 7,
  streams: 1,
  reflections: 2,
  donations: 1,
  bankAccounts: 2,
  prayers: 2,
  about: 1,
} as const;

describe.each(engines())('The demo data on %s', (_name, engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());

  const counts = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.keys(TABLES).map(async (table) => {
          const rows = await server.db.kysely
            .selectFrom(table as keyof typeof TABLES)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow();
          return [table, Number(rows.count)];
        }),
      ),
    );

  it('adds each feature’s records in the registry’s order, their pictures stored, then nothing more', async () => {
    const context = { db: server.db, uploads: server.app.uploads };
    expect(await seedFeatures(FEATURES, context)).toEqual(DEMO);
    expect(await counts()).toEqual(TABLES);
    // The pictures: four covers, a group's, the stream's thumbnail and the donation's poster.
    const stored = await server.storedUploads();
    expect(stored).toHaveLength(7);
    expect(server.pendingUploads()).toEqual([]);

    expect(await seedFeatures(FEATURES, context)).toEqual(DEMO.map(({ feature }) => ({ feature, added: 0 })));
    expect(await counts()).toEqual(TABLES);
    expect(await server.storedUploads()).toEqual(stored);
  });

  it('serves what it added as the screens read it', async () => {
    // Adds nothing after the case above, so that this one also runs alone.
    await seedFeatures(FEATURES, { db: server.db, uploads: server.app.uploads });
    const books = await server.call('GET', '/api/v1/all/books');
    expect(books.body.data.map((book: { bookName: string }) => book.bookName).sort()).toEqual([
      'Catechism of the Catholic Church',
      'Introduction to the Devout Life',
      'The Confessions of Saint Augustine',
      'The Imitation of Christ',
    ]);
    const cover = await server.call('GET', new URL(books.body.data[0].bookImage).pathname);
    expect(cover.status).toBe(200);
    expect((await server.call('GET', '/api/v1/about')).body.data).toHaveLength(1);
  });
});
