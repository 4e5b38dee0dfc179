import { resolve } from 'node:path';
import { type DiscordConfig, discordConfigFromEnv } from './discord-config.ts';
import { type ImportLimits, importLimitsFromEnv } from './import/limits.ts';

/** The default width of the IPv6 network the rate limits count as one address (plugins/client-address.ts). */
export const DEFAULT_IPV6_PREFIX_BITS = 64;

export type SeedDemo = 'auto' | 'false';
/** Fastify's trustProxy: true/false, or addresses, CIDR ranges and presets such as `loopback`. */
export type TrustProxy = boolean | string[];

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  seedDemo: SeedDemo;
  /** Set by DEMO_SECRET; otherwise the secret chosen at first seed (kept in the database) is used. */
  demoSecret: string | undefined;
  loginEnabled: boolean;
  /** Which proxies' X-Forwarded-For to believe (TRUST_PROXY); the client address keys the rate limits. */
  trustProxy: TrustProxy;
  /** External links on the landing page (SHOP_URL, PREMIUM_URL); hidden when unset. */
  shopUrl: string | null;
  premiumUrl: string | null;
  logLevel: string;
  /** The built web app; absent in API-only tests. */
  webDistDir: string | undefined;
  /** How files are read in reader processes (IMPORT_TIME_LIMIT_SECONDS, IMPORT_MEMORY_LIMIT_MB, IMPORT_WORKERS). */
  importWork: ImportWorkConfig;
  /** Where the rate limits count (RATE_LIMIT_STORE, REDIS_URL; the stores: plugins/counter-store.ts). */
  rateLimitStore: RateLimitStoreSetting;
  /** The IPv6 network the rate limits count as one address (RATE_LIMIT_IPV6_PREFIX, default 64). */
  rateLimits: { ipv6PrefixBits: number };
  /** Kingdom Stats in Discord (DISCORD_*; discord-config.ts, docs/discord.md). */
  discord: DiscordConfig;
}

export interface ImportWorkConfig {
  /** A file still being read after this long is refused and its reader ended. */
  timeBudgetMs: number;
  /** The heap a reader may use while reading one file; past it, the file is refused. */
  memoryLimitMb: number;
  /** Files read at the same time; more wait their turn. */
  workers: number;
  /** What one file may make the readers read (IMPORT_MAX_*; limits.ts). */
  limits: ImportLimits;
}

export type RateLimitStoreKind = 'memory' | 'database' | 'redis';

export interface RateLimitStoreSetting {
  kind: RateLimitStoreKind;
  redisUrl: string | undefined;
}

/** RATE_LIMIT_STORE (memory, database, redis); REDIS_URL alone means redis. */
export function rateLimitStoreSetting(env: NodeJS.ProcessEnv): RateLimitStoreSetting {
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  const text = (env.RATE_LIMIT_STORE ?? '').trim().toLowerCase() || (redisUrl ? 'redis' : 'memory');
  if (text !== 'memory' && text !== 'database' && text !== 'redis') {
    throw new Error(`RATE_LIMIT_STORE must be memory, database or redis (got "${env.RATE_LIMIT_STORE}")`);
  }
  if (text === 'redis' && !redisUrl) {
    throw new Error('RATE_LIMIT_STORE=redis needs REDIS_URL (e.g. redis://127.0.0.1:6379)');
  }
  return { kind: text, redisUrl };
}

export const DEFAULT_DATABASE_URL = 'sqlite:./data/kingdom-stats.sqlite';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads the environment once, refusing values that would otherwise fail later and less clearly. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT ? Number(env.PORT) : 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535 (got "${env.PORT}")`);
  }
  const seedDemo = (env.SEED_DEMO ?? 'auto').toLowerCase();
  if (seedDemo !== 'auto' && seedDemo !== 'false') {
    throw new Error(`SEED_DEMO must be "auto" or "false" (got "${env.SEED_DEMO}")`);
  }
  const logLevel = (env.LOG_LEVEL ?? 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    seedDemo,
    demoSecret: env.DEMO_SECRET || undefined,
    loginEnabled: parseBoolean('LOGIN_ENABLED', env.LOGIN_ENABLED, false),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    shopUrl: parseUrl('SHOP_URL', env.SHOP_URL),
    premiumUrl: parseUrl('PREMIUM_URL', env.PREMIUM_URL),
    logLevel,
    webDistDir: resolve(import.meta.dirname, '../../web/dist'),
    importWork: loadImportWorkConfig(env),
    rateLimitStore: rateLimitStoreSetting(env),
    rateLimits: { ipv6PrefixBits: parseIpv6Prefix(env.RATE_LIMIT_IPV6_PREFIX) },
    discord: discordConfigFromEnv(env),
  };
}

function parseIpv6Prefix(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_IPV6_PREFIX_BITS;
  const bits = Number(value);
  if (!Number.isInteger(bits) || bits < 16 || bits > 128)
    throw new Error(`RATE_LIMIT_IPV6_PREFIX must be a whole number of bits from 16 to 128 (got "${value}")`);
  return bits;
}

export function loadImportWorkConfig(env: NodeJS.ProcessEnv = process.env): ImportWorkConfig {
  return {
    timeBudgetMs: parsePositive('IMPORT_TIME_LIMIT_SECONDS', env.IMPORT_TIME_LIMIT_SECONDS, 30) * 1000,
    memoryLimitMb: Math.round(parsePositive('IMPORT_MEMORY_LIMIT_MB', env.IMPORT_MEMORY_LIMIT_MB, 512)),
    workers: Math.round(parsePositive('IMPORT_WORKERS', env.IMPORT_WORKERS, 2)),
    limits: importLimitsFromEnv(env),
  };
}

function parsePositive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new Error(`${name} must be a number above 0 (got "${value}")`);
  return number;
}

function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['true', '1', 'yes'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(value.toLowerCase())) return false;
  throw new Error(`${name} must be true or false (got "${value}")`);
}

/**
 * Default: believe no proxy. The client's address is then the socket's, which no client can forge; behind a reverse
 * proxy every viewer shares the proxy's address until the operator names it (TRUST_PROXY=loopback, an address or a
 * range). Trusting loopback by default was unsafe: a local proxy that passes the client's own
 * X-Forwarded-For on unchanged would let every client pick its address. With a list, the client is the right-most
 * address in X-Forwarded-For that is not a trusted proxy (docs/operations.md, "Behind a reverse proxy").
 */
function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '') return false;
  if (['true', 'false'].includes(text.toLowerCase())) return text.toLowerCase() === 'true';
  // Fastify believes no address at all for a bare hop count (it cannot check who the peer is): name the proxies.
  if (/^\d+$/.test(text)) {
    throw new Error(
      `TRUST_PROXY cannot be a hop count ("${text}"): name your proxy's address, e.g. loopback`,
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const valid = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F]*[.:][0-9a-fA-F.:]*(\/\d{1,3})?)$/;
  const bad = entries.find((entry) => !valid.test(entry));
  if (bad !== undefined) {
    throw new Error(
      `TRUST_PROXY must be true, false, or addresses, CIDR ranges or loopback separated by commas (got "${bad}")`,
    );
  }
  return entries;
}

function parseUrl(name: string, value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`${name} must be a full http:// or https:// address (got "${value}")`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must be a full http:// or https:// address (got "${value}")`);
  }
  return url.toString();
}
