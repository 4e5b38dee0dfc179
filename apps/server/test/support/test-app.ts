import type { FastifyInstance } from 'fastify';
import { type AppConfig, buildApp } from '../../src/app.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real app on a fresh database, driven through app.inject. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
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
