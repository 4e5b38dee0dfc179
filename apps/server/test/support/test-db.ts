import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: SQLite in memory, or — in the server-postgres project — a schema of
 * its own in TEST_DATABASE_URL's database, dropped afterwards, so parallel runs never see each other's rows.
 */
export interface TestDatabase extends DatabaseHandle {
  /** The URL a child process (the CLI) can use to reach the same data. */
  url: string;
  schema?: string;
  drop(): Promise<void>;
}

export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.TEST_DB_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

export async function createTestDatabase(options: { sqliteFile?: string } = {}): Promise<TestDatabase> {
  if (testDialect() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the server-postgres tests');
    const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = createDatabase(url);
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.close();
    const handle = createDatabase(url, { schema });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      url: withSchema(url, schema),
      schema,
      async drop() {
        await handle.close();
        const cleaner = createDatabase(url);
        await sql`drop schema ${sql.id(schema)} cascade`.execute(cleaner.db);
        await cleaner.close();
      },
    };
  }
  const url = `sqlite:${options.sqliteFile ?? ':memory:'}`;
  const handle = createDatabase(url);
  await migrateToLatest(handle.db);
  return { ...handle, url, drop: () => handle.close() };
}

/** PostgreSQL URLs carry the schema as `?schema=` for our own CLI and server (see config.ts). */
function withSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('schema', schema);
  return parsed.toString();
}
