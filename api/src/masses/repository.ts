import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AuthenticatedAdmin } from '../auth/tokens';
import { bumpChangeCounter } from '../db/changes';
import type { Db } from '../db/database';
import { isId, newId, timestamp } from '../db/ids';
import type { Database, MassIntentionsTable, MassesTable, RegularMassesTable } from '../db/schema';
import { fromRow } from '../http/contract';
import { HttpError, badRequest, notFound } from '../http/errors';
import { newestFirst, type Paging } from '../http/paging';
import type { Sortable } from '../http/sorting';
import { MASS_INTENTIONS_LIST } from '../mass-intentions/repository';
import { localNow } from '../http/dates';
import { parishNow, parishSettings, parishTimeZone } from '../parish/settings';
import { addDays, hasBegun, weekdayOf, weekStartOf } from './calendar';
import {
  DEFAULT_CAP,
  PLACED_STATES,
  type IntentionCare,
  Mass,
  MassIntentionInMass,
  RegularMass,
  ScheduledMassIntention,
  type IntentionState,
  type MassInput,
  type MassWeek,
  type RegularMassInput,
  type Weekday,
  WEEKDAYS,
} from './schemas';

// Regular Masses are a pattern: each week, on its weekday, at its time. A date of one becomes a Mass of
// its own (a row of `masses`, its regular_date the date it stands for) when an intention is first placed
// in it or it is moved; until then the week lists it from the pattern, under the id
// `<regular Mass id>.<YYYY-MM-DD>`. One-off Masses are rows of `masses` from the start.

/** The change counter of the Masses (db/changes.ts). Their writes bump the intentions' list too: it names them. */
export const MASSES_LIST = 'masses';

type Query = Kysely<Database> | Transaction<Database>;
type MassRow = Selectable<MassesTable>;
type IntentionRow = Selectable<MassIntentionsTable>;

const OCCURRENCE = /^([0-9a-f]{24})\.(\d{4}-\d{2}-\d{2})$/;

const plural = (count: number, one: string) => (count === 1 ? `1 ${one}` : `${count} ${one}s`);

/** A Mass in words, for the messages and the activity record: "Sunday 2026-11-29 10:30, Main church". */
export function massInWords(mass: Pick<MassRow, 'date' | 'time' | 'place' | 'title'>): string {
  const what = mass.title ? `${mass.title}, ` : '';
  // The day as every screen shows one (dd/mm/yyyy): these words are read in the activity record and in errors.
  return `${what}${weekdayOf(mass.date)} ${mass.date.split('-').reverse().join('/')} ${mass.time}, ${mass.place}`;
}

export const MASS_MESSAGES = {
  notFound: 'Mass not found',
  regularNotFound: 'Regular Mass not found',
  intentionNotFound: 'Mass intention not found',
  badDate: 'Date must be a day of the calendar, written YYYY-MM-DD',
  badWeek: 'Week must be a day of the calendar, written YYYY-MM-DD',
  full: (cap: number) => `This Mass is full: it takes ${plural(cap, 'intention')}`,
  past: 'This Mass has begun or is over: it takes no new intentions',
  noFree: 'No Mass in the coming year has room for another intention: add a Mass first',
  placedTwice: (mass: MassRow | undefined) =>
    `This intention is already placed in a Mass${mass ? ` (${massInWords(mass)})` : ''}: ` +
    'mark it Requested to take it out first',
  cancelled: 'This intention is cancelled: mark it Requested before placing it',
  capBelow: (placed: number, where: string) =>
    `${plural(placed, 'intention')} ${placed === 1 ? 'is' : 'are'} placed in ${where}: the cap cannot be below ${placed}`,
  scheduleByPlacing: 'An intention is Scheduled by placing it in a Mass',
  saidUnplaced: 'Only an intention placed in a Mass can be marked Said',
  stipend: 'Stipend must be an amount, like 20 or 20.50',
  nothing: 'Say what to change: a state, a stipend or a receipt number',
  regularDate: 'This is a date of a regular Mass: move it, or change the regular Mass',
  hasIntentions: (placed: number) =>
    `${plural(placed, 'intention')} ${placed === 1 ? 'is' : 'are'} placed in this Mass: move or cancel them first`,
} as const;

/** Who changes an intention's state, as it keeps them. */
type Carer = Pick<AuthenticatedAdmin, 'name' | 'email'>;

const toRegular = (row: Selectable<RegularMassesTable>): RegularMass =>
  fromRow(RegularMass, row, { weekday: row.weekday as Weekday });

/** The date of a regular Mass as the week lists it before it is a row: not stored yet. */
function dateOf(regular: Selectable<RegularMassesTable>, date: string, now: string): MassRow {
  return {
    _id: `${regular._id}.${date}`,
    date,
    time: regular.time,
    place: regular.place,
    celebrant: regular.celebrant,
    cap: regular.cap,
    title: '',
    regularId: regular._id,
    regularDate: date,
    createdAt: now,
    updatedAt: now,
  };
}

const isStored = (mass: MassRow) => isId(mass._id);

/** How many intentions each of these stored Masses holds (Scheduled or Said). */
async function placedCounts(query: Query, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await query
    .selectFrom('massIntentions')
    .select(['massId', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('massId', 'in', ids)
    .where('state', 'in', [...PLACED_STATES])
    .groupBy('massId')
    .execute();
  return new Map(rows.map((row) => [row.massId!, Number(row.n)]));
}

/** The dates of regular Masses from `from` to `to` that are rows already (moved or holding intentions). */
async function storedDates(query: Query, from: string, to: string): Promise<Set<string>> {
  const rows = await query
    .selectFrom('masses')
    .select(['regularId', 'regularDate'])
    .where('regularDate', '>=', from)
    .where('regularDate', '<=', to)
    .execute();
  return new Set(rows.map((row) => `${row.regularId}.${row.regularDate}`));
}

/** Every Mass from `from` to `to`, stored or from the regular pattern, by date and time. */
async function massesBetween(query: Query, from: string, to: string): Promise<MassRow[]> {
  const stored = await query
    .selectFrom('masses')
    .selectAll()
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  const taken = await storedDates(query, from, to);
  const regulars = await query.selectFrom('regularMasses').selectAll().execute();
  const now = timestamp();
  const pattern: MassRow[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const weekday = weekdayOf(day);
    for (const regular of regulars) {
      if (regular.weekday === weekday && !taken.has(`${regular._id}.${day}`)) pattern.push(dateOf(regular, day, now));
    }
  }
  return [...stored, ...pattern].sort((a, b) =>
    `${a.date} ${a.time} ${a.place}`.localeCompare(`${b.date} ${b.time} ${b.place}`),
  );
}

/** The Mass an id names: a stored one, or a date of a regular Mass (not stored yet); a 404 otherwise. */
async function findMass(query: Query, id: string): Promise<MassRow> {
  if (isId(id)) {
    const row = await query.selectFrom('masses').selectAll().where('_id', '=', id).executeTakeFirst();
    if (row) return row;
    throw notFound(MASS_MESSAGES.notFound);
  }
  const match = OCCURRENCE.exec(id);
  if (match) {
    const [, regularId, date] = match as unknown as [string, string, string];
    const stored = await query
      .selectFrom('masses')
      .selectAll()
      .where('regularId', '=', regularId)
      .where('regularDate', '=', date)
      .executeTakeFirst();
    if (stored) return stored;
    const regular = await query.selectFrom('regularMasses').selectAll().where('_id', '=', regularId).executeTakeFirst();
    if (regular && regular.weekday === weekdayOf(date)) return dateOf(regular, date, timestamp());
  }
  throw notFound(MASS_MESSAGES.notFound);
}

/**
 * Makes a date of a regular Mass a row (if another request did meanwhile, that row): the stored Mass,
 * locked on PostgreSQL until the transaction ends, so that two placements cannot both take its last place.
 */
async function storedForUpdate(trx: Transaction<Database>, engine: Db['engine'], mass: MassRow): Promise<MassRow> {
  if (!isStored(mass)) {
    await trx
      .insertInto('masses')
      .values({ ...mass, _id: newId() })
      .onConflict((conflict) => conflict.columns(['regularId', 'regularDate']).doNothing())
      .execute();
  }
  const query = trx.selectFrom('masses').selectAll();
  const found = isStored(mass)
    ? query.where('_id', '=', mass._id)
    : query.where('regularId', '=', mass.regularId).where('regularDate', '=', mass.regularDate);
  return await lockedForUpdate(found, engine).executeTakeFirstOrThrow();
}

/** A query's rows locked until the transaction ends, on PostgreSQL (SQLite's transactions run one at a time). */
function lockedForUpdate<Q extends { forUpdate(): Q }>(query: Q, engine: Db['engine']): Q {
  return engine === 'postgres' ? query.forUpdate() : query;
}

/** An intention, locked: two changes of one intention at once see each other's, one after the other. */
function intentionForUpdate(trx: Transaction<Database>, engine: Db['engine'], id: string) {
  return lockedForUpdate(trx.selectFrom('massIntentions').selectAll().where('_id', '=', id), engine).executeTakeFirst();
}

/** The Masses with the intentions placed in them, in the order they were asked for (a mark keeps its place). */
async function withIntentions(query: Query, masses: MassRow[], timeZone: string): Promise<Mass[]> {
  const ids = masses.filter(isStored).map((mass) => mass._id);
  const placed = ids.length
    ? await query
        .selectFrom('massIntentions')
        .select(['_id', 'fullname', 'intention', 'state', 'massId', 'stipend'])
        .where('massId', 'in', ids)
        .where('state', 'in', [...PLACED_STATES])
        .orderBy('createdAt')
        .orderBy('_id')
        .execute()
    : [];
  const now = new Date();
  return masses.map((mass) =>
    fromRow(Mass, mass, {
      regularMassId: mass.regularId,
      past: hasBegun(mass.date, mass.time, timeZone, now),
      intentions: placed
        .filter((row) => row.massId === mass._id)
        .map((row) => fromRow(MassIntentionInMass, row, { state: row.state as 'Scheduled' | 'Said' })),
    }),
  );
}

/** The Masses of the week a day is in (from the parish's first day of the week), each with its intentions. */
export async function massWeek(db: Db, day: string): Promise<MassWeek> {
  const { weekStart, timeZone } = await parishSettings(db);
  const week = weekStartOf(day, weekStart);
  const masses = await massesBetween(db.kysely, week, addDays(week, 6));
  return { week, masses: await withIntentions(db.kysely, masses, timeZone) };
}

// --- regular Masses ---

export async function listRegularMasses(db: Db): Promise<RegularMass[]> {
  const rows = await db.kysely.selectFrom('regularMasses').selectAll().execute();
  // In the order of the parish's week.
  const { weekStart } = await parishSettings(db);
  const order = (row: RegularMass) => `${(weekdayIndex(row.weekday) - weekStart + 7) % 7} ${row.time} ${row.place}`;
  return rows.map(toRegular).sort((a, b) => order(a).localeCompare(order(b)));
}

const weekdayIndex = (weekday: Weekday) => WEEKDAYS.indexOf(weekday);

const bumpBoth = async (trx: Transaction<Database>) => {
  await bumpChangeCounter(trx, MASSES_LIST);
  await bumpChangeCounter(trx, MASS_INTENTIONS_LIST);
};

export async function addRegularMass(db: Db, input: RegularMassInput): Promise<RegularMass> {
  const now = timestamp();
  const row = {
    _id: newId(),
    weekday: input.weekday,
    time: input.time,
    place: input.place,
    celebrant: input.celebrant ?? '',
    cap: input.cap ?? DEFAULT_CAP,
    createdAt: now,
    updatedAt: now,
  };
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('regularMasses').values(row).execute();
    await bumpBoth(trx);
  });
  return toRegular(row);
}

/**
 * Changes a regular Mass. Its dates not stored yet follow at once. Its stored dates to come follow each
 * field that changed (place, celebrant, cap, time) unless that date was given its own value of it (a
 * feast's larger cap, a Mass moved on its own), and not the time when the weekday changed; a cap that
 * would fall below a date's intentions is refused.
 */
export async function editRegularMass(db: Db, id: string, input: RegularMassInput): Promise<RegularMass> {
  // Read before the transaction: SQLite's one connection is the transaction's until it ends.
  const today = (await parishNow(db)).date;
  return await db.kysely.transaction().execute(async (trx) => {
    const old = await trx.selectFrom('regularMasses').selectAll().where('_id', '=', id).executeTakeFirst();
    if (!old) throw notFound(MASS_MESSAGES.regularNotFound);
    const next = {
      place: input.place,
      celebrant: input.celebrant ?? '',
      cap: input.cap ?? DEFAULT_CAP,
      time: input.time,
    };
    const coming = await lockedForUpdate(
      trx.selectFrom('masses').selectAll().where('regularId', '=', id).where('date', '>=', today),
      db.engine,
    ).execute();
    /** What a stored date takes of the change: the fields that changed and that it still has as they were. */
    const followed = (mass: MassRow) => ({
      ...(next.place !== old.place && mass.place === old.place ? { place: next.place } : {}),
      ...(next.celebrant !== old.celebrant && mass.celebrant === old.celebrant ? { celebrant: next.celebrant } : {}),
      ...(next.cap !== old.cap && mass.cap === old.cap ? { cap: next.cap } : {}),
      ...(next.time !== old.time &&
      input.weekday === old.weekday &&
      mass.date === mass.regularDate &&
      mass.time === old.time
        ? { time: next.time }
        : {}),
    });
    const counts = await placedCounts(
      trx,
      coming.map((mass) => mass._id),
    );
    const over = coming.find((mass) => {
      const cap = followed(mass).cap;
      return cap !== undefined && (counts.get(mass._id) ?? 0) > cap;
    });
    if (over) throw new HttpError(409, MASS_MESSAGES.capBelow(counts.get(over._id)!, `the Mass of ${over.date}`));
    const updated = await trx
      .updateTable('regularMasses')
      .set({ weekday: input.weekday, ...next, updatedAt: timestamp() })
      .where('_id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const mass of coming) {
      const changes = followed(mass);
      if (Object.keys(changes).length === 0) continue;
      await trx
        .updateTable('masses')
        .set({ ...changes, updatedAt: timestamp() })
        .where('_id', '=', mass._id)
        .execute();
    }
    await bumpBoth(trx);
    return toRegular(updated);
  });
}

/**
 * Removes a regular Mass: its dates to come leave the week, the stored ones too unless they hold
 * intentions. Those, and its past dates (the record of what was said), stay as Masses of their own.
 */
export async function deleteRegularMass(db: Db, id: string): Promise<RegularMass | undefined> {
  const today = (await parishNow(db)).date;
  return await db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('regularMasses').selectAll().where('_id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    await trx
      .deleteFrom('masses')
      .where('regularId', '=', id)
      .where('date', '>=', today)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('massIntentions').select('_id').whereRef('massIntentions.massId', '=', 'masses._id'))),
      )
      .execute();
    // What stays is a Mass of its own from now on, edited and deleted as a one-off Mass is.
    await trx.updateTable('masses').set({ regularId: null, regularDate: null }).where('regularId', '=', id).execute();
    await trx.deleteFrom('regularMasses').where('_id', '=', id).execute();
    await bumpBoth(trx);
    return toRegular(row);
  });
}

// --- dated Masses ---

export async function addMass(db: Db, input: MassInput): Promise<Mass> {
  const now = timestamp();
  const row: MassRow = {
    _id: newId(),
    date: input.date,
    time: input.time,
    place: input.place,
    celebrant: input.celebrant ?? '',
    cap: input.cap ?? DEFAULT_CAP,
    title: input.title ?? '',
    regularId: null,
    regularDate: null,
    createdAt: now,
    updatedAt: now,
  };
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('masses').values(row).execute();
    await bumpBoth(trx);
  });
  return (await withIntentions(db.kysely, [row], await parishTimeZone(db)))[0]!;
}

/**
 * Changes a dated Mass, or one date of a regular Mass (which becomes a row of its own): moving it (its
 * date or time) keeps its intentions; a cap below the intentions placed in it is refused.
 */
export async function editMass(db: Db, id: string, input: MassInput): Promise<Mass> {
  const timeZone = await parishTimeZone(db);
  return await db.kysely.transaction().execute(async (trx) => {
    const mass = await storedForUpdate(trx, db.engine, await findMass(trx, id));
    const cap = input.cap ?? DEFAULT_CAP;
    const placed = (await placedCounts(trx, [mass._id])).get(mass._id) ?? 0;
    if (placed > cap) throw new HttpError(409, MASS_MESSAGES.capBelow(placed, 'this Mass'));
    const updated = await trx
      .updateTable('masses')
      .set({
        date: input.date,
        time: input.time,
        place: input.place,
        celebrant: input.celebrant ?? '',
        cap,
        title: input.title ?? '',
        updatedAt: timestamp(),
      })
      .where('_id', '=', mass._id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpBoth(trx);
    return (await withIntentions(trx, [updated], timeZone))[0]!;
  });
}

/** Deletes a one-off Mass that holds no intention: the Mass deleted; undefined when there is none. */
export async function deleteMass(db: Db, id: string): Promise<MassRow | undefined> {
  return await db.kysely.transaction().execute(async (trx) => {
    const mass = await trx.selectFrom('masses').selectAll().where('_id', '=', id).executeTakeFirst();
    if (!mass) return undefined;
    if (mass.regularId) {
      const regular = await trx
        .selectFrom('regularMasses')
        .select('_id')
        .where('_id', '=', mass.regularId)
        .executeTakeFirst();
      if (regular) throw new HttpError(409, MASS_MESSAGES.regularDate);
    }
    const placed = (await placedCounts(trx, [mass._id])).get(mass._id) ?? 0;
    if (placed > 0) throw new HttpError(409, MASS_MESSAGES.hasIntentions(placed));
    await trx.deleteFrom('masses').where('_id', '=', id).execute();
    await bumpBoth(trx);
    return mass;
  });
}

// --- intentions ---

/** Newest first: all of them, or a page of those matching (http/paging.ts), with their state and Mass. */
export async function listScheduledIntentions(
  db: Db,
  paging?: Paging,
  sortable?: Sortable,
): Promise<{ rows: ScheduledMassIntention[]; total: number }> {
  const { rows, total } = await newestFirst(db, 'massIntentions', ['fullname', 'email', 'intention'], paging, sortable);
  return { rows: await scheduled(db.kysely, rows), total };
}

/** The intentions with their Masses, as the team reads them. */
async function scheduled(query: Query, rows: IntentionRow[]): Promise<ScheduledMassIntention[]> {
  const ids = [...new Set(rows.map((row) => row.massId).filter((id): id is string => !!id))];
  const masses = ids.length
    ? await query
        .selectFrom('masses')
        .select(['_id', 'date', 'time', 'place', 'title'])
        .where('_id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(masses.map((mass) => [mass._id, mass]));
  return rows.map((row) =>
    fromRow(ScheduledMassIntention, row, {
      state: row.state as IntentionState,
      mass: (row.massId && byId.get(row.massId)) || null,
    }),
  );
}

const stateChange = (state: IntentionState, by: Carer) => ({
  state,
  stateChangedAt: timestamp(),
  stateChangedBy: by.name || by.email,
});

/** The first Mass from now with room for one more intention; a 409 in words when none in a year has. */
async function nextFreeMass(query: Query, timeZone: string): Promise<MassRow> {
  const today = localNow(new Date(), timeZone).date;
  const until = addDays(today, 366);
  const masses = await massesBetween(query, today, until);
  const counts = await placedCounts(
    query,
    masses.filter(isStored).map((mass) => mass._id),
  );
  const now = new Date();
  const free = masses.find(
    (mass) => !hasBegun(mass.date, mass.time, timeZone, now) && (counts.get(mass._id) ?? 0) < mass.cap,
  );
  if (!free) throw new HttpError(409, MASS_MESSAGES.noFree);
  return free;
}

/** The Mass, locked, if it has not begun and has room; else a 409 in words. */
async function lockedWithRoom(
  trx: Transaction<Database>,
  engine: Db['engine'],
  chosen: MassRow,
  timeZone: string,
): Promise<MassRow> {
  if (hasBegun(chosen.date, chosen.time, timeZone)) throw new HttpError(409, MASS_MESSAGES.past);
  const mass = await storedForUpdate(trx, engine, chosen);
  const placed = (await placedCounts(trx, [mass._id])).get(mass._id) ?? 0;
  if (placed >= mass.cap) throw new HttpError(409, MASS_MESSAGES.full(mass.cap));
  return mass;
}

/**
 * The next free Mass, locked. Another placement may take its last place between finding it and locking
 * it: then the next one after it is looked for, as the one asking meant, not refused as full.
 */
async function lockedNextFreeMass(
  trx: Transaction<Database>,
  engine: Db['engine'],
  timeZone: string,
): Promise<MassRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lockedWithRoom(trx, engine, await nextFreeMass(trx, timeZone), timeZone);
    } catch (error) {
      const lostTheRace = error instanceof HttpError && error.statusCode === 409 && attempt < NEXT_FREE_ATTEMPTS;
      if (!lostTheRace) throw error;
    }
  }
}

/** How many Masses "Next free Mass" tries when others fill them meanwhile. */
const NEXT_FREE_ATTEMPTS = 5;

/**
 * Places a Requested intention in a Mass (by its id, or `next`: the next free Mass), Scheduled from then
 * on. Refused in words, changing nothing: an intention placed already or cancelled, a Mass that does not
 * exist, has begun or is full.
 */
export async function placeIntention(
  db: Db,
  id: string,
  massId: string,
  by: Carer,
): Promise<{ intention: ScheduledMassIntention; mass: MassRow }> {
  const timeZone = await parishTimeZone(db);
  return await db.kysely.transaction().execute(async (trx) => {
    const row = isId(id) ? await intentionForUpdate(trx, db.engine, id) : undefined;
    if (!row) throw notFound(MASS_MESSAGES.intentionNotFound);
    if (PLACED_STATES.includes(row.state as IntentionState)) {
      const current = await trx
        .selectFrom('masses')
        .selectAll()
        .where('_id', '=', row.massId ?? '')
        .executeTakeFirst();
      throw new HttpError(409, MASS_MESSAGES.placedTwice(current));
    }
    if (row.state === 'Cancelled') throw new HttpError(409, MASS_MESSAGES.cancelled);
    const mass =
      massId === 'next'
        ? await lockedNextFreeMass(trx, db.engine, timeZone)
        : await lockedWithRoom(trx, db.engine, await findMass(trx, massId), timeZone);
    const updated = await trx
      .updateTable('massIntentions')
      .set({ ...stateChange('Scheduled', by), massId: mass._id })
      .where('_id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpBoth(trx);
    return { intention: (await scheduled(trx, [updated]))[0]!, mass };
  });
}

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * Changes one intention's state, stipend or receipt number. Requested and Cancelled take it out of its
 * Mass; Said needs it placed in one; Scheduled is reached by placing it (placeIntention).
 */
export async function careIntention(
  db: Db,
  id: string,
  care: IntentionCare,
  by: Carer,
): Promise<ScheduledMassIntention> {
  if (care.state === undefined && care.stipend === undefined && care.receipt === undefined) {
    throw badRequest(MASS_MESSAGES.nothing);
  }
  const stipend = typeof care.stipend === 'string' ? care.stipend.trim() : care.stipend;
  if (stipend && !AMOUNT.test(stipend)) throw badRequest(MASS_MESSAGES.stipend);
  return await db.kysely.transaction().execute(async (trx) => {
    const row = isId(id) ? await intentionForUpdate(trx, db.engine, id) : undefined;
    if (!row) throw notFound(MASS_MESSAGES.intentionNotFound);
    const state = care.state;
    const placed = PLACED_STATES.includes(row.state as IntentionState);
    if (state === 'Scheduled' && row.state !== 'Scheduled') throw badRequest(MASS_MESSAGES.scheduleByPlacing);
    if (state === 'Said' && !placed) throw new HttpError(409, MASS_MESSAGES.saidUnplaced);
    const changes = {
      ...(state !== undefined && state !== row.state ? stateChange(state, by) : {}),
      ...(state === 'Requested' || state === 'Cancelled' ? { massId: null } : {}),
      ...(stipend !== undefined ? { stipend: stipend || null } : {}),
      ...(care.receipt !== undefined ? { receipt: care.receipt } : {}),
    };
    const updated = await trx
      .updateTable('massIntentions')
      .set(changes)
      .where('_id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await bumpChangeCounter(trx, MASS_INTENTIONS_LIST);
    await bumpChangeCounter(trx, MASSES_LIST);
    return (await scheduled(trx, [updated]))[0]!;
  });
}
