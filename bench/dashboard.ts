/**
 * The main dashboard's data call at DESIGN.md's scale: 16 kingdoms in 4 camps, 1,000 governors per kingdom per
 * scan, 120 scans (1.92 M stat rows) on one kingdom's dashboard. Targets: p95 under 50 ms warm, under 150 ms cold
 * (SQLite, the 2-core machine).
 *
 * The data is generated once into a SQLite file under the OS temp folder and reused by later runs (delete it, or
 * pass --fresh, to rebuild). Rows go in through `insertScan` for speed; bench/import-xlsx.ts measures the import path.
 * Then, for a long period (first → last scan) and a short one (two adjacent scans), it measures
 * GET /api/dashboard/{kd}/data/{code} — first page, sorted by DKP descending — through app.inject:
 *   - cold: a new app (empty period cache) for every request;
 *   - warm: the same app again and again;
 *   - floor: one hand-written SQL statement giving the same first page, as a reference for what the database alone
 *     costs.
 * Run: npx tsx bench/dashboard.ts [--fresh] [--samples 30] [--postgres postgres://user@host/db]
 */
import { existsSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { type GovernorStatRow, insertScan } from '../apps/server/src/features/scans/scan-store.ts';

const args = process.argv.slice(2);
const SAMPLES = Number(args[args.indexOf('--samples') + 1] || 30) || 30;
const FRESH = args.includes('--fresh');
const PG_URL = args.includes('--postgres') ? args[args.indexOf('--postgres') + 1] : undefined;

const DATA_VERSION = 'dashboard-bench v2';
const FILE = join(tmpdir(), 'kingdom-stats-bench-dashboard.sqlite');
const KD = 1001;
const CODE = 'bench-dashboard';
const KINGDOMS = 16;
const CAMPS = 4;
const GOVERNORS_PER_KINGDOM = 1_000;
const SCANS = 120;
const DAY = 86_400;
const FIRST_SCAN = Date.UTC(2026, 0, 1) / 1000;

/** Deterministic pseudo-random numbers (mulberry32), so every run builds the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Governor {
  id: number;
  homeKd: number;
  name: string;
  alliance: string;
  /** Scans the governor is in (a few arrive late or leave early). */
  from: number;
  to: number;
  values: number[];
  rates: number[];
}

// power, kill_points, t1..t5 kills, dead, t4_dead, t5_dead, healed, t4_healed, t5_healed, rss, assistance, helps
const COLUMNS = [
  'power',
  'kill_points',
  't1_kills',
  't2_kills',
  't3_kills',
  't4_kills',
  't5_kills',
  'dead',
  't4_dead',
  't5_dead',
  'healed',
  't4_healed',
  't5_healed',
  'rss_gathered',
  'rss_assistance',
  'helps',
] as const;

/**
 * Exactly GOVERNORS_PER_KINGDOM governors per kingdom in every scan. In 3% of the slots one governor leaves during
 * the season and a newcomer takes the slot from the next scan on, so periods have partial rows too.
 */
function population(): Governor[] {
  const rand = random(2026);
  const governors: Governor[] = [];
  const governor = (k: number, i: number, id: number, from: number, to: number): Governor => {
    const size = 10_000_000 + rand() * 190_000_000;
    return {
      id,
      homeKd: KD + k,
      name: `Gov ${k}-${i}${id % 17 === 0 ? '' : ' (new)'}`,
      alliance: `A${k}${i % 12}`,
      from,
      to,
      values: COLUMNS.map((_, c) => (c === 0 ? size : Math.floor(rand() * size * 0.5))),
      rates: COLUMNS.map((_, c) => (c === 0 ? (rand() - 0.45) * size * 0.002 : rand() * size * 0.004)),
    };
  };
  for (let k = 0; k < KINGDOMS; k++) {
    for (let i = 0; i < GOVERNORS_PER_KINGDOM; i++) {
      const id = 10_000_000 + k * 100_000 + i * 17;
      if (rand() < 0.03) {
        const leaves = 1 + Math.floor(rand() * (SCANS - 1));
        governors.push(governor(k, i, id, 0, leaves - 1), governor(k, i, id + 8, leaves, SCANS - 1));
      } else {
        governors.push(governor(k, i, id, 0, SCANS - 1));
      }
    }
  }
  return governors;
}

async function generate(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  await migrateToLatest(db);
  await db
    .insertInto('kingdoms')
    .values({ kd: KD, name: 'Bench', access_code: CODE, settings_json: '{}', created_at: FIRST_SCAN })
    .execute();
  for (let c = 0; c < CAMPS; c++) {
    const { id } = await db
      .insertInto('camps')
      .values({ kingdom_kd: KD, name: `Camp ${c + 1}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('camp_members')
      .values(
        Array.from({ length: KINGDOMS / CAMPS }, (_, m) => ({
          camp_id: id,
          kingdom_kd: KD,
          member_kd: KD + m * CAMPS + c,
        })),
      )
      .execute();
  }
  await db
    .insertInto('formulas')
    .values({
      kingdom_kd: KD,
      stats_formula_json: JSON.stringify({
        'T4-Kills': [10, true],
        'T5-Kills': [20, true],
        'Dead Troops': [15, true],
      }),
      goals_json: '[]',
      score_on: 1,
      dead_on: 0,
      kp_on: 0,
      wars_json: null,
      updated_at: FIRST_SCAN,
    })
    .execute();

  const governors = population();
  const rand = random(7);
  const started = performance.now();
  for (let scan = 0; scan < SCANS; scan++) {
    const rows: GovernorStatRow[] = [];
    for (const g of governors) {
      if (scan > 0) g.values = g.values.map((v, c) => Math.max(0, v + g.rates[c]! * (0.5 + rand())));
      if (scan < g.from || scan > g.to) continue;
      const row: Record<string, unknown> = {
        governor_id: g.id,
        name: g.name,
        alliance: g.alliance,
        home_kd: g.homeKd,
        acclaim: null,
        extra_json: null,
      };
      COLUMNS.forEach((column, c) => {
        row[column] = Math.floor(g.values[c]!);
      });
      rows.push(row as unknown as GovernorStatRow);
    }
    await db.transaction().execute((trx) =>
      insertScan(
        trx,
        {
          kingdomKd: KD,
          kind: 'kingdom',
          takenAt: FIRST_SCAN + scan * (DAY / 2),
          name: `scan ${scan + 1}`,
          sourceFormat: 'bench',
          rows,
        },
        FIRST_SCAN + scan * (DAY / 2) + 300,
      ),
    );
    if ((scan + 1) % 20 === 0) {
      console.log(
        `  ${scan + 1}/${SCANS} scans written (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
  }
  await db.insertInto('app_settings').values({ key: 'bench.version', value: DATA_VERSION }).execute();
  // PostgreSQL: autovacuum would get there too; a fresh bulk load needs the visibility map for index-only scans.
  await (handle.dialect === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
}

async function hasCurrentData(handle: DatabaseHandle): Promise<boolean> {
  const marker = await handle.db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'bench.version')
    .executeTakeFirst()
    .catch(() => undefined);
  return marker?.value === DATA_VERSION;
}

/** SQLite: a file under the temp folder. PostgreSQL (--postgres URL): the schema bench_dashboard of that database. */
async function openData(): Promise<DatabaseHandle> {
  if (PG_URL) {
    const admin = createDatabase(PG_URL);
    if (FRESH) await sql`drop schema if exists bench_dashboard cascade`.execute(admin.db);
    await sql`create schema if not exists bench_dashboard`.execute(admin.db);
    await admin.close();
    const handle = createDatabase(PG_URL, { schema: 'bench_dashboard' });
    if (await hasCurrentData(handle)) return handle;
    await handle.close();
    const cleaner = createDatabase(PG_URL);
    await sql`drop schema bench_dashboard cascade`.execute(cleaner.db);
    await sql`create schema bench_dashboard`.execute(cleaner.db);
    await cleaner.close();
    const fresh = createDatabase(PG_URL, { schema: 'bench_dashboard' });
    console.log(
      `Generating ${KINGDOMS * GOVERNORS_PER_KINGDOM * SCANS} stat rows into ${fresh.description} …`,
    );
    await generate(fresh);
    return fresh;
  }
  if (FRESH) for (const suffix of ['', '-wal', '-shm']) rmSync(FILE + suffix, { force: true });
  if (existsSync(FILE)) {
    const handle = createDatabase(`sqlite:${FILE}`);
    if (await hasCurrentData(handle)) return handle;
    await handle.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(FILE + suffix, { force: true });
  }
  console.log(`Generating ${KINGDOMS * GOVERNORS_PER_KINGDOM * SCANS} stat rows into ${FILE} …`);
  const handle = createDatabase(`sqlite:${FILE}`);
  await generate(handle);
  return handle;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const APP_CONFIG = { loginEnabled: false, logLevel: 'warn', webDistDir: undefined } as const;
const SORT_DKP = encodeURIComponent(JSON.stringify([{ key: 'DKP', direction: 'desc', priority: 1 }]));

function dataUrl(start: number, end: number): string {
  return `/api/dashboard/${KD}/data/${CODE}?start_date=${start}&end_date=${end}&page=1&pageSize=20&sorts=${SORT_DKP}`;
}

interface Sample {
  /** Wall-clock milliseconds. */
  wall: number;
  /** CPU milliseconds of this process (user + system): with SQLite the whole request runs here, so this is what
   * the request costs whatever else the machine is doing. */
  cpu: number;
}

async function timed(action: () => Promise<void>): Promise<Sample> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await action();
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

async function timeRequest(app: Awaited<ReturnType<typeof buildApp>>, url: string): Promise<Sample> {
  return timed(async () => {
    const response = await app.inject(url);
    if (response.statusCode !== 200) {
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    }
  });
}

/**
 * The same first page in one SQL statement: each governor's first and last scan of the period, gains, DKP
 * (T4 × 10 + T5 × 20 + dead × 15), the 20 best by DKP. What the database alone costs for this answer.
 */
async function floorQuery(handle: DatabaseHandle, start: number, end: number): Promise<Sample> {
  return timed(() => runFloorQuery(handle, start, end));
}

async function runFloorQuery(handle: DatabaseHandle, start: number, end: number): Promise<void> {
  const lookups =
    handle.dialect === 'postgres'
      ? sql`cross join lateral (select * from governor_stats x
              where x.scan_id = s.first_id and x.governor_id = s.governor_id offset 0) f
            cross join lateral (select * from governor_stats y
              where y.scan_id = s.last_id and y.governor_id = s.governor_id offset 0) l`
      : sql`cross join governor_stats f cross join governor_stats l
            where f.scan_id = s.first_id and f.governor_id = s.governor_id
              and l.scan_id = s.last_id and l.governor_id = s.governor_id`;
  const { rows } = await sql`
    with period as (
      select id, row_number() over (order by taken_at) as ord from scans
      where kingdom_kd = ${KD} and kind = 'kingdom' and taken_at >= ${start} and taken_at <= ${end}
    ),
    span as (
      select gs.governor_id,
        cast(min(p.ord * 4294967296 + p.id) % 4294967296 as integer) as first_id,
        cast(max(p.ord * 4294967296 + p.id) % 4294967296 as integer) as last_id
      from period p join governor_stats gs on gs.scan_id = p.id
      group by gs.governor_id
    )
    select s.governor_id, l.name, l.alliance, l.home_kd, l.power,
      (l.t4_kills - f.t4_kills) * 10 + (l.t5_kills - f.t5_kills) * 20 + (l.dead - f.dead) * 15 as dkp
    from span s
    ${lookups}
    order by dkp desc, s.governor_id
    limit 20
  `.execute(handle.db);
  if (rows.length !== 20) throw new Error('floor query answered a short page');
}

async function measure(handle: DatabaseHandle, label: string, start: number, end: number) {
  const url = dataUrl(start, end);
  const cold: Sample[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const app = await buildApp(APP_CONFIG, handle);
    cold.push(await timeRequest(app, url));
    await app.close();
  }
  const app = await buildApp(APP_CONFIG, handle);
  await timeRequest(app, url);
  const warm: Sample[] = [];
  for (let i = 0; i < SAMPLES; i++) warm.push(await timeRequest(app, url));
  // What a person does next: another page, a kd, a search, a column filter, a two-column sort (its first use sorts).
  const variants = [
    url.replace('page=1&', 'page=2&'),
    `${url}&kd=${KD + 5}`,
    `${url}&search=gov%203-1`,
    `${url}&filters=${encodeURIComponent(JSON.stringify([{ column: 'Power', operator: 'greater', value: '100M' }]))}`,
    `${url.replace(
      SORT_DKP,
      encodeURIComponent(
        JSON.stringify([
          { key: 'Alliance', direction: 'asc', priority: 1 },
          { key: 'T4 Kills', direction: 'desc', priority: 2 },
        ]),
      ),
    )}`,
  ];
  const mixed: Sample[] = [];
  for (let i = 0; i < SAMPLES; i++) mixed.push(await timeRequest(app, variants[i % variants.length]!));
  const exports: Sample[] = [];
  for (let i = 0; i < Math.min(SAMPLES, 5); i++)
    exports.push(await timeRequest(app, url.replace('pageSize=20&', 'pageSize=50000&')));
  await app.close();
  const floor: Sample[] = [];
  for (let i = 0; i < Math.min(SAMPLES, 10); i++) floor.push(await floorQuery(handle, start, end));
  const table = (pick: keyof Sample) => {
    const fmt = (samples: Sample[]) => {
      const values = samples.map((sample) => sample[pick]);
      return `${percentile(values, 50).toFixed(1)} / ${percentile(values, 95).toFixed(1)}`;
    };
    return {
      period: label,
      cold: fmt(cold),
      warm: fmt(warm),
      'warm, mixed': fmt(mixed),
      'export (all rows)': fmt(exports),
      'SQL floor': fmt(floor),
    };
  };
  return { wall: table('wall'), cpu: table('cpu') };
}

const handle = await openData();
try {
  const scans = await handle.db
    .selectFrom('scans')
    .select(['taken_at'])
    .where('kingdom_kd', '=', KD)
    .where('kind', '=', 'kingdom')
    .orderBy('taken_at')
    .execute();
  const stats = await handle.db
    .selectFrom('governor_stats')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const times = scans.map((s) => Number(s.taken_at));
  const middle = Math.floor(times.length / 2);
  console.log(
    `${handle.description}: ${times.length} scans, ${Number(stats.n)} stat rows; ${SAMPLES} samples`,
  );
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
  console.log(`load average before: ${load()}`);
  const results = [
    await measure(handle, `long (${times.length} scans)`, times[0]!, times.at(-1)!),
    await measure(handle, 'short (2 adjacent scans)', times[middle - 1]!, times[middle]!),
  ];
  console.log('wall clock, ms p50 / p95:');
  console.table(results.map((result) => result.wall));
  if (handle.dialect === 'sqlite') {
    console.log('CPU time of this process, ms p50 / p95 (the wall clock on an idle machine):');
    console.table(results.map((result) => result.cpu));
  }
  console.log(`load average after: ${load()} (${cpus().length} cores)`);
} finally {
  await handle.close();
}
