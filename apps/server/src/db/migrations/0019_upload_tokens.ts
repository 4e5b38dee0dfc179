import type { Kysely } from 'kysely';

// Migrations are append-only once landed: change the schema with a new file, never by editing this one.

/**
 * One upload token per kingdom, for a scanner machine or a bot that sends scan files to POST /api/upload/{kd}/scans.
 * Like the rally token: only a SHA-256 hash is kept; rotating replaces the row and revoking deletes it, so the old
 * token stops working at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_tokens')
    .addColumn('kingdom_kd', 'integer', (c) => c.primaryKey().references('kingdoms.kd').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_tokens').ifExists().execute();
}
