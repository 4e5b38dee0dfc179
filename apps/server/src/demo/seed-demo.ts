import { createHmac } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type GovernorStatRow, insertScan } from '../features/scans/scan-store.ts';
import { generateAutarchScans } from './autarch.ts';
import { DEMO_SETTING_KEYS } from './demo-target.ts';
import { demoFarmLinks, insertDemoFarmLinks } from './farm-links.ts';
import { createPopulation, type Governor } from './governors.ts';
import { type DeadCounts, formulaRow, hohRows, kvkSeasonRows, prekvkRows } from './kvk.ts';
import { insertDemoMisreads } from './misreads.ts';
import { KINGDOM_NAMES } from './names.ts';
import { previousSeasonScans } from './previous-season.ts';
import { generateRallies } from './rallies.ts';
import { Rng } from './random.ts';
import { simulateScans } from './scans.ts';
import { buildTimeline, CAMP_NAMES, campOf, DAY, DEMO_KD, DEMO_KDS, type Timeline } from './timeline.ts';

export { DEMO_SETTING_KEYS } from './demo-target.ts';
export { DEMO_KD, DEMO_KDS } from './timeline.ts';

export interface DemoSeedResult {
  /** The demo kingdom: its dashboard is what /demo/dashboard/{secret} shows. */
  kd: number;
  code: string;
  secret: string;
  kingdoms: number;
  /** Distinct governors across the demo kingdom's kingdom scans. */
  governors: number;
  /** Scans stored, kingdom and autarch. */
  scans: number;
  /** governor_stats rows stored, kingdom and autarch scans together. */
  statRows: number;
}

/**
 * The data is generated from this fixed seed, so every installation shows the same governors and numbers (and the
 * browser tests can rely on them); only the times depend on `now`, and only the access codes on the secret.
 */
const DATA_SEED = 'kingdom-stats demo v1';
const SOURCE_FORMAT = 'demo';

/**
 * Fills an empty database with a believable KvK in progress (see timeline.ts for the schedule): 12 kingdoms in 4
 * camps, ~3,600 governors in 40 scans of the current season and 7 of the previous one (previous-season.ts), pre-KvK
 * points, Hall of Heroes, a DKP formula with goals and two wars, rallies and autarch data. One transaction: it is all there or none of it. Refuses a database that already
 * has kingdoms, so demo data never mixes with real data.
 */
export async function seedDemo(
  db: Kysely<Database>,
  options: { now: Date; secret: string },
): Promise<DemoSeedResult> {
  const { secret } = options;
  if (!secret) throw new Error('seedDemo needs a non-empty secret');
  const timeline = buildTimeline(options.now);
  const root = Rng.fromLabel(DATA_SEED);
  const population = createPopulation(root.fork('population'), timeline);
  const codes = new Map(DEMO_KDS.map((kd) => [kd, accessCode(secret, kd)]));

  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('kingdoms').select('kd').limit(1).executeTakeFirst();
    if (existing) {
      throw new Error(
        'The demo can only be seeded into an empty database, and this one already has kingdoms',
      );
    }
    await insertKingdoms(trx, timeline, codes);
    await insertCamps(trx);
    await trx.insertInto('kvk_seasons').values(kvkSeasonRows(timeline, DEMO_KDS)).execute();
    await trx.insertInto('formulas').values(formulaRow(timeline)).execute();

    const previous = await insertPreviousSeason(trx, root, timeline, population);
    const kingdomScans = await insertKingdomScans(trx, root, timeline, population, previous.seen);
    await insertDemoMisreads(trx, DEMO_KD);
    await insertMany(prekvkRows(root.fork('prekvk'), timeline, population), (rows) =>
      trx.insertInto('prekvk_points').values(rows).execute(),
    );
    await insertMany(
      hohRows(root.fork('hoh'), timeline, kingdomScans.beforeKvk, kingdomScans.afterWars),
      (rows) => trx.insertInto('hoh_records').values(rows).execute(),
    );

    const profiles = new Map(population.map((g) => [g.id, g]));
    const latest = kingdomScans.latestRows;
    const candidates = latest
      .filter((row) => row.home_kd === DEMO_KD)
      .map((row) => ({
        id: row.governor_id,
        name: row.name,
        power: row.power ?? 0,
        aggression: profiles.get(row.governor_id)!.aggression,
      }));
    const { rallies, participants } = generateRallies(root.fork('rallies'), timeline, candidates);
    await insertMany(rallies, (rows) => trx.insertInto('rallies').values(rows).execute());
    await insertMany(participants, (rows) => trx.insertInto('rally_participants').values(rows).execute());
    await insertDemoFarmLinks(trx, root.fork('farm-links'), population, timeline.open);

    const autarch = generateAutarchScans(
      root.fork('autarch'),
      timeline,
      latest.map((row) => ({ governor: profiles.get(row.governor_id)!, latest: row })),
    );
    let statRows = previous.statRows + kingdomScans.statRows;
    for (const scan of autarch) {
      await insertScan(trx, scan, scan.takenAt + IMPORT_DELAY);
      statRows += scan.rows.length;
    }

    for (const [key, value] of [
      [DEMO_SETTING_KEYS.secret, secret],
      [DEMO_SETTING_KEYS.kd, String(DEMO_KD)],
    ] as const) {
      await trx
        .insertInto('app_settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }

    return {
      kd: DEMO_KD,
      code: codes.get(DEMO_KD)!,
      secret,
      kingdoms: DEMO_KDS.length,
      governors: kingdomScans.governors,
      scans: timeline.previousSeason.scans.length + timeline.scans.length + autarch.length,
      statRows,
    };
  });
}

/** Scans are imported a few minutes after they are taken. */
const IMPORT_DELAY = 5 * 60;

/**
 * Access codes come from the secret (HMAC), not from the fixed data seed: the seed is in the source code, and a
 * code anyone can compute from the source would open every installation's demo kingdoms. 12 base-36 characters.
 */
function accessCode(secret: string, kd: number): string {
  const digest = createHmac('sha256', secret).update(`demo-access-code:${kd}`).digest('hex');
  return BigInt(`0x${digest.slice(0, 32)}`)
    .toString(36)
    .padStart(12, '0')
    .slice(0, 12);
}

async function insertKingdoms(trx: Transaction<Database>, timeline: Timeline, codes: Map<number, string>) {
  // No top-N filter. The demo kingdom (the only one with scans) opens on the current season's scans, first to latest,
  // as an officer would set it: the previous season's scans are there for the governor page's season against
  // season, and a default period over both seasons would mix two KvKs into one table.
  const settings = (kd: number) =>
    JSON.stringify({
      defaultTopFilter: null,
      defaultDates: { start: kd === DEMO_KD ? String(timeline.scans[0]!.takenAt) : null, end: null },
    });
  await trx
    .insertInto('kingdoms')
    .values(
      DEMO_KDS.map((kd, i) => ({
        kd,
        name: KINGDOM_NAMES[i] ?? null,
        access_code: codes.get(kd)!,
        settings_json: settings(kd),
        created_at: timeline.open - 60 * DAY,
      })),
    )
    .execute();
}

/** Every demo kingdom's own dashboard gets the same KvK map, so camps show wherever one looks. */
async function insertCamps(trx: Transaction<Database>) {
  for (const kd of DEMO_KDS) {
    const camps = await trx
      .insertInto('camps')
      .values(CAMP_NAMES.map((name) => ({ kingdom_kd: kd, name })))
      .returning(['id', 'name'])
      .execute();
    const idByName = new Map(camps.map((camp) => [camp.name, camp.id]));
    await trx
      .insertInto('camp_members')
      .values(
        DEMO_KDS.map((member) => ({
          camp_id: idByName.get(CAMP_NAMES[campOf(member)]!)!,
          kingdom_kd: kd,
          member_kd: member,
        })),
      )
      .execute();
  }
}

interface KingdomScansResult {
  statRows: number;
  governors: number;
  latestRows: GovernorStatRow[];
  /** T4/T5 dead of the demo kingdom's governors at the last scan before KvK opened, and after the last war. */
  beforeKvk: Map<number, DeadCounts>;
  afterWars: Map<number, DeadCounts>;
}

/** The previous KvK's scans, stored before the current season's (oldest first, as a kingdom imports them). */
async function insertPreviousSeason(
  trx: Transaction<Database>,
  root: Rng,
  timeline: Timeline,
  population: readonly Governor[],
): Promise<{ statRows: number; seen: Set<number> }> {
  let statRows = 0;
  const seen = new Set<number>();
  for (const { slot, rows } of previousSeasonScans(root.fork('previous-season'), timeline, population)) {
    await insertScan(
      trx,
      {
        kingdomKd: DEMO_KD,
        kind: 'kingdom',
        takenAt: slot.takenAt,
        name: slot.name,
        sourceFormat: SOURCE_FORMAT,
        rows,
      },
      slot.takenAt + IMPORT_DELAY,
    );
    statRows += rows.length;
    for (const row of rows) seen.add(row.governor_id);
  }
  return { statRows, seen };
}

async function insertKingdomScans(
  trx: Transaction<Database>,
  root: Rng,
  timeline: Timeline,
  population: readonly Governor[],
  seenBefore: ReadonlySet<number>,
): Promise<KingdomScansResult> {
  const lastBeforeOpen = timeline.scans.filter((scan) => scan.takenAt < timeline.open).at(-1)!;
  const afterLastWar = timeline.wars.at(-1)!.after;
  const seen = new Set<number>(seenBefore);
  const result: KingdomScansResult = {
    statRows: 0,
    governors: 0,
    latestRows: [],
    beforeKvk: new Map(),
    afterWars: new Map(),
  };
  // Simulated in full first: which governors the last scans leave out depends on the latest scan.
  const simulated = [...simulateScans(root.fork('scans'), timeline, population)].map(({ slot, rows }) => ({
    slot,
    rows,
  }));
  // Linked farms stay in the scans: the farm links' own checks and pages show them (farm-links.ts, the same fork).
  const linked = new Set(demoFarmLinks(root.fork('farm-links'), population).map((link) => link.farmId));
  const belowCutoff = underTheScansReach(simulated, linked);
  for (const { slot, rows: everyone } of simulated) {
    const rows = everyone.filter((row) => !(slot.index >= (belowCutoff.get(row.governor_id) ?? Infinity)));
    await insertScan(
      trx,
      {
        kingdomKd: DEMO_KD,
        kind: 'kingdom',
        takenAt: slot.takenAt,
        name: slot.name,
        sourceFormat: SOURCE_FORMAT,
        rows,
      },
      slot.takenAt + IMPORT_DELAY,
    );
    result.statRows += rows.length;
    for (const row of rows) seen.add(row.governor_id);
    if (slot === lastBeforeOpen) result.beforeKvk = deadCounts(rows);
    if (slot === afterLastWar) result.afterWars = deadCounts(rows);
    // Rallies and autarch data come from every governor of the kingdom, scanned or not.
    result.latestRows = everyone;
  }
  result.governors = seen.size;
  return result;
}

const BELOW_CUTOFF = 3;

/**
 * Scanners read a kingdom's top governors by power. In the demo's last scans the smallest of the kingdom's own
 * governors at its latest scan (up to three, and only those smaller than every linked farm, which stay in the scans)
 * fall under that reach: still in the kingdom, left out of the stored scans from the third-last scan on, so the movements screen can tell "below the scan's cut-off" from "left" (docs/movements.md).
 * That is after the second war, so the KvK's Hall of Heroes and DKP inputs keep them. Answers governor → the first
 * scan index without them.
 */
function underTheScansReach(
  scans: readonly { rows: readonly GovernorStatRow[] }[],
  kept: ReadonlySet<number>,
): Map<number, number> {
  const last = scans.length - 1;
  const own = (scans[last]?.rows ?? []).filter((row) => row.home_kd === DEMO_KD && row.power !== null);
  const smallest = [...own].sort((a, b) => a.power! - b.power! || a.governor_id - b.governor_id);
  // Only accounts smaller than every governor the scans keep: a kept one below them would set the cut-off lower.
  const firstKept = smallest.findIndex((row) => kept.has(row.governor_id));
  const under = smallest.slice(0, Math.min(BELOW_CUTOFF, firstKept === -1 ? BELOW_CUTOFF : firstKept));
  return new Map(under.map((row) => [row.governor_id, last - 2]));
}

function deadCounts(rows: readonly GovernorStatRow[]): Map<number, DeadCounts> {
  const counts = new Map<number, DeadCounts>();
  for (const row of rows) {
    if (row.home_kd !== DEMO_KD) continue;
    counts.set(row.governor_id, { t4: row.t4_dead ?? 0, t5: row.t5_dead ?? 0 });
  }
  return counts;
}

const ROWS_PER_INSERT = 500;

async function insertMany<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await insert(rows.slice(start, start + ROWS_PER_INSERT));
  }
}
