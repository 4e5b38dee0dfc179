import { loadConfig } from '../config.ts';
import { createDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/** Opens DATABASE_URL's database, migrated, for one command, and closes it afterwards whatever happens. */
export async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    return await work(database);
  } finally {
    await database.close();
  }
}

export function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** Left-aligned columns, for lists a person reads in a terminal. */
export function printTable(headers: string[], rows: (string | number)[][]): void {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  // reduce, not Math.max(...xs): a list of flags may hold more rows than a call takes arguments.
  const widths = headers.map((_, i) => cells.reduce((most, r) => Math.max(most, (r[i] ?? '').length), 0));
  for (const row of cells)
    print(
      row
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
}

export function parseWholeNumber(label: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new Error(`${label} must be a whole number (got "${value}")`);
  return Number(value);
}

export function parseIsoTime(label: string, value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) {
    throw new Error(`${label} must be an ISO-8601 time such as 2026-10-01T12:00:00Z (got "${value}")`);
  }
  // A time without a zone is read as UTC: the game's clock is UTC.
  const withZone = /(Z|[+-]\d{2}:?\d{2})$/.test(value) || value.length === 10 ? value : `${value}Z`;
  const ms = Date.parse(withZone);
  if (Number.isNaN(ms)) throw new Error(`${label} is not a valid time: "${value}"`);
  return Math.floor(ms / 1000);
}

export function isoUtc(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}
