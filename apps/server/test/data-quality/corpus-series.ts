/**
 * The real series the corpus tests check: the fixtures parsed by the import's own parser (parseScanFile),
 * as the GovernorSnapshots the checks see, in time order.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CHECKED_FIELDS,
  checkScan,
  type DataQualitySettings,
  DEFAULT_DATA_QUALITY_SETTINGS,
  type GovernorSnapshot,
  reviewKey,
  type ValueFlag,
} from '@kingdom-stats/core';
import { parseScanFile } from '../../src/import/parse-scan.ts';

export const SCANS = resolve(import.meta.dirname, '../../../../fixtures/scans');

export interface SeriesScan {
  scanId: number;
  takenAt: number;
  /** The file's name, for messages. */
  file: string;
  /** In the file's order. */
  rows: GovernorSnapshot[];
}

/** The nine Hero Scrolls scans of kingdom 3584 (one KvK season), oldest first. */
export const HERO_SCROLLS_FILES = [
  'kingdom_scan_742871269048975389_1766002874_3851.xlsx',
  'kingdom_scan_baseline_data.xlsx',
  'kingdom_scan_scan_before_pass4.xlsx',
  'kingdom_scan_first_9_hours.xlsx',
  'kingdom_scan_after_first_24_hours.xlsx',
  'kingdom_scan_pass4_day_3_start.xlsx',
  'kingdom_scan_pass4_fight_ends.xlsx',
  'kingdom_scan_pass4_fight_ends_part2.xlsx',
  'kingdom_scan_703413897184673792_1768226060_7495.xlsx',
].map((file) => `hero-scrolls/${file}`);

/** RokTracker's start and end scans of kingdom 1234 (synthetic, in its exact formats). */
export const ROKTRACKER_FILES = [
  'roktracker/TOP60-2026-10-01-kd1234-start-[a1b2c3].xlsx',
  'roktracker/TOP60-2026-10-10-kd1234-end-[d4e5f6].csv',
];

/** A scan without a date in its file: given the time the test needs. */
export function readScan(path: string, scanId: number, takenAt?: number): SeriesScan {
  const fileName = path.split('/').pop()!;
  const parsed = parseScanFile(readFileSync(resolve(SCANS, path)), fileName);
  const scan = parsed.scans[0]!;
  const time = takenAt ?? scan.detectedTime?.takenAt;
  if (time === undefined) throw new Error(`${path}: no scan time`);
  const rows = scan.rows.map(
    (row): GovernorSnapshot => ({
      scanId,
      takenAt: time,
      governorId: row.governor_id,
      name: row.name,
      alliance: row.alliance ?? null,
      values: Object.fromEntries(CHECKED_FIELDS.map((field) => [field, row[field] ?? null])),
    }),
  );
  return { scanId, takenAt: time, file: path, rows };
}

export function readSeries(paths: readonly string[]): SeriesScan[] {
  return paths.map((path, i) => readScan(path, i + 1)).sort((a, b) => a.takenAt - b.takenAt);
}

/**
 * checkScan over a series in time order, as an import of one file after another does it: each governor's
 * previous row is its latest earlier stored row, as read (a flag does not change what is stored).
 */
export function checkSeries(
  series: readonly SeriesScan[],
  settings: DataQualitySettings = DEFAULT_DATA_QUALITY_SETTINGS,
): ValueFlag[] {
  const latest = new Map<number, GovernorSnapshot>();
  // The latest rows' flagged values: still under review when the next scan comes (nobody reviewed yet).
  const underReview = new Map<number, string[]>();
  const flags: ValueFlag[] = [];
  for (const scan of series) {
    const previousUnderReview = new Set([...underReview.values()].flat());
    const found = checkScan({
      rows: scan.rows,
      previous: new Map(latest),
      powerRanked: true,
      settings,
      previousUnderReview,
    });
    flags.push(...found);
    for (const row of scan.rows) {
      latest.set(row.governorId, row);
      underReview.set(row.governorId, []);
    }
    for (const flag of found) underReview.get(flag.governorId)!.push(reviewKey(flag.governorId, flag.field));
  }
  return flags;
}

function latestRows(scans: readonly SeriesScan[]): Map<number, GovernorSnapshot> {
  const latest = new Map<number, GovernorSnapshot>();
  for (const scan of scans) for (const row of scan.rows) latest.set(row.governorId, row);
  return latest;
}

/**
 * Scan `index` imported after all the others (a forgotten file placed before later scans): the others were
 * checked in time order without it, then it is checked against the nearest earlier and later rows, with the
 * values flagged in those rows as under review.
 */
export function checkInsertedLast(
  series: readonly SeriesScan[],
  index: number,
  settings: DataQualitySettings = DEFAULT_DATA_QUALITY_SETTINGS,
): ValueFlag[] {
  const othersFlags = checkSeries(
    series.filter((_, i) => i !== index),
    settings,
  );
  const previous = latestRows(series.slice(0, index));
  const next = latestRows(series.slice(index + 1).reverse());
  const underReview = (rows: ReadonlyMap<number, GovernorSnapshot>) =>
    new Set(
      othersFlags
        .filter((flag) => rows.get(flag.governorId)?.scanId === flag.scanId)
        .map((flag) => reviewKey(flag.governorId, flag.field)),
    );
  return checkScan({
    rows: series[index]!.rows,
    previous,
    next,
    powerRanked: true,
    settings,
    previousUnderReview: underReview(previous),
  });
}
