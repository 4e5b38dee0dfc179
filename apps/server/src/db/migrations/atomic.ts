import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Runs a migration's steps all or none. Kysely wraps each migration in a transaction on PostgreSQL but not on SQLite
 * (its adapter reports no transactional DDL, though SQLite has it): a migration that rewrites a table must not be
 * left half done there by a crash or a full disk.
 */
export async function atomically(
  db: Kysely<unknown>,
  steps: (db: Kysely<unknown>) => Promise<void>,
): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await steps(db);
    return;
  }
  await db.transaction().execute((trx) => steps(trx));
}
