/**
 * What the figures were measured on, for results.json.
 */
import { cpus, totalmem } from 'node:os';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { round } from './stats.ts';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  platform: string;
  node: string;
  sqliteVersion: string;
  /** Null when PostgreSQL was not measured. */
  postgresVersion: string | null;
}

export function machine(): Machine {
  const cores = cpus();
  return {
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    memoryGiB: round(totalmem() / 1024 ** 3, 1),
    platform: `${process.platform} ${process.arch}`,
    node: process.version,
    sqliteVersion: sqliteVersion(),
    postgresVersion: null,
  };
}

/** The SQLite library better-sqlite3 was built with (what the server uses). */
export function sqliteVersion(): string {
  const memory = new SQLite(':memory:');
  try {
    return (memory.prepare('select sqlite_version() as v').get() as { v: string }).v;
  } finally {
    memory.close();
  }
}

export async function databaseVersion(handle: DatabaseHandle): Promise<string> {
  if (handle.dialect === 'sqlite') return sqliteVersion();
  const { rows } = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(handle.db);
  return rows[0]?.v ?? 'unknown';
}
