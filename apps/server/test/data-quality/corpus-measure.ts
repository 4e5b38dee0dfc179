/**
 * Measuring what the product flags in a series with planted misreads: the series is written out as scanner files
 * and imported through the product's own import (importScanFile: parse, store, check, store the flags), one file
 * after another in time order, and the flags are read back from the database. Then, per kind, how many plants a
 * flag found (recall), and how many flags fell on values nobody planted (precision).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import {
  PLANTED_KINDS,
  type Plant,
  type PlantedKind,
  type PlantScan,
  VALUE_FIELDS,
} from './misread-generator.ts';

/** A stored flag, with the series' own scan id in place of the database's. */
export interface StoredFlag {
  scanId: number;
  governorId: number;
  field: string;
  check: string;
}

export const cellKey = (scanId: number, governorId: number, field: string) =>
  `${scanId}:${governorId}:${field}`;

/** Values the checks can judge: every known value of a governor seen in an earlier scan of the series. */
export function checkedValueCount(series: readonly PlantScan[]): number {
  const seen = new Set<number>();
  let count = 0;
  for (const scan of series) {
    for (const row of scan.rows) {
      if (seen.has(row.governorId))
        count += VALUE_FIELDS.filter((field) => typeof row.values[field] === 'number').length;
    }
    for (const row of scan.rows) seen.add(row.governorId);
  }
  return count;
}

/** The scan as a scanner's CSV, in the file's row order. */
export function csvOf(scan: PlantScan): Buffer {
  const header = ['governor_id', 'name', 'alliance', ...VALUE_FIELDS].join(',');
  const lines = scan.rows.map((row) =>
    [
      row.governorId,
      JSON.stringify(row.name),
      JSON.stringify(row.alliance ?? ''),
      ...VALUE_FIELDS.map((field) => row.values[field] ?? ''),
    ].join(','),
  );
  return Buffer.from(`${header}\n${lines.join('\n')}\n`);
}

/**
 * Imports the series into kingdom `kd`, one file per scan, in the series' order or in `order` (indexes in the
 * series), and answers the flags stored.
 */
export async function importSeries(
  db: Kysely<Database>,
  kd: number,
  series: readonly PlantScan[],
  order: readonly number[] = series.map((_, i) => i),
): Promise<StoredFlag[]> {
  const seriesIdOf = new Map<number, number>();
  for (const i of order) {
    const scan = series[i]!;
    const result = await importScanFile(db, {
      kingdomKd: kd,
      filePath: `scan-${i + 1}.csv`,
      content: csvOf(scan),
      at: new Date(scan.takenAt * 1000).toISOString(),
    });
    for (const imported of result.scans) seriesIdOf.set(imported.scanId, scan.scanId);
  }
  const flags = await db
    .selectFrom('value_flags as f')
    .innerJoin('scans as s', 's.id', 'f.scan_id')
    .select(['f.scan_id', 'f.governor_id', 'f.field', 'f.check_kind'])
    .where('s.kingdom_kd', '=', kd)
    .execute();
  return flags.map((flag) => ({
    scanId: seriesIdOf.get(Number(flag.scan_id))!,
    governorId: Number(flag.governor_id),
    field: flag.field,
    check: flag.check_kind,
  }));
}

const KILL_FIELDS = new Set(['kill_points', 't1_kills', 't2_kills', 't3_kills', 't4_kills', 't5_kills']);

/**
 * A flag finds a plant when it names the plant's scan and governor and: the plant's field; or, for a wrong
 * whole row, any field; or the row as a whole ('governor', another governor's row), which the review shows
 * with all its values; or the kill points identity when the plant is one of the six kill values (the identity
 * names the kill points when it cannot tell which of the six is wrong).
 */
export function finds(flag: StoredFlag, plant: Plant): boolean {
  if (flag.scanId !== plant.scanId || flag.governorId !== plant.governorId) return false;
  if (plant.wholeRow || flag.field === 'governor') return true;
  if (plant.cells.some((cell) => cell.field === flag.field)) return true;
  return flag.check === 'kill_points_identity' && plant.cells.some((cell) => KILL_FIELDS.has(cell.field));
}

export interface KindFigures {
  planted: number;
  found: number;
  /** Of those, the plants that move a value by MATERIAL_SHARE or more (or a whole row), and how many were found. */
  materialPlanted: number;
  materialFound: number;
  /** Flags on values nobody planted, on a governor of this kind's plants (the plant's scan or the next). */
  fallout: number;
}

export interface Measure {
  kinds: Record<PlantedKind, KindFigures>;
  flags: number;
  onPlants: number;
  /** Flags the untouched series has too: real misreads of the files themselves. */
  alreadyInClean: number;
  /** Flags on values nobody planted and the untouched series does not flag. */
  unplanted: StoredFlag[];
}

/**
 * A misread that moves a value by 1% or more (and by 100 units at least) changes what a ranking shows; under that (a
 * look-alike in the last digits of a counter: 942,140 T1 kills read as 942,148; 0 resource assistance read as 8) it is
 * within what the game could have shown, and no check on the values alone can see it. Issue 36's target (90% of every
 * kind) is held on these, the plants that matter.
 */
export const MATERIAL_SHARE = 0.01;
export const MATERIAL_MIN_UNITS = 100;

export function isMaterial(plant: Plant): boolean {
  return (
    plant.wholeRow ||
    plant.cells.some(
      ({ clean, planted }) =>
        clean === null ||
        planted === null ||
        Math.abs(planted - clean) >= Math.max(MATERIAL_SHARE * Math.abs(clean), MATERIAL_MIN_UNITS),
    )
  );
}

export function measure(
  flags: readonly StoredFlag[],
  plants: readonly Plant[],
  cleanFlags: ReadonlySet<string>,
  nextScanId: (scanId: number) => number | undefined,
): Measure {
  const kinds = Object.fromEntries(
    PLANTED_KINDS.map((kind) => [
      kind,
      { planted: 0, found: 0, materialPlanted: 0, materialFound: 0, fallout: 0 },
    ]),
  ) as Record<PlantedKind, KindFigures>;
  for (const plant of plants) {
    const figures = kinds[plant.kind];
    const found = flags.some((flag) => finds(flag, plant));
    figures.planted++;
    if (found) figures.found++;
    if (!isMaterial(plant)) continue;
    figures.materialPlanted++;
    if (found) figures.materialFound++;
  }
  let onPlants = 0;
  let alreadyInClean = 0;
  const unplanted: StoredFlag[] = [];
  for (const flag of flags) {
    if (plants.some((plant) => finds(flag, plant))) onPlants++;
    else if (cleanFlags.has(cellKey(flag.scanId, flag.governorId, flag.field))) alreadyInClean++;
    else {
      unplanted.push(flag);
      const near = plants.find(
        (plant) =>
          plant.governorId === flag.governorId &&
          (plant.scanId === flag.scanId || nextScanId(plant.scanId) === flag.scanId),
      );
      if (near) kinds[near.kind].fallout++;
    }
  }
  return { kinds, flags: flags.length, onPlants, alreadyInClean, unplanted };
}

/** Adds up the figures of several runs. */
export function total(measures: readonly Measure[]): Measure {
  const kinds = Object.fromEntries(
    PLANTED_KINDS.map((kind) => [
      kind,
      {
        planted: measures.reduce((sum, m) => sum + m.kinds[kind].planted, 0),
        found: measures.reduce((sum, m) => sum + m.kinds[kind].found, 0),
        materialPlanted: measures.reduce((sum, m) => sum + m.kinds[kind].materialPlanted, 0),
        materialFound: measures.reduce((sum, m) => sum + m.kinds[kind].materialFound, 0),
        fallout: measures.reduce((sum, m) => sum + m.kinds[kind].fallout, 0),
      },
    ]),
  ) as Record<PlantedKind, KindFigures>;
  return {
    kinds,
    flags: measures.reduce((sum, m) => sum + m.flags, 0),
    onPlants: measures.reduce((sum, m) => sum + m.onPlants, 0),
    alreadyInClean: measures.reduce((sum, m) => sum + m.alreadyInClean, 0),
    unplanted: measures.flatMap((m) => m.unplanted),
  };
}

export const recall = ({ planted, found }: KindFigures) => (planted === 0 ? null : found / planted);
/** Recall over the plants that move a value by 1% or more (isMaterial). */
export const materialRecall = ({ materialPlanted, materialFound }: KindFigures) =>
  materialPlanted === 0 ? null : materialFound / materialPlanted;
export const precision = (m: Measure) =>
  m.onPlants + m.unplanted.length === 0 ? null : m.onPlants / (m.onPlants + m.unplanted.length);

const percent = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)} %`);

/** The figures as a table for the test's output and its failure messages. */
export function table(title: string, m: Measure): string {
  const lines = [
    title,
    `${'kind'.padEnd(16)} ${'found / planted'.padStart(16)} ${'recall'.padStart(8)} ${'≥ 1 %'.padStart(10)} ${'recall'.padStart(8)} ${'flags beside'.padStart(13)}`,
  ];
  for (const kind of PLANTED_KINDS) {
    const k = m.kinds[kind];
    lines.push(
      `${kind.padEnd(16)} ${`${k.found} / ${k.planted}`.padStart(16)} ${percent(recall(k)).padStart(8)} ` +
        `${`${k.materialFound} / ${k.materialPlanted}`.padStart(10)} ${percent(materialRecall(k)).padStart(8)} ${String(k.fallout).padStart(13)}`,
    );
  }
  lines.push(
    `flags ${m.flags}: ${m.onPlants} on plants, ${m.alreadyInClean} also in the untouched files, ` +
      `${m.unplanted.length} on values nobody planted; precision ${percent(precision(m))}`,
  );
  return lines.join('\n');
}
