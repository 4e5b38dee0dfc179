import { configDefaults, defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;

// Server integration tests run on SQLite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      // The web app's pure modules (languages, formats); no browser: components are tested by e2e/.
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server-sqlite',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // PostgreSQL's own behaviour (its connections), tested in the project below only.
          exclude: [...configDefaults.exclude, '**/*.postgres.test.ts'],
          env: { TEST_DB_DIALECT: 'sqlite' },
          // CLI tests run the CLI as a child process, which reads each file in a reader process of its own
          // (parse-off-thread.ts): a few seconds per command on a loaded 2-core machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server-postgres',
                root: 'apps/server',
                include: ['test/**/*.test.ts', 'src/**/*.postgres.test.ts'],
                env: { TEST_DB_DIALECT: 'postgres', TEST_DATABASE_URL: postgresUrl },
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
