import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A write scope: every query made inside it, by any code and through any transaction it opens, runs in
 * ONE database transaction that the scope's owner commits or rolls back at its end. A write that must
 * land together with a note of its own (an idempotency key and the answer it gave) runs in one, so that
 * a crash anywhere before the commit leaves neither, and after it both.
 *
 * The transaction opens lazily, at the scope's first query. A transaction opened inside the scope
 * becomes a savepoint of it: its commit keeps its work for the scope's commit, its rollback undoes only
 * its own part. Work meant for after the commit (putting a staged file in place) waits for it
 * (`afterCommit`). On SQLite the scope holds the one connection from its first query to its end.
 */
export class WriteScope {
  private connection?: Promise<DatabaseConnection>;
  private savepoints = 0;
  private ended = false;
  private readonly committed: (() => Promise<void> | void)[] = [];
  private readonly undone: (() => Promise<void> | void)[] = [];

  /** Set by the wrapped driver: what it begins and ends the scope's transaction with. */
  driver?: Driver;

  /** True once its transaction is open (at its first write or transaction). */
  get isOpen(): boolean {
    return this.connection !== undefined;
  }

  /** True once committed or rolled back: later queries (after the answer) run outside it. */
  get isOver(): boolean {
    return this.ended;
  }

  /** Runs `work` inside the scope. */
  run<T>(work: () => T): T {
    return scopes.run(this, work);
  }

  /** The scope's connection, opening its transaction on first use. */
  acquire(driver: Driver): Promise<DatabaseConnection> {
    this.driver ??= driver;
    this.connection ??= (async () => {
      const connection = await driver.acquireConnection();
      try {
        await driver.beginTransaction(connection, {});
      } catch (error) {
        await driver.releaseConnection(connection);
        throw error;
      }
      return connection;
    })();
    return this.connection;
  }

  nextSavepoint(): string {
    return `write_scope_${++this.savepoints}`;
  }

  /** Commits what the scope wrote (nothing to do if it never queried), then runs the after-commit work. */
  async commit(): Promise<void> {
    this.undone.length = 0;
    await this.end(true);
    for (const work of this.committed.splice(0)) await work();
  }

  /** Undoes what the scope wrote; the after-commit work is dropped and the undo work runs. */
  async rollback(): Promise<void> {
    this.committed.length = 0;
    try {
      await this.end(false);
    } finally {
      for (const work of this.undone.splice(0)) await work();
    }
  }

  /**
   * `work` runs once the scope commits (at once outside any scope); `otherwise`, if given, runs instead
   * should the scope roll back.
   */
  static async afterCommit(work: () => Promise<void> | void, otherwise?: () => Promise<void> | void): Promise<void> {
    const scope = scopes.getStore();
    if (scope && !scope.ended) {
      scope.committed.push(work);
      if (otherwise) scope.undone.push(otherwise);
    } else await work();
  }

  private async end(commit: boolean): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    const pending = this.connection;
    if (!pending || !this.driver) return;
    const connection = await pending;
    try {
      if (commit) await this.driver.commitTransaction(connection);
      else await this.driver.rollbackTransaction(connection);
    } catch (error) {
      if (commit) await this.driver.rollbackTransaction(connection).catch(() => undefined);
      throw error;
    } finally {
      await this.driver.releaseConnection(connection);
    }
  }
}

const scopes = new AsyncLocalStorage<WriteScope>();

/** The scope the running code is in, if any and not yet over. */
const activeScope = (): WriteScope | undefined => {
  const scope = scopes.getStore();
  return scope && !scope.isOver ? scope : undefined;
};

/** Connections handed out inside a scope, and the savepoints each has open (innermost last). */
const scoped = new WeakMap<DatabaseConnection, { scope: WriteScope; savepoints: string[] }>();

/** The driver that serves a scope's queries from its one transaction, and every other query as before. */
class WriteScopeDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const scope = activeScope();
    if (!scope) return this.inner.acquireConnection();
    const inner = this.inner;
    // Until the scope's first write or transaction, its reads use an ordinary connection for the
    // moment they take: a scope that only read so far (a record looked up before its upload arrives)
    // holds nothing, so SQLite's one connection is not kept waiting on a slow client.
    const readAlone = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      const connection = await inner.acquireConnection();
      try {
        return await connection.executeQuery<R>(query);
      } finally {
        await inner.releaseConnection(connection);
      }
    };
    // Each acquisition gets its own handle, so that its savepoints are its own.
    const handle: DatabaseConnection = {
      executeQuery: async <R>(query: CompiledQuery) =>
        !scope.isOpen && isRead(query) ? readAlone<R>(query) : (await scope.acquire(inner)).executeQuery<R>(query),
      streamQuery: async function* (query, chunkSize) {
        yield* (await scope.acquire(inner)).streamQuery(query, chunkSize);
      },
    };
    scoped.set(handle, { scope, savepoints: [] });
    return handle;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const inScope = scoped.get(connection);
    if (!inScope) return this.inner.beginTransaction(connection, settings);
    const name = inScope.scope.nextSavepoint();
    // A transaction inside the scope opens the scope's own: a savepoint is not a read.
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
    inScope.savepoints.push(name);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const inScope = scoped.get(connection);
    if (!inScope) return this.inner.commitTransaction(connection);
    const name = inScope.savepoints.pop();
    if (name) await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const inScope = scoped.get(connection);
    if (!inScope) return this.inner.rollbackTransaction(connection);
    const name = inScope.savepoints.pop();
    if (!name) return;
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A scope's connection is released when the scope ends.
    if (!scoped.has(connection)) await this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** A query that only reads: outside a scope's transaction until the scope writes. */
const isRead = (query: CompiledQuery) => query.query.kind === 'SelectQueryNode';

/** The dialect with write scopes: what `openDatabase` builds every Kysely on. */
export function withWriteScopes(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WriteScopeDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => dialect.createIntrospector(db),
  };
}
