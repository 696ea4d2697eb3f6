import fs from 'node:fs';
import path from 'node:path';
import { bookResource } from './books/resource';
import type { BookInput } from './books/schemas';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase, type Db } from './db/database';
import { addMassIntention } from './mass-intentions/repository';
import type { MassIntentionInput } from './mass-intentions/schemas';
import { solidPng } from './uploads/png';
import { openUploadStorage } from './uploads/storage';
import { UploadStore, type UploadStorage } from './uploads/store';
import { resourceRepository } from './resources/repository';
import { groupResource } from './groups/resource';
import type { GroupInput } from './groups/schemas';
import { addPrayerRequest } from './prayer-requests/repository';
// finance
import { addAbout } from './about/repository';
import { bankAccountResource } from './bank-accounts/resource';
import type { BankAccountRecord } from './bank-accounts/schemas';
import { donationResource } from './donations/resource';
import { prayerResource } from './prayers/resource';
import type { PrayerInput } from './prayers/schemas';
import { addReading } from './readings/repository';
import type { ReadingInput } from './readings/schemas';
import { addReflection } from './reflections/repository';
import type { Audience, ReflectionInput } from './reflections/schemas';
import { streamResource } from './streams/resource';
import type { StreamInput } from './streams/schemas';

// A little demo data so that a fresh install's screens are not empty. Safe to run again: a record
// that is already there is not added twice. The administrator is created by the server's first start.
const massIntentions: MassIntentionInput[] = [
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

async function seedBooks(db: Db, uploads: UploadStorage): Promise<number> {
  let added = 0;
  for (const { colour, ...book } of books) {
    const existing = await db.kysely
      .selectFrom('books')
      .select('_id')
      .where('bookName', '=', book.bookName)
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
      await resourceRepository(bookResource).add(db, uploads, book, image);
    } finally {
      fs.rmSync(tempPath, { force: true });
    }
    added += 1;
  }
  return added;
}

// --- groups and prayer requests ---
const groups: (GroupInput & { colour?: [number, number, number] })[] = [
  {
    groupName: 'Youth Choir',
    groupLink: 'https://chat.whatsapp.com/youth-choir-example',
    groupDescription: 'Young singers who lead the music at the Sunday evening Mass. Rehearsals on Thursdays.',
    colour: [86, 70, 160],
  },
  {
    groupName: 'Legion of Mary',
    groupLink: 'https://chat.whatsapp.com/legion-of-mary-example',
    groupDescription: 'Weekly prayer and home visits to the sick and elderly of the parish.',
  },
];

const prayerRequests = [
  'Please pray for my mother, who is in hospital this week.',
  'For success in my final examinations.',
  'Thanksgiving for a safe journey home.',
];

async function seedCommunity(db: Db, uploads: UploadStorage): Promise<{ groups: number; prayerRequests: number }> {
  let groupsAdded = 0;
  for (const { colour, ...group } of groups) {
    const existing = await db.kysely
      .selectFrom('groups')
      .select('_id')
      .where('groupName', '=', group.groupName)
      .executeTakeFirst();
    if (existing) continue;
    if (!colour) {
      await resourceRepository(groupResource).add(db, uploads, group, undefined);
    } else {
      const picture = solidPng(160, 160, colour);
      const tempPath = path.join(uploads.tempDir, `seed-${process.pid}-group-${groupsAdded}.part`);
      fs.writeFileSync(tempPath, picture);
      try {
        await resourceRepository(groupResource).add(db, uploads, group, {
          field: 'groupImage',
          name: UploadStore.newName('png'),
          tempPath,
          size: picture.length,
          mimeType: 'image/png',
          isImage: true,
          originalName: 'group.png',
        });
      } finally {
        fs.rmSync(tempPath, { force: true });
      }
    }
    groupsAdded += 1;
  }
  let requestsAdded = 0;
  for (const request of prayerRequests) {
    const existing = await db.kysely
      .selectFrom('prayerRequests')
      .select('_id')
      .where('request', '=', request)
      .executeTakeFirst();
    if (existing) continue;
    await addPrayerRequest(db, request);
    requestsAdded += 1;
  }
  return { groups: groupsAdded, prayerRequests: requestsAdded };
}

// --- finance (donations, bank accounts, Section A prayers, About Us) ---
const bankAccounts: BankAccountRecord[] = [
  {
    bankName: 'First Bank of Nigeria',
    bankAccountNumber: '0012345678',
    bankAccountHolderName: 'St. Mary Catholic Parish',
    bankRoutingNumber: '',
    bankSwiftCode: 'FBNINGLA',
    currency: 'NGN',
  },
  {
    bankName: 'Zenith Bank',
    bankAccountNumber: '1098765432',
    bankAccountHolderName: 'St. Mary Parish Building Fund',
    bankRoutingNumber: '',
    bankSwiftCode: 'ZEIBNGLA',
    currency: 'USD',
  },
];

const sectionAPrayers: PrayerInput[] = [
  {
    title: 'Morning Offering',
    prayer:
      'O Jesus, through the Immaculate Heart of Mary, I offer You my prayers, works, joys and sufferings of this day, for all the intentions of Your Sacred Heart.',
  },
  { title: 'Angelus', prayer: 'The Angel of the Lord declared unto Mary, and she conceived of the Holy Spirit.' },
];

const ABOUT_TEXT =
  'St. Mary Parish is a welcoming Catholic community. We gather for Mass every day, pray together and serve our neighbours.';

async function seedFinance(db: Db, uploads: UploadStorage): Promise<number> {
  let added = 0;
  const donationName = 'Church building fund';
  const donation = await db.kysely
    .selectFrom('donations')
    .select('_id')
    .where('donationName', '=', donationName)
    .executeTakeFirst();
  if (!donation) {
    const poster = solidPng(240, 160, [170, 120, 60]);
    const tempPath = path.join(uploads.tempDir, `seed-${process.pid}-donation.part`);
    fs.writeFileSync(tempPath, poster);
    try {
      await resourceRepository(donationResource).add(
        db,
        uploads,
        { donationName, donationDescription: 'For the new roof of the parish hall.' },
        {
          field: 'file',
          name: UploadStore.newName('png'),
          tempPath,
          size: poster.length,
          mimeType: 'image/png',
          isImage: true,
          originalName: 'poster.png',
        },
      );
    } finally {
      fs.rmSync(tempPath, { force: true });
    }
    added += 1;
  }
  for (const account of bankAccounts) {
    const existing = await db.kysely
      .selectFrom('bankAccounts')
      .select('_id')
      .where('bankAccountNumber', '=', account.bankAccountNumber)
      .executeTakeFirst();
    if (existing) continue;
    await resourceRepository(bankAccountResource).add(db, uploads, account);
    added += 1;
  }
  for (const prayer of sectionAPrayers) {
    const existing = await db.kysely
      .selectFrom('prayers')
      .select('_id')
      .where('title', '=', prayer.title)
      .executeTakeFirst();
    if (existing) continue;
    await resourceRepository(prayerResource).add(db, uploads, prayer);
    added += 1;
  }
  if (!(await db.kysely.selectFrom('about').select('_id').executeTakeFirst())) {
    await addAbout(db, ABOUT_TEXT);
    added += 1;
  }
  return added;
}

// --- Bible plan, live streams, reflections ---
const year = new Date().getFullYear();
const isoDay = (dayOfYear: number) => new Date(Date.UTC(year, 0, dayOfYear)).toISOString().slice(0, 10);

/** The first week of this year's plan. */
const readings: ReadingInput[] = [
  'Genesis 1–2; Psalm 1',
  'Genesis 3–4; Psalm 2',
  'Genesis 5–6; Psalm 3',
  'Genesis 7–9; Psalm 4',
  'Genesis 10–11; Psalm 5',
  'Genesis 12–13; Psalm 6',
  'Genesis 14–15; Psalm 7',
].map((passage, index) => ({ day: index + 1, week: 1, date: isoDay(index + 1), passage }));

const stream: StreamInput & { colour: [number, number, number] } = {
  name: 'Sunday Mass from St. Mary',
  streamingLink: 'https://www.youtube.com/watch?v=example-sunday-mass',
  category: 'Lithurgical Celebration',
  colour: [60, 47, 143],
};

const today = new Date().toISOString().slice(0, 10);
const reflections: [Audience, ReflectionInput][] = [
  [
    'adult',
    {
      date: today,
      topic: 'Faith that moves mountains',
      reflection: '<p>Faith is not the absence of doubt but <strong>trust</strong> in the One who calls us.</p>',
      bibleReading: 'Matthew 17:14–20',
      devotionalContent: '<ol><li>For those who struggle to believe</li><li>For our parish community</li></ol>',
      devotionalConfession: '<p>Name one worry and hand it over to God in prayer today.</p>',
      furtherReading: 'Hebrews 11:1–6',
      mass: 'Wisdom 1:1–7; Psalm 139; Luke 17:1–6',
    },
  ],
  [
    'children',
    {
      date: today,
      topic: 'The tiny mustard seed',
      reflection: '<p>Jesus says even a <em>tiny</em> faith can do great things!</p>',
      bibleReading: 'Matthew 17:20',
      devotionalContent: '<ul><li>Thank God for your family</li><li>Pray for a friend</li></ul>',
      devotionalConfession: '<p>Draw a mustard seed and a big tree, and tell someone what it means.</p>',
      furtherReading: 'Mark 4:30–32',
      mass: 'Luke 17:5–6',
    },
  ],
];

async function seedContent(db: Db, uploads: UploadStorage): Promise<number> {
  let added = 0;
  for (const reading of readings) {
    const existing = await db.kysely
      .selectFrom('readings')
      .select('_id')
      .where('day', '=', reading.day)
      .executeTakeFirst();
    if (existing) continue;
    await addReading(db, reading);
    added += 1;
  }
  const streamExists = await db.kysely
    .selectFrom('streams')
    .select('_id')
    .where('name', '=', stream.name)
    .executeTakeFirst();
  if (!streamExists) {
    const { colour, ...input } = stream;
    const thumbnail = solidPng(160, 90, colour);
    const tempPath = path.join(uploads.tempDir, `seed-${process.pid}-stream.part`);
    fs.writeFileSync(tempPath, thumbnail);
    try {
      const image = {
        field: 'file',
        name: UploadStore.newName('png'),
        tempPath,
        size: thumbnail.length,
        mimeType: 'image/png',
        isImage: true,
        originalName: 'thumbnail.png',
      };
      await resourceRepository(streamResource).add(db, uploads, input, image);
    } finally {
      fs.rmSync(tempPath, { force: true });
    }
    added += 1;
  }
  for (const [audience, reflection] of reflections) {
    const existing = await db.kysely
      .selectFrom('reflections')
      .select('_id')
      .where('audience', '=', audience)
      .where('date', '=', reflection.date)
      .executeTakeFirst();
    if (existing) continue;
    await addReflection(db, audience, reflection);
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
        .selectFrom('massIntentions')
        .select('_id')
        .where('email', '=', item.email)
        .where('intention', '=', item.intention)
        .executeTakeFirst();
      if (!existing) {
        await addMassIntention(db, item);
        added += 1;
      }
    }
    const uploads = openUploadStorage(config, db);
    const booksAdded = await seedBooks(db, uploads);
    const community = await seedCommunity(db, uploads);
    console.log(`Community: ${community.groups} group(s) and ${community.prayerRequests} prayer request(s) added.`);
    const financeAdded = await seedFinance(db, uploads);
    console.log(`Finance: ${financeAdded} record(s) added (donations, bank accounts, Section A prayers, About Us).`);
    const contentAdded = await seedContent(db, uploads);
    console.log(`Content: ${contentAdded} record(s) added (Bible readings, a live stream, reflections).`);
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
