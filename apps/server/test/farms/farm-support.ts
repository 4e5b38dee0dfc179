import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { utc } from '../import/import-support.ts';

/**
 * A small kingdom for the farm tests: three mains and three farms over two scans inside one KvK season, with a
 * formula of T4 × 10 + T5 × 20 + Dead × 15 and one goal tier. Gains are chosen so every policy changes something.
 */
export const START = utc('2026-05-01 00:00');
export const END = utc('2026-05-08 00:00');

export const AYLA = 101; // main with two farms
export const BRAM = 102; // main with one farm
export const CORA = 103; // main without farms
export const AYLA_FARM_1 = 201;
export const AYLA_FARM_2 = 202;
export const BRAM_FARM = 203;

const HEADER = 'governor_id,name,power,kill points,t1 kills,t4 kills,t5 kills,deads,healed';
type Line = [
  id: number,
  name: string,
  power: number,
  kp: number,
  t1: number,
  t4: number,
  t5: number,
  dead: number,
  healed: number,
];
const START_ROWS: Line[] = [
  [AYLA, 'Ayla', 60_000_000, 1_000_000, 10, 1_000, 500, 2_000, 100],
  [BRAM, 'Bram', 50_000_000, 900_000, 0, 800, 300, 1_500, 50],
  [CORA, 'Cora', 40_000_000, 700_000, 5, 600, 100, 1_000, 0],
  [AYLA_FARM_1, 'AylaFarm1', 9_000_000, 10_000, 100, 50, 0, 100, 0],
  [AYLA_FARM_2, 'AylaFarm2', 8_000_000, 20_000, 0, 60, 10, 200, 0],
  [BRAM_FARM, 'BramFarm', 7_000_000, 30_000, 0, 70, 0, 300, 10],
];
/** Each row's gains over the period: kp, t1, t4, t5, dead, healed. */
export const GAINS: Record<
  number,
  { kp: number; t1: number; t4: number; t5: number; dead: number; healed: number }
> = {
  [AYLA]: { kp: 500_000, t1: 5, t4: 20_000, t5: 5_000, dead: 10_000, healed: 3_000 },
  [BRAM]: { kp: 300_000, t1: 0, t4: 15_000, t5: 2_000, dead: 8_000, healed: 1_000 },
  [CORA]: { kp: 100_000, t1: 0, t4: 3_000, t5: 1_000, dead: 1_500, healed: 500 },
  [AYLA_FARM_1]: { kp: 40_000, t1: 7, t4: 2_001, t5: 0, dead: 1_003, healed: 9 },
  [AYLA_FARM_2]: { kp: 60_000, t1: 0, t4: 3_000, t5: 300, dead: 2_000, healed: 0 },
  [BRAM_FARM]: { kp: 90_000, t1: 0, t4: 4_444, t5: 0, dead: 555, healed: 77 },
};

function endRow([id, name, power, kp, t1, t4, t5, dead, healed]: Line): Line {
  const g = GAINS[id]!;
  return [
    id,
    name,
    power + 1_000_000,
    kp + g.kp,
    t1 + g.t1,
    t4 + g.t4,
    t5 + g.t5,
    dead + g.dead,
    healed + g.healed,
  ];
}

export const FORMULA = { 'T4-Kills': [10, true], 'T5-Kills': [20, true], 'Dead Troops': [15, true] } as const;

/** DKP of gains under FORMULA. */
export function dkpOf(g: { t4: number; t5: number; dead: number }): number {
  return g.t4 * 10 + g.t5 * 20 + g.dead * 15;
}

export async function seedFarmKingdom(db: Kysely<Database>, kd: number): Promise<void> {
  for (const [at, rows] of [
    [START, START_ROWS],
    [END, START_ROWS.map(endRow)],
  ] as const) {
    await importScanFile(db, {
      kingdomKd: kd,
      filePath: `farms-${at}.csv`,
      content: Buffer.from([HEADER, ...rows.map((r) => r.join(','))].join('\n')),
      at: new Date(at * 1000).toISOString(),
    });
  }
  await db
    .insertInto('kvk_seasons')
    .values({ kingdom_kd: kd, kvk_number: 7, open_time: START - 3600, close_time: END + 86_400 * 30 })
    .execute();
  await db
    .insertInto('formulas')
    .values({
      kingdom_kd: kd,
      stats_formula_json: JSON.stringify(FORMULA),
      goals_json: JSON.stringify([
        { from: 0, to: 150, type: 'direct', score_multiplier: 1, dead_multiplier: 0.01, kp_multiplier: 1 },
      ]),
      score_on: 1,
      dead_on: 1,
      kp_on: 1,
      wars_json: null,
      updated_at: 1,
    })
    .execute();
}

/** The main dashboard's whole table for the kingdom. */
export async function mainRows(
  app: { inject: (url: string) => Promise<{ statusCode: number; json(): unknown; body: string }> },
  kd: number,
  code: string,
) {
  const res = await app.inject(`/api/dashboard/${kd}/data/${code}?pageSize=100`);
  if (res.statusCode !== 200) throw new Error(res.body);
  return (res.json() as { playerData: Record<string, unknown>[] }).playerData;
}
