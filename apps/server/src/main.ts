import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DashboardService } from './features/dashboard/index.ts';
import { prepareDemo } from './features/demo/service.ts';
import { prewarmParseWorkers } from './import/parse-off-thread.ts';
import { openCounterStore } from './plugins/open-counter-store.ts';
import { siteBase } from './site-links.ts';
import { readBannerFacts, startBanner } from './start-banner.ts';

/** How long after listening the first file reader is started. */
const READER_START_DELAY_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = createDatabase(config.databaseUrl);
  await migrateToLatest(database.db);
  const { seeded, demo } = await prepareDemo(database.db, {
    seedDemo: config.seedDemo,
    demoSecret: config.demoSecret,
    now: new Date(),
  });
  const counterStore = await openCounterStore(config.rateLimitStore, database);
  const dashboardService = new DashboardService(database.db);
  const app = await buildApp({ ...config, counterStore, dashboardService }, database);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await counterStore.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // npm start's supervisor restarts a server that had started, whatever killed it, and gives up only on one that
  // cannot start (scripts/supervise.mjs): this tells it which.
  process.send?.({ type: 'ready' });
  // The first viewers after a restart should not each wait for a cold period: the likeliest views are computed soon.
  dashboardService.prepareRecentViews();
  // The first upload should not wait for a file reader to start (a second or two): start one, but not at once,
  // where starting a Node.js process took a core from the first viewers' pages (docs/benchmarks.md, "Issue 16: one
  // layout drawn").
  setTimeout(() => {
    void prewarmParseWorkers().catch((error: unknown) =>
      app.log.warn({ err: error }, 'file reader did not start'),
    );
  }, READER_START_DELAY_MS).unref();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = siteBase(process.env, port);
  const lines = startBanner({
    base,
    database: database.description,
    seeded,
    demo,
    loginEnabled: config.loginEnabled,
    ...(await readBannerFacts(database.db, demo)),
  });
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Kingdom Stats could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
