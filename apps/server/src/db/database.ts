import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Dialect } from './dialect.ts';
import type { Database } from './schema.ts';
import { type BusyWait, BusyWaitingSqliteDialect, DEFAULT_BUSY_WAIT } from './sqlite-busy.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, without credentials, for logs. */
  description: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL only: every query runs in this schema (tests give each run its own). */
  schema?: string;
  /** SQLite only: how long a statement waits for another process's write lock (see sqlite-busy.ts). */
  busyWait?: BusyWait;
  /**
   * PostgreSQL only: told when a pooled connection fails while idle (PostgreSQL restarted or ended it); the pool
   * drops it and opens another when one is needed. Default: one line on stderr.
   */
  onIdleConnectionError?: (error: Error) => void;
}

/** Connections one process opens at most, and keeps open while idle (app.ts opens those at start). */
export const POOL_MAX_CONNECTIONS = 10;
export const POOL_KEPT_OPEN = 5;

const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/**
 * pg answers bigint and numeric (what SUM gives) as strings to protect precision past 2^53. Our counters stay far
 * below that, and SQLite answers numbers, so both dialects answer numbers.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

export function isPostgresUrl(url: string): boolean {
  return url.startsWith('postgres://') || url.startsWith('postgresql://');
}

export function createDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (isPostgresUrl(url)) return createPostgres(url, options);
  if (url.startsWith('sqlite:')) return createSqlite(url.slice('sqlite:'.length), options.busyWait);
  throw new Error(
    `DATABASE_URL must start with sqlite: or postgres:// (got "${url.split(':')[0]}:…"). ` +
      'Examples: sqlite:./data/kingdom-stats.sqlite, sqlite::memory:, postgres://user@host:5432/db',
  );
}

function createSqlite(location: string, busyWait: BusyWait = DEFAULT_BUSY_WAIT): DatabaseHandle {
  const inMemory = location === ':memory:' || location === '';
  const file = inMemory ? ':memory:' : resolve(location);
  if (!inMemory) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  if (!inMemory) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // WAL with NORMAL sync is durable across application crashes and much faster for imports.
  sqlite.pragma('synchronous = NORMAL');
  // No waiting inside SQLite: that wait would block the event loop. The dialect waits asynchronously instead.
  sqlite.pragma('busy_timeout = 0');
  const db = new Kysely<Database>({
    dialect: new BusyWaitingSqliteDialect({ database: withStatementCache(sqlite) }, busyWait),
  });
  return {
    db,
    dialect: 'sqlite',
    description: inMemory ? 'SQLite in memory' : `SQLite ${file}`,
    close: () => db.destroy(),
  };
}

/** SQL texts whose prepared statements are kept per connection. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every statement anew, and preparing costs SQLite a parse and a plan each time; the server runs the
 * same few hundred SQL texts over and over (values are bound parameters), so their statements are kept, least
 * recently used first out. A statement still being iterated is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const cached = statements.get(text);
      if (cached && !cached.busy) {
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      statements.set(text, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

function createPostgres(rawUrl: string, options: DatabaseOptions): DatabaseHandle {
  // `?schema=name` selects a schema, so one database can hold separate installations (and test runs).
  const parsed = new URL(rawUrl);
  const schema = options.schema ?? parsed.searchParams.get('schema') ?? undefined;
  parsed.searchParams.delete('schema');
  const url = parsed.toString();
  const pool = new pg.Pool({
    connectionString: url,
    types: pgTypes,
    max: POOL_MAX_CONNECTIONS,
    // Kept past pg's 10 s idle timeout, so the first viewer after a quiet spell does not wait for new backends.
    min: POOL_KEPT_OPEN,
    ...(schema ? { options: `-c search_path=${quoteIdent(schema)}` } : {}),
  });
  // JIT compiling pays off for long analytical queries; ours are short, and it added ~15 ms to a period. Set per
  // connection rather than as a startup option, which poolers such as PgBouncer refuse.
  pool.on('connect', (client) => {
    client.query('set jit = off').catch(() => {
      // A server without the setting: nothing to turn off.
    });
  });
  // Without a listener, a connection PostgreSQL ends while it sits idle in the pool (a restart, idle_session_timeout,
  // pg_terminate_backend, a pooler's limit) is an 'error' event nobody handles, and Node stops the whole server.
  pool.on('error', options.onIdleConnectionError ?? reportIdleConnectionError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(url);
  safe.password = '';
  safe.username = '';
  return {
    db,
    dialect: 'postgres',
    description: `PostgreSQL ${safe.host}${safe.pathname}${schema ? ` (schema ${schema})` : ''}`,
    close: () => db.destroy(),
  };
}

function reportIdleConnectionError(error: Error): void {
  process.stderr.write(
    `database connection lost while idle: ${error.message} (a new one opens when needed)\n`,
  );
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid schema name: ${name}`);
  return name;
}
