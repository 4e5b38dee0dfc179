import { setTimeout as sleep } from 'node:timers/promises';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import { AppError } from '../errors.ts';

/**
 * better-sqlite3 is synchronous: with SQLite's own busy_timeout, a statement that finds the database locked by
 * another process (the CLI importing a big file) sleeps inside the call, and the whole server with it. So the
 * connection runs with no busy timeout and this dialect waits instead, asynchronously: a locked statement is tried
 * again after a growing pause while the event loop answers everyone else, and past `maxWaitMs` the caller gets a
 * 503 that says the database is busy, never a 500 "database is locked".
 *
 * Transactions start with BEGIN IMMEDIATE, taking the write lock first: a deferred transaction that read and then
 * found the lock taken could never go on (its snapshot is stale, SQLITE_BUSY_SNAPSHOT), whereas a BEGIN can simply
 * be tried again.
 */
export interface BusyWait {
  /** The longest a statement waits for another process's lock before the 503. */
  maxWaitMs: number;
}

export const DEFAULT_BUSY_WAIT: BusyWait = { maxWaitMs: 10_000 };

/** The longest pause between two tries: short enough that a released lock is taken within a tenth of a second. */
const MAX_PAUSE_MS = 100;

export const DATABASE_BUSY_MESSAGE = 'The database is busy with another task; try again in a moment.';

export class BusyWaitingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #wait: BusyWait;

  constructor(config: SqliteDialectConfig, wait: BusyWait = DEFAULT_BUSY_WAIT) {
    super(config);
    this.#config = config;
    this.#wait = wait;
  }

  override createDriver(): Driver {
    return new BusyWaitingSqliteDriver(this.#config, this.#wait);
  }
}

class BusyWaitingSqliteDriver extends SqliteDriver {
  readonly #wait: BusyWait;
  readonly #wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(config: SqliteDialectConfig, wait: BusyWait) {
    super(config);
    this.#wait = wait;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) {
      wrapped = {
        executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
          whenNotBusy(() => connection.executeQuery<R>(query), this.#wait),
        streamQuery: <R>(query: CompiledQuery, chunkSize?: number) =>
          connection.streamQuery<R>(query, chunkSize),
      };
      this.#wrapped.set(connection, wrapped);
    }
    return wrapped;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Runs `attempt` until SQLite stops answering SQLITE_BUSY, pausing between tries without blocking the thread. */
export async function whenNotBusy<T>(attempt: () => Promise<T>, wait: BusyWait): Promise<T> {
  const started = performance.now();
  let pause = 2;
  for (;;) {
    try {
      // Called inside the try: better-sqlite3 throws synchronously.
      return await attempt();
    } catch (error) {
      if (!isBusy(error)) throw error;
      const waited = performance.now() - started;
      if (waited >= wait.maxWaitMs) throw new AppError('UNAVAILABLE', DATABASE_BUSY_MESSAGE);
      await sleep(Math.min(pause, wait.maxWaitMs - waited));
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    }
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}
