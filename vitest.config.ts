import { configDefaults, defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Sized for the two-core machines CI runs on (docs/testing.md has the figures): two files at a time. PostgreSQL test
 * files share one database, each in a schema of its own that it makes and drops; migrations look only at their own
 * schema (src/db/migrate.ts), so one file's drop cannot fail another's migration. The forks run their files without
 * re-importing the modules (`isolate: false`): with isolation, each file paid seconds to load the server's modules
 * again, which was most of a small file's time. What a file leaves behind cannot reach the next one: each file opens
 * its own database (a SQLite file or memory, a PostgreSQL schema of its own), the server keeps its caches and
 * counters on the app it builds, and the tests that change a module-wide setting (the file readers' limits, fake
 * timers) put it back.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], isolate: false },
      },
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
          isolate: false,
          // Imports read each file in a reader process (parse-off-thread.ts), and test/cli/cli-process.test.ts
          // starts the CLI as a process: a few seconds each on a loaded 2-core machine.
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
                isolate: false,
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
