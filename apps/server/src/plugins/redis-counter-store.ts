import type { Redis } from 'ioredis';
import type { CounterStore, CounterWindow } from './counter-store.ts';

/** Keys of this application in a Redis that may serve others too. */
const DEFAULT_PREFIX = 'kingdom-stats:rate-limit:';
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * Counters in Redis (REDIS_URL), shared by every process that uses it. A window is a key with a time to live: the
 * first increment creates it with the window's expiry (SET NX PX), INCR keeps that expiry, and Redis drops it at the
 * end, so nothing needs sweeping. Each call is one MULTI, atomic against the other processes.
 */
export class RedisCounterStore implements CounterStore {
  readonly kind = 'redis';

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** `prefix` keeps installations (and test runs) sharing one Redis apart. */
  static async open(url: string, prefix = DEFAULT_PREFIX): Promise<RedisCounterStore> {
    // Imported here, not at the top: the server's bundle would otherwise load the client at every start.
    const { Redis } = await import('ioredis');
    const redis = new Redis(url, {
      lazyConnect: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // A request waits for at most one reconnection, not the client's default of twenty.
      maxRetriesPerRequest: 1,
    });
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      throw new Error(`Redis at REDIS_URL did not answer: ${(error as Error).message}`);
    }
    return new RedisCounterStore(redis, prefix);
  }

  async increment(key: string, windowMs: number): Promise<CounterWindow> {
    const name = this.prefix + key;
    const replies = await this.redis.multi().set(name, 0, 'PX', windowMs, 'NX').incr(name).pttl(name).exec();
    return { count: Number(reply(replies, 1)), msLeft: Number(reply(replies, 2)) };
  }

  async read(key: string): Promise<CounterWindow | null> {
    const name = this.prefix + key;
    const replies = await this.redis.multi().get(name).pttl(name).exec();
    const count = reply(replies, 0);
    const msLeft = Number(reply(replies, 1));
    // PTTL answers -2 for a missing key and -1 for one without expiry (never written by this store).
    if (count === null || msLeft <= 0) return null;
    return { count: Number(count), msLeft };
  }

  async restart(key: string, windowMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, 1, 'PX', windowMs);
  }

  async remove(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

function reply(replies: [Error | null, unknown][] | null, index: number): unknown {
  // exec() answers null only when a WATCHed key changed; this store watches none.
  const entry = replies?.[index];
  if (!entry) throw new Error('Redis answered a rate-limit transaction without its replies');
  if (entry[0]) throw entry[0];
  return entry[1];
}
