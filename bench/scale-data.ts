/**
 * Opens DESIGN.md's scale case, generating it when it is missing or stale:
 * - SQLite: a file under the OS temp folder, kept for later runs;
 * - PostgreSQL: the schema `bench_dashboard` of the given database.
 * Generation goes through the real paths: the kingdom, camps and KvK season through the server's services, each of
 * the 120 scans (bench/scale-generator.ts) through `importScanFile` in time order, and the formula with its three
 * wars through the formula editor's `saveFormula`. A marker in app_settings (the data version and a fingerprint of
 * the migrations) makes a later run rebuild data written by an older generator or schema; --fresh always does.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_GOAL_TIERS, DEFAULT_STATS_FORMULA } from '@kingdom-stats/core';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { saveFormula } from '../apps/server/src/features/formula/service.ts';
import { importScanFile } from '../apps/server/src/features/imports/import-scan.ts';
import { addKingdom, requireKingdom, setCamp } from '../apps/server/src/features/kingdoms/service.ts';
import { addKvkSeason } from '../apps/server/src/features/kvk/service.ts';
import {
  CAMPS,
  CODE,
  FIRST_SCAN,
  KD,
  KINGDOMS,
  SCANS,
  STAT_ROWS,
  scanFiles,
  scanTime,
  WARS,
} from './scale-generator.ts';
import { type Percentiles, percentiles, round } from './stats.ts';

export { CODE, KD } from './scale-generator.ts';

/** Bump when the generated data changes shape; older data is then rebuilt. */
const DATA_VERSION = 'dashboard-bench v3 (import path, KvK season, 3 wars)';
export const SQLITE_FILE = join(tmpdir(), 'kingdom-stats-bench-dashboard.sqlite');
export const POSTGRES_SCHEMA = 'bench_dashboard';
const MIGRATIONS_DIR = new URL('../apps/server/src/db/migrations/', import.meta.url);

export interface ScaleDataOptions {
  /** PostgreSQL server URL; without it, the SQLite file. */
  postgresUrl?: string | undefined;
  /** Rebuild even when the data is current. */
  fresh?: boolean;
  log?: (line: string) => void;
}

export interface Generation {
  seconds: number;
  /** Each scan's `importScanFile` call (16,000 rows of CSV into a growing database), ms. */
  importMs: Percentiles & { max: number };
}

export interface ScaleData {
  handle: DatabaseHandle;
  /** For the server in a child process: `sqlite:/path` or `postgres://…?schema=bench_dashboard`. */
  databaseUrl: string;
  /** Null when existing data was reused. */
  generation: Generation | null;
  /** taken_at of the kingdom scans, oldest first. */
  scanTimes: number[];
  statRows: number;
}

/** The data version and the migrations' text: a schema change rebuilds the data. */
function marker(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name).update(readFileSync(new URL(name, MIGRATIONS_DIR)));
  }
  return `${DATA_VERSION}; migrations ${hash.digest('hex').slice(0, 16)}`;
}

export async function openScaleData(options: ScaleDataOptions): Promise<ScaleData> {
  const log = options.log ?? console.log;
  const { handle, databaseUrl, generation } = options.postgresUrl
    ? await openPostgres(options.postgresUrl, options.fresh ?? false, log)
    : await openSqlite(options.fresh ?? false, log);
  const scans = await handle.db
    .selectFrom('scans')
    .select('taken_at')
    .where('kingdom_kd', '=', KD)
    .where('kind', '=', 'kingdom')
    .orderBy('taken_at')
    .execute();
  const count = await handle.db
    .selectFrom('governor_stats')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    handle,
    databaseUrl,
    generation,
    scanTimes: scans.map((s) => Number(s.taken_at)),
    statRows: Number(count.n),
  };
}

async function isCurrent(handle: DatabaseHandle, expected: string): Promise<boolean> {
  const row = await handle.db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'bench.version')
    .executeTakeFirst()
    .catch(() => undefined);
  if (row?.value !== expected) return false;
  // The marker covers the migrations' text; a migration applied now would still mean the data predates it.
  const { applied } = await migrateToLatest(handle.db);
  return applied.length === 0;
}

async function openSqlite(fresh: boolean, log: (line: string) => void) {
  const databaseUrl = `sqlite:${SQLITE_FILE}`;
  const expected = marker();
  const remove = () => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(SQLITE_FILE + suffix, { force: true });
  };
  if (fresh) remove();
  if (existsSync(SQLITE_FILE)) {
    const handle = createDatabase(databaseUrl);
    if (await isCurrent(handle, expected)) return { handle, databaseUrl, generation: null };
    await handle.close();
    log(`${SQLITE_FILE} holds older bench data: rebuilding it`);
    remove();
  }
  const handle = createDatabase(databaseUrl);
  const generation = await generate(handle, expected, log);
  return { handle, databaseUrl, generation };
}

async function openPostgres(serverUrl: string, fresh: boolean, log: (line: string) => void) {
  const url = new URL(serverUrl);
  url.searchParams.set('schema', POSTGRES_SCHEMA);
  const databaseUrl = url.toString();
  const expected = marker();
  const admin = createDatabase(serverUrl);
  try {
    if (!fresh) {
      await sql`create schema if not exists ${sql.id(POSTGRES_SCHEMA)}`.execute(admin.db);
      const handle = createDatabase(databaseUrl);
      if (await isCurrent(handle, expected)) return { handle, databaseUrl, generation: null };
      await handle.close();
      log(`schema ${POSTGRES_SCHEMA} holds older bench data: rebuilding it`);
    }
    await sql`drop schema if exists ${sql.id(POSTGRES_SCHEMA)} cascade`.execute(admin.db);
    await sql`create schema ${sql.id(POSTGRES_SCHEMA)}`.execute(admin.db);
  } finally {
    await admin.close();
  }
  const handle = createDatabase(databaseUrl);
  const generation = await generate(handle, expected, log);
  return { handle, databaseUrl, generation };
}

async function generate(handle: DatabaseHandle, expected: string, log: (line: string) => void) {
  const { db } = handle;
  log(
    `Generating ${STAT_ROWS.toLocaleString('en')} stat rows (${SCANS} scan imports) into ${handle.description} …`,
  );
  const started = performance.now();
  await migrateToLatest(db);
  await addKingdom(db, { kd: KD, code: CODE, name: 'Bench' });
  for (let c = 0; c < CAMPS; c++) {
    const members = Array.from({ length: KINGDOMS / CAMPS }, (_, m) => KD + m * CAMPS + c);
    await setCamp(db, { kd: KD, campName: `Camp ${c + 1}`, memberKds: members });
  }
  // One KvK season holding every scan; it has closed (the KD DKP dashboard then uses the latest that opened).
  await addKvkSeason(db, {
    kd: KD,
    kvkNumber: 1,
    openTime: FIRST_SCAN - 3_600,
    closeTime: scanTime(SCANS - 1) + 86_400,
  });

  const importMs: number[] = [];
  for (const file of scanFiles()) {
    const at = new Date(file.takenAt * 1000).toISOString().replace('.000Z', 'Z');
    const t0 = performance.now();
    const result = (
      await importScanFile(db, {
        kingdomKd: KD,
        filePath: file.fileName,
        fileName: file.fileName,
        content: file.content,
        at,
      })
    ).scans[0]!;
    importMs.push(performance.now() - t0);
    if (result.status !== 'imported' || result.rows !== file.rows || result.takenAt !== file.takenAt) {
      throw new Error(`${file.fileName}: ${result.status}, ${result.rows} rows at ${result.takenAt}`);
    }
    if ((file.index + 1) % 10 === 0) {
      const elapsed = (performance.now() - started) / 1000;
      const recent = importMs.slice(-10);
      log(
        `  ${file.index + 1}/${SCANS} scans imported (${elapsed.toFixed(0)} s; ` +
          `last 10 imports ${Math.min(...recent).toFixed(0)}–${Math.max(...recent).toFixed(0)} ms each)`,
      );
    }
  }

  await saveBenchFormula(handle);
  await db.insertInto('app_settings').values({ key: 'bench.version', value: expected }).execute();
  await analyze(handle);
  const seconds = round((performance.now() - started) / 1000, 1);
  log(`  generated in ${seconds} s`);
  return { seconds, importMs: { ...percentiles(importMs), max: round(Math.max(...importMs)) } };
}

/** The default formula and goals with three wars, saved as the formula editor saves them (validated, audited). */
async function saveBenchFormula(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const { id } = await db
    .insertInto('users')
    .values({ username: 'bench', password_hash: '!', role: 'superadmin', created_at: FIRST_SCAN })
    .returning('id')
    .executeTakeFirstOrThrow();
  const scans = await db
    .selectFrom('scans')
    .select(['name', 'taken_at'])
    .where('kingdom_kd', '=', KD)
    .where('kind', '=', 'kingdom')
    .orderBy('taken_at')
    .execute();
  const pick = (index: number) => {
    const scan = scans[index];
    if (!scan) throw new Error(`no scan ${index} for the bench wars`);
    return { [scan.name]: Number(scan.taken_at) };
  };
  const wars = WARS.map(([before, after]) => ({ before: pick(before), after: pick(after) }));
  const kingdom = await requireKingdom(db, KD);
  await saveFormula(
    db,
    { id, username: 'bench', role: 'superadmin', kingdoms: [] },
    kingdom,
    {
      kdnumber: KD,
      code: CODE,
      data: {
        goals: DEFAULT_GOAL_TIERS.map((tier) => ({ ...tier })),
        stats_formula: Object.fromEntries(
          Object.entries(DEFAULT_STATS_FORMULA).map(([stat, [value, on]]) => [stat, [value, on]]),
        ),
        score_on: true,
        dead_on: true,
        kp_on: true,
      },
      warsConfig: { base: pick(WARS[0]![0]), wars },
    },
    scanTime(SCANS - 1) + 3_600,
  );
}

/** Planner statistics; on PostgreSQL also the visibility map a fresh bulk load needs for index-only scans. */
async function analyze(handle: DatabaseHandle): Promise<void> {
  if (handle.dialect === 'sqlite') {
    await sql`analyze`.execute(handle.db);
    return;
  }
  // Only this schema's tables: a bare VACUUM would walk every schema of the database (other people's too).
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
  `.execute(handle.db);
  for (const { name } of rows) await sql`vacuum analyze ${sql.id(name)}`.execute(handle.db);
  // The bulk load's WAL would otherwise be written out by the next checkpoint, in the middle of the measurements.
  await sql`checkpoint`.execute(handle.db).catch((error: Error) => {
    console.log(`  (no checkpoint after the load: ${error.message})`);
  });
}
