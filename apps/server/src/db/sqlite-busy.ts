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
 * While a statement pauses it lets go of the connection, so reads (which WAL never makes wait) and other requests
 * go on.
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

/**
 * SqliteDriver with its one connection guarded by a lock of its own, so that a statement waiting for another
 * process's write lock can let go of the connection while it pauses: reads (which WAL never makes wait) and other
 * requests go on meanwhile. Inside a transaction the connection stays held, as the transaction's statements must run
 * on it in order.
 */
class BusyWaitingSqliteDriver extends SqliteDriver {
  readonly #wait: BusyWait;
  readonly #lock = new ConnectionLock();
  #connection: DatabaseConnection | undefined;
  #inTransaction = false;

  constructor(config: SqliteDialectConfig, wait: BusyWait) {
    super(config);
    this.#wait = wait;
  }

  override async init(): Promise<void> {
    await super.init();
    const inner = await super.acquireConnection();
    await super.releaseConnection();
    this.#connection = {
      executeQuery: <R>(query: CompiledQuery) => this.#execute<R>(inner, query),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => inner.streamQuery<R>(query, chunkSize),
    };
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    return this.#connection!;
  }

  override async releaseConnection(): Promise<void> {
    this.#lock.release();
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    this.#inTransaction = true;
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    this.#inTransaction = false;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.#inTransaction = false;
    }
  }

  #execute<R>(inner: DatabaseConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    return whenNotBusy(
      () => inner.executeQuery<R>(query),
      this.#wait,
      async (pauseMs) => {
        if (this.#inTransaction) return sleep(pauseMs);
        this.#lock.release();
        try {
          await sleep(pauseMs);
        } finally {
          await this.#lock.acquire();
        }
      },
    );
  }
}

/** First come, first served; release hands the connection straight to the next waiter. */
class ConnectionLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  async acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** Runs `attempt` until SQLite stops answering SQLITE_BUSY, pausing between tries without blocking the thread. */
export async function whenNotBusy<T>(
  attempt: () => Promise<T>,
  wait: BusyWait,
  pause: (ms: number) => Promise<unknown> = sleep,
): Promise<T> {
  const started = performance.now();
  let pauseMs = 2;
  for (;;) {
    try {
      // Called inside the try: better-sqlite3 throws synchronously.
      return await attempt();
    } catch (error) {
      if (!isBusy(error)) throw error;
      const waited = performance.now() - started;
      if (waited >= wait.maxWaitMs) throw new AppError('UNAVAILABLE', DATABASE_BUSY_MESSAGE);
      await pause(Math.min(pauseMs, wait.maxWaitMs - waited));
      pauseMs = Math.min(pauseMs * 2, MAX_PAUSE_MS);
    }
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'));
}
