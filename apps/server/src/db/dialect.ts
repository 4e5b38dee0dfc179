import { type Kysely, PostgresAdapter } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<unknown> | Kysely<never>): Dialect {
  return (db as Kysely<unknown>).getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
