import type { Kysely } from 'kysely';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/**
 * One rally ingestion token per kingdom, for the bot that posts rallies to POST /api/rally/{kd}/events. Only a
 * SHA-256 hash of the token is kept; rotating replaces the row, so the old token stops working at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rally_tokens')
    .addColumn('kingdom_kd', 'integer', (c) => c.primaryKey().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rally_tokens').ifExists().execute();
}
