/**
 * Where the rate limits keep their counters (RATE_LIMIT_STORE; docs/operations.md, "More than one process").
 * `memory`, the default, is this process's own map: fastest, and right for one server process. With several
 * processes behind one address the limits must hold across them, so they share `database` (a table in the
 * deployment's own SQLite or PostgreSQL) or `redis` (REDIS_URL). Each counter is a fixed window: the first
 * increment opens it for `windowMs`, later ones add to it until it ends.
 */
import { type Kysely, sql } from 'kysely';
import type { RateLimitStoreKind } from '../config.ts';
import type { Dialect } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

export interface CounterWindow {
  count: number;
  /** Milliseconds until the window ends. */
  msLeft: number;
}

export interface CounterStore {
  readonly kind: RateLimitStoreKind;
  /** Adds one to the key's count, opening a window of windowMs when it has none; answers the window after it. */
  increment(key: string, windowMs: number): Promise<CounterWindow>;
  /** The key's open window, or null. */
  read(key: string): Promise<CounterWindow | null>;
  /** A new window of windowMs with a count of 1, whatever the key had (a remembered key's time starts again). */
  restart(key: string, windowMs: number): Promise<void>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * This process's counters. Memory stays bounded: expired windows are dropped as the map grows, and past `maxKeys`
 * the oldest entries go first (a flood of fresh addresses cannot grow it without limit).
 */
export class MemoryCounterStore implements CounterStore {
  readonly kind = 'memory';
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly maxKeys = 300_000,
    private readonly now: () => number = Date.now,
  ) {}

  async increment(key: string, windowMs: number): Promise<CounterWindow> {
    const now = this.now();
    const entry = this.windows.get(key);
    if (entry && entry.endsAt > now) {
      entry.count += 1;
      return { count: entry.count, msLeft: entry.endsAt - now };
    }
    this.open(key, windowMs, now);
    return { count: 1, msLeft: windowMs };
  }

  async read(key: string): Promise<CounterWindow | null> {
    const entry = this.windows.get(key);
    if (!entry) return null;
    const msLeft = entry.endsAt - this.now();
    if (msLeft > 0) return { count: entry.count, msLeft };
    this.windows.delete(key);
    return null;
  }

  async restart(key: string, windowMs: number): Promise<void> {
    this.open(key, windowMs, this.now());
  }

  async remove(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  private open(key: string, windowMs: number, now: number): void {
    // Re-inserted so that the Map's order stays oldest-first.
    this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) this.sweep(now);
    this.windows.set(key, { count: 1, endsAt: now + windowMs });
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.endsAt <= now) this.windows.delete(key);
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}

/** Ended windows are deleted at most this often (one statement for all of them). */
const DATABASE_SWEEP_MS = 60_000;

/**
 * Counters in a table of the deployment's own database, shared by every process that uses it. The table holds
 * nothing worth keeping (at worst a restart forgets a minute of failures), so it is made here rather than by a
 * migration, UNLOGGED on PostgreSQL (no WAL writes for a counter), and each increment is one upsert.
 */
export class DatabaseCounterStore implements CounterStore {
  readonly kind = 'database';
  private lastSweep = 0;

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  static async open(
    db: Kysely<Database>,
    dialect: Dialect,
    now: () => number = Date.now,
  ): Promise<DatabaseCounterStore> {
    const unlogged = dialect === 'postgres' ? sql`unlogged` : sql``;
    const create = sql`create ${unlogged} table if not exists rate_limit_windows (
      key text primary key, count integer not null, ends_at bigint not null)`;
    try {
      await create.execute(db);
    } catch (error) {
      // Two processes starting together: PostgreSQL's "if not exists" can still lose the race on the type's name.
      if (!/already exists|duplicate key/i.test(String((error as Error).message))) throw error;
    }
    return new DatabaseCounterStore(db, now);
  }

  async increment(key: string, windowMs: number): Promise<CounterWindow> {
    const now = this.now();
    await this.sweepEnded(now);
    const result = await sql<{ count: number; ends_at: number | string }>`
      insert into rate_limit_windows (key, count, ends_at) values (${key}, 1, ${now + windowMs})
      on conflict (key) do update set
        count = case when rate_limit_windows.ends_at > ${now} then rate_limit_windows.count + 1 else 1 end,
        ends_at = case when rate_limit_windows.ends_at > ${now} then rate_limit_windows.ends_at
                       else excluded.ends_at end
      returning count, ends_at`.execute(this.db);
    const row = result.rows[0]!;
    return { count: Number(row.count), msLeft: Number(row.ends_at) - now };
  }

  async read(key: string): Promise<CounterWindow | null> {
    const now = this.now();
    const result = await sql<{ count: number; ends_at: number | string }>`
      select count, ends_at from rate_limit_windows where key = ${key} and ends_at > ${now}`.execute(this.db);
    const row = result.rows[0];
    return row ? { count: Number(row.count), msLeft: Number(row.ends_at) - now } : null;
  }

  async restart(key: string, windowMs: number): Promise<void> {
    await sql`
      insert into rate_limit_windows (key, count, ends_at) values (${key}, 1, ${this.now() + windowMs})
      on conflict (key) do update set count = 1, ends_at = excluded.ends_at`.execute(this.db);
  }

  async remove(key: string): Promise<void> {
    await sql`delete from rate_limit_windows where key = ${key}`.execute(this.db);
  }

  async close(): Promise<void> {
    // The database handle belongs to the server, which closes it.
  }

  private async sweepEnded(now: number): Promise<void> {
    if (now - this.lastSweep < DATABASE_SWEEP_MS) return;
    this.lastSweep = now;
    await sql`delete from rate_limit_windows where ends_at <= ${now}`.execute(this.db);
  }
}
