import type { Kysely } from 'kysely';
import type { RateLimitStoreSetting } from '../config.ts';
import type { Dialect } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { type CounterStore, DatabaseCounterStore, MemoryCounterStore } from './counter-store.ts';

/**
 * The store RATE_LIMIT_STORE names, opened. Apart from counter-store.ts (the stores' contract and the two built-in
 * stores) because it is the one place that knows the Redis store, which itself implements that contract.
 */
export async function openCounterStore(
  setting: RateLimitStoreSetting,
  database: { db: Kysely<Database>; dialect: Dialect },
): Promise<CounterStore> {
  if (setting.kind === 'database') return DatabaseCounterStore.open(database.db, database.dialect);
  if (setting.kind === 'redis') {
    // Loaded only when asked for: a single-process server never pays for the client's import.
    const { RedisCounterStore } = await import('./redis-counter-store.ts');
    return RedisCounterStore.open(setting.redisUrl ?? '');
  }
  return new MemoryCounterStore();
}
