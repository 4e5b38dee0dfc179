import { type Kysely, PostgresAdapter } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

// Generic so that a typed Kysely<Database> and a migration's Kysely<unknown> both fit.
export function dialectOf<DB>(db: Kysely<DB>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
