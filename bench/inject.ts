/**
 * The server in this process, driven through `app.inject` (no sockets): what the dashboard benchmarks measure.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { DashboardService } from '../apps/server/src/features/dashboard/service.ts';

const APP_CONFIG = { loginEnabled: false, logLevel: 'warn', webDistDir: undefined } as const;

/**
 * A new app: empty period caches, so its first data call computes from the database. Ready before it is returned,
 * as a server is before it listens: booting its plugins and opening its database connections (app.ts) are start-up,
 * which bench/server.ts measures, not part of the first request.
 */
export async function benchApp(handle: DatabaseHandle): Promise<FastifyInstance> {
  const app = await buildApp(APP_CONFIG, handle);
  await app.ready();
  return app;
}

/** An app whose main dashboard service the caller holds, to empty its period caches between samples. */
export async function benchAppWithService(
  handle: DatabaseHandle,
): Promise<{ app: FastifyInstance; service: DashboardService }> {
  const service = new DashboardService(handle.db);
  const app = await buildApp({ ...APP_CONFIG, dashboardService: service }, handle);
  await app.ready();
  return { app, service };
}

/** GET `url`; throws unless it answers 200. Returns the body's length. */
export async function getOk(app: FastifyInstance, url: string): Promise<number> {
  const response = await app.inject(url);
  if (response.statusCode !== 200) {
    throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 500)}`);
  }
  return response.body.length;
}
