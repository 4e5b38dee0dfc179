/**
 * DESIGN.md's scale case as scan files: 16 kingdoms × 1,000 governors in each of 120 scans (1.92 M stat rows), one
 * canonical CSV per scan (docs/import-formats.md, "Canonical CSV"), generated in memory in time order so that
 * bench/scale-data.ts can import each through the real import path (`importScanFile`).
 *
 * Deterministic: every run builds the same files. Growth: each governor has a starting size (power 10–200 M, other
 * counters up to half of it) and a rate per counter (power drifts by −0.09 % to +0.11 % of the size per scan, the
 * other counters grow by up to 0.4 %), applied every scan with a random factor of 0.5–1.5. In 3 % of the slots one
 * governor leaves during the season and a newcomer takes the slot from the next scan on, so periods have partial
 * rows too.
 */

/** The kingdom whose dashboards are measured; the home kds are KD … KD + 15. */
export const KD = 1001;
export const CODE = 'bench-dashboard';
export const KINGDOMS = 16;
export const CAMPS = 4;
export const GOVERNORS_PER_KINGDOM = 1_000;
export const SCANS = 120;
export const STAT_ROWS = KINGDOMS * GOVERNORS_PER_KINGDOM * SCANS;
const DAY = 86_400;
/** Unix seconds of the first scan; one scan every 12 hours after it. */
export const FIRST_SCAN = Date.UTC(2026, 0, 1) / 1000;
export const SCAN_INTERVAL = DAY / 2;

export function scanTime(index: number): number {
  return FIRST_SCAN + index * SCAN_INTERVAL;
}

/** The three wars of the KvK, as 0-based scan indexes [before, after]: chronological, not overlapping. */
export const WARS: readonly (readonly [before: number, after: number])[] = [
  [20, 34],
  [58, 74],
  [96, 114],
];

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

/** The canonical CSV's counter columns (governor_stats column names), power first. */
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

const HEADER = ['governor_id', 'name', 'alliance', 'home_kd', ...COLUMNS].join(',');

/**
 * Exactly GOVERNORS_PER_KINGDOM governors per kingdom in every scan. In 3% of the slots one governor leaves during
 * the season and a newcomer takes the slot from the next scan on.
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

export interface ScanFile {
  /** 0-based, in time order. */
  index: number;
  takenAt: number;
  /** No date in it: the time is given to the import (`at`). The scan's name is the name without `.csv`. */
  fileName: string;
  content: Buffer;
  rows: number;
}

export function scanFileName(index: number): string {
  return `kd${KD}-scan-${String(index + 1).padStart(3, '0')}.csv`;
}

/** The 120 scan files, oldest first, each built when asked for (about 1.5 MB of CSV each). */
export function* scanFiles(): Generator<ScanFile> {
  const governors = population();
  const rand = random(7);
  for (let scan = 0; scan < SCANS; scan++) {
    const lines = [HEADER];
    for (const g of governors) {
      if (scan > 0) g.values = g.values.map((v, c) => Math.max(0, v + g.rates[c]! * (0.5 + rand())));
      if (scan < g.from || scan > g.to) continue;
      let line = `${g.id},${g.name},${g.alliance},${g.homeKd}`;
      for (const value of g.values) line += `,${Math.floor(value)}`;
      lines.push(line);
    }
    yield {
      index: scan,
      takenAt: scanTime(scan),
      fileName: scanFileName(scan),
      content: Buffer.from(`${lines.join('\n')}\n`, 'utf8'),
      rows: lines.length - 1,
    };
  }
}
