import { resolve } from 'node:path';

export type SeedDemo = 'auto' | 'false';

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  seedDemo: SeedDemo;
  /** Set by DEMO_SECRET; otherwise the secret chosen at first seed (kept in the database) is used. */
  demoSecret: string | undefined;
  loginEnabled: boolean;
  logLevel: string;
  /** The built web app; absent in API-only tests. */
  webDistDir: string | undefined;
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
    logLevel,
    webDistDir: resolve(import.meta.dirname, '../../web/dist'),
  };
}

function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['true', '1', 'yes'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(value.toLowerCase())) return false;
  throw new Error(`${name} must be true or false (got "${value}")`);
}
