import fs from 'node:fs';
import path from 'node:path';
import { addBook, type BookInput } from './books/repository';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase, type Db } from './db/database';
import { addMassIntention, type NewMassIntention } from './mass-intentions/repository';
import { solidPng } from './uploads/png';
import { UploadStore } from './uploads/store';

// A little demo data so that a fresh install's screens are not empty. Safe to run again: a record
// that is already there is not added twice. The administrator is created by the server's first start.
const massIntentions: NewMassIntention[] = [
  { fullname: 'Mary Okafor', email: 'mary.okafor@example.com', intention: 'Thanksgiving for a safe delivery' },
  { fullname: 'John Mensah', email: 'john.mensah@example.com', intention: 'For the repose of the soul of my father' },
  { fullname: 'Grace Adeyemi', email: 'grace.adeyemi@example.com', intention: 'For healing and good health' },
];

// Covers are plain coloured PNGs made here (no network): a book-shaped 120 × 180 rectangle each.
const books: (BookInput & { colour: [number, number, number] })[] = [
  {
    bookName: 'The Imitation of Christ',
    bookLink: 'https://www.gutenberg.org/ebooks/1653',
    category: 'Spiritual Books',
    colour: [122, 62, 72],
  },
  {
    bookName: 'The Confessions of Saint Augustine',
    bookLink: 'https://www.gutenberg.org/ebooks/3296',
    category: 'Devotional',
    colour: [46, 84, 130],
  },
  {
    bookName: 'Introduction to the Devout Life',
    bookLink: 'https://ccel.org/ccel/desales/devout_life',
    category: 'Personalized Recommendation',
    colour: [64, 118, 84],
  },
  {
    bookName: 'Catechism of the Catholic Church',
    bookLink: 'https://www.vatican.va/archive/ENG0015/_INDEX.HTM',
    category: 'Study Materials',
    colour: [176, 132, 52],
  },
];

async function seedBooks(db: Db, uploads: UploadStore): Promise<number> {
  let added = 0;
  for (const { colour, ...book } of books) {
    const existing = await db.kysely
      .selectFrom('books')
      .select('_id')
      .where('book_name', '=', book.bookName)
      .executeTakeFirst();
    if (existing) continue;
    const cover = solidPng(120, 180, colour);
    const tempPath = path.join(uploads.tempDir, `seed-${process.pid}-${added}.part`);
    fs.writeFileSync(tempPath, cover);
    try {
      const image = {
        field: 'bookImage',
        name: UploadStore.newName('png'),
        tempPath,
        size: cover.length,
        mimeType: 'image/png',
        isImage: true,
        originalName: 'cover.png',
      };
      await addBook(db, uploads, book, image);
    } finally {
      fs.rmSync(tempPath, { force: true });
    }
    added += 1;
  }
  return added;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    let added = 0;
    for (const item of massIntentions) {
      const existing = await db.kysely
        .selectFrom('mass_intentions')
        .select('_id')
        .where('email', '=', item.email)
        .where('intention', '=', item.intention)
        .executeTakeFirst();
      if (!existing) {
        await addMassIntention(db, item);
        added += 1;
      }
    }
    const uploads = new UploadStore(config.uploadsDir);
    uploads.prepare();
    const booksAdded = await seedBooks(db, uploads);
    console.log(
      `Seed done: ${added} mass intention(s) and ${booksAdded} book(s) added ` +
        `(${db.engine}${config.databaseUrl ? '' : `, ${config.dataDir}`}).`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error('Seeding failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
