import { Client } from 'pg';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

// Change counters: one row per cached public list (books, later streams, groups …). Every write to
// the list bumps its counter in the same transaction; a server process compares the counter with the
// one its cache was built at, and so notices writes made by another process (a second server on
// PostgreSQL, or `npm run seed` while the server runs).

/** Adds 1 to the list's counter (creating it at 1). Call inside the write's transaction. */
export async function bumpChangeCounter(db: Kysely<Database>, name: string): Promise<void> {
  await db
    .insertInto('changeCounters')
    .values({ name, counter: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ counter: sql<number>`change_counters.counter + 1` }))
    .execute();
}

/** The list's counter; 0 while nothing was ever written to it. */
export async function readChangeCounter(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db.selectFrom('changeCounters').select('counter').where('name', '=', name).executeTakeFirst();
  return Number(row?.counter ?? 0);
}

/** Every counter by its list. */
export async function readChangeCounters(db: Kysely<Database>): Promise<Record<string, number>> {
  const rows = await db.selectFrom('changeCounters').select(['name', 'counter']).execute();
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.counter)]));
}

/**
 * After a restore put another moment's rows in place (its counters among them): every counter moves
 * past both the value before the restore and the restored one, so that every cache built before it, in
 * this process or another, sees a change and is built again.
 */
export async function advanceChangeCounters(db: Kysely<Database>, before: Record<string, number>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = await readChangeCounters(trx);
    for (const name of new Set([...Object.keys(before), ...Object.keys(now)])) {
      const counter = Math.max(before[name] ?? 0, now[name] ?? 0) + 1;
      await trx
        .insertInto('changeCounters')
        .values({ name, counter })
        .onConflict((oc) => oc.column('name').doUpdateSet({ counter }))
        .execute();
    }
  });
}

/**
 * PostgreSQL only: the lists other servers changed, told at once. A trigger on change_counters
 * NOTIFYs '<schema> <list>' when a write commits (migration 0008); one connection per server LISTENs,
 * from the first subscription on. While it is down (it reconnects every second) the caches still
 * poll the counters (LIST_CACHE_CHECK_MS), so a lost notification costs at most that.
 */
export class ChangeFeed {
  private readonly listeners = new Map<string, Set<() => void>>();
  private client: Client | undefined;
  private connecting: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly schema: string,
  ) {}

  /** Calls `changed` whenever any server commits a write to the list; returns the unsubscribe. */
  subscribe(list: string, changed: () => void): () => void {
    let set = this.listeners.get(list);
    if (!set) this.listeners.set(list, (set = new Set()));
    set.add(changed);
    void this.listen();
    return () => set.delete(changed);
  }

  /** Resolves once listening (tests wait for it before writing elsewhere). */
  listening(): Promise<void> {
    return this.listen();
  }

  private listen(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      void client.end().catch(() => undefined);
      if (!this.closed) this.retry = setTimeout(() => void this.listen(), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      const [schema, list] = (message.payload ?? '').split(' ');
      if (schema !== this.schema || !list) return;
      for (const changed of this.listeners.get(list) ?? []) changed();
    });
    try {
      await client.connect();
      await client.query('LISTEN list_changes');
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
    } catch {
      await client.end().catch(() => undefined);
      if (!this.closed) this.retry = setTimeout(() => void this.listen(), 1000).unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
