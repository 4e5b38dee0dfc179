import type { FastifyInstance } from 'fastify';
import { type AppConfig, buildApp } from '../../src/app.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, driven through app.inject. A test that also runs the CLI against it names a
 * SQLite file (an in-memory database is one connection's own).
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  databaseOptions: { sqliteFile?: string } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(databaseOptions);
  const app = await buildApp(
    { loginEnabled: false, logLevel: 'silent', webDistDir: undefined, ...overrides },
    database,
  );
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
