import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';

/**
 * Opens pooled PostgreSQL connections before the server takes traffic. Each new connection is a backend process
 * forked, authenticated and set up (database.ts): a few milliseconds each, which the first requests otherwise pay
 * inside their answer (a cold dashboard request reads several things at once, so it opens several). SQLite has
 * one connection, already open. Best effort and bounded: start-up never waits more than `limitMs` on it (a database
 * that does not answer is reported by the first request, as before), and a failure is only logged.
 */
export async function warmUpPool(
  handle: DatabaseHandle,
  connections: number,
  limitMs: number,
  warn: (error: unknown) => void,
): Promise<void> {
  if (handle.dialect !== 'postgres') return;
  // Asked at once, so the pool finds no idle connection for any of them and opens one each.
  const opened = Promise.all(
    Array.from({ length: connections }, () => sql`select 1`.execute(handle.db)),
  ).then(
    () => undefined,
    (error: unknown) => warn(error),
  );
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
    timer.unref();
  });
  await Promise.race([opened, limit]);
  clearTimeout(timer);
}
