import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { atomically } from './atomic.ts';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/** The tables whose rows a viewer's review marks are read from (migration 0008). */
const REVIEW_TABLES = ['value_flags', 'value_corrections'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

/**
 * scans.review_revision: goes up with every change to the scan's value flags or corrections, in the changing
 * statement's own transaction, so a server may keep a period's flags and corrections in memory under its scans'
 * review revisions, read with the kingdom's scans on every request (docs/data-review.md, "Marks"): any process's
 * change is seen by the next request of every process.
 *
 * Kept by triggers rather than by the code that writes those rows: every writer (an import's checks, a re-check, a
 * correction, a review action, a script run against the database) moves it, and none can forget to. Per scan, not per
 * kingdom: a correction already updates its scan's row (scans.revision), so the lock it takes is one the transaction
 * holds anyway, where a kingdom's row would be locked in a different order by an import and by a revert. SQLite has
 * only row triggers; PostgreSQL's fire once per statement, with the statement's rows in a transition table, so an
 * import that writes a thousand flags updates its scan's row once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await atomically(db, async (db) => {
    await db.schema
      .alterTable('scans')
      .addColumn('review_revision', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    if (dialectOf(db) === 'postgres') await postgresTriggers(db);
    else await sqliteTriggers(db);
  });
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const table of REVIEW_TABLES) {
    for (const event of EVENTS) {
      // A deleted row's scan is old.scan_id; an inserted or updated row's, new.scan_id (an update never moves a row
      // to another scan).
      const row = event === 'delete' ? 'old' : 'new';
      await sql
        .raw(
          `create trigger ${table}_${event}_review_revision after ${event} on ${table} for each row begin
             update scans set review_revision = review_revision + 1 where id = ${row}.scan_id;
           end`,
        )
        .execute(db);
    }
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // `set search_path from current`: the function finds this installation's scans whichever schema a session is in.
  await sql`
    create function bump_scan_review_revision() returns trigger language plpgsql
    set search_path from current as $$
    begin
      update scans set review_revision = review_revision + 1 where id in (select scan_id from changed);
      return null;
    end $$
  `.execute(db);
  for (const table of REVIEW_TABLES) {
    for (const event of EVENTS) {
      // One transition table per trigger for these events: the rows after an insert or update, before a delete.
      const rows = event === 'delete' ? 'old' : 'new';
      await sql
        .raw(
          `create trigger ${table}_${event}_review_revision after ${event} on ${table}
           referencing ${rows} table as changed for each statement execute function bump_scan_review_revision()`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const table of REVIEW_TABLES) {
    for (const event of EVENTS) {
      const name = `${table}_${event}_review_revision`;
      await sql.raw(`drop trigger if exists ${name}${postgres ? ` on ${table}` : ''}`).execute(db);
    }
  }
  if (postgres) await sql`drop function if exists bump_scan_review_revision()`.execute(db);
  await db.schema.alterTable('scans').dropColumn('review_revision').execute();
}
