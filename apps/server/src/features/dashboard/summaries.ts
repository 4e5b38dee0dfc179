import { campColor, campColorMap } from '@kingdom-stats/core';
import {
  type CampSummary,
  type DiplomOverview,
  type DiplomStats,
  type KdSummary,
  NO_CAMP,
} from '@kingdom-stats/core/api';
import type { BaseRow } from './row-query.ts';
import type { KdTotals } from './scan-kd-totals.ts';

/**
 * Camp and kingdom summaries (SPEC §3): sums over the rows the player table selects (every filter applied, before
 * paging), and the diplomacy overview. Pure functions of their inputs.
 */

/** SPEC §9 bar colours: power blue, T4 cyan, T5 yellow, dead red, healed green; autarch points cyan/red/green/purple. */
export const SUMMARY_COLORS: Readonly<Record<string, string>> = {
  Governors: '#64748b',
  Power: '#3b82f6',
  'Power Change': '#3b82f6',
  'T4 Kills': '#06b6d4',
  'T5 Kills': '#eab308',
  'KP (T4+T5)': '#8b5cf6',
  Dead: '#ef4444',
  Healed: '#22c55e',
  DKP: '#f97316',
  'Kill Points': '#06b6d4',
  'Death Points': '#ef4444',
  'Heal Points': '#22c55e',
  'Total Points': '#a855f7',
};

export interface SummaryMetric<T> {
  header: string;
  value: (row: T) => number | null;
}

/** A metric per row field of the same name. */
export function fieldMetrics<T extends BaseRow>(headers: readonly string[]): SummaryMetric<T>[] {
  return headers.map((header) => ({ header, value: (row: T) => row[header] as number | null }));
}

class Accumulator {
  governors = 0;
  readonly sums: (number | null)[];

  /** `camp`: the camp's accumulator, for a kd's; every row added to a kd's is added to its camp's too. */
  constructor(
    size: number,
    readonly camp?: Accumulator,
  ) {
    this.sums = new Array<number | null>(size).fill(null);
  }

  add(values: readonly (number | null)[]): void {
    this.governors++;
    const sums = this.sums;
    // A plain loop: this runs for every governor of a period (16,500 on a big map), twice.
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      if (value === null || !Number.isFinite(value)) continue;
      sums[i] = (sums[i] ?? 0) + value;
    }
  }

  /** Adds a group already summed (its governors and sums, null where none was known). */
  addGroup(governors: number, sums: readonly (number | null)[]): void {
    this.add(sums);
    // add counted one governor.
    this.governors += governors - 1;
  }
}

export interface Summaries {
  campSummary: CampSummary;
  kdSummary: KdSummary;
}

/**
 * `campNames` are the camps on the kingdom's map: colours are given by their sorted order, so a camp keeps its
 * colour whatever the filters leave on screen.
 */
export function buildSummaries<T extends BaseRow>(
  rows: readonly T[],
  metrics: readonly SummaryMetric<T>[],
  campNames: readonly string[],
): Summaries {
  const byCamp = new Map<string, Accumulator>();
  const byCampKd = new Map<string, Map<number | null, Accumulator>>();
  const values = new Array<number | null>(metrics.length);
  for (const row of rows) {
    for (let i = 0; i < metrics.length; i++) values[i] = metrics[i]!.value(row);
    const kdAcc = kdAccumulator(byCamp, byCampKd, row.Camp ?? NO_CAMP, row.KD, metrics.length);
    kdAcc.camp!.add(values);
    kdAcc.add(values);
  }
  return summariesOf(
    byCamp,
    byCampKd,
    metrics.map((metric) => metric.header),
    campNames,
  );
}

/** A group of rows of one home kd already summed (by SQL, page-query.ts): its governors and metric sums. */
export interface KdGroup {
  kd: number | null;
  governors: number;
  sums: (number | null)[];
}

/**
 * buildSummaries from per-kd sums: the same answer as from the rows when the sums are exact (whole numbers, as
 * every metric is when the DKP formula's values are whole). `campOf` is the rows' Camp of a kd.
 */
export function summariesFromKdGroups(
  groups: readonly KdGroup[],
  metricHeaders: readonly string[],
  campOf: (kd: number | null) => string | undefined,
  campNames: readonly string[],
): Summaries {
  const byCamp = new Map<string, Accumulator>();
  const byCampKd = new Map<string, Map<number | null, Accumulator>>();
  for (const group of groups) {
    const camp = campOf(group.kd) ?? NO_CAMP;
    const kdAcc = kdAccumulator(byCamp, byCampKd, camp, group.kd, metricHeaders.length);
    kdAcc.camp!.addGroup(group.governors, group.sums);
    kdAcc.addGroup(group.governors, group.sums);
  }
  return summariesOf(byCamp, byCampKd, metricHeaders, campNames);
}

/** The camp's kd's accumulator (its `camp` the camp's), both created on first use. */
function kdAccumulator(
  byCamp: Map<string, Accumulator>,
  byCampKd: Map<string, Map<number | null, Accumulator>>,
  camp: string,
  kd: number | null,
  size: number,
): Accumulator {
  let campAcc = byCamp.get(camp);
  if (!campAcc) {
    campAcc = new Accumulator(size);
    byCamp.set(camp, campAcc);
    byCampKd.set(camp, new Map());
  }
  const kds = byCampKd.get(camp)!;
  let kdAcc = kds.get(kd);
  if (!kdAcc) {
    kdAcc = new Accumulator(size, campAcc);
    kds.set(kd, kdAcc);
  }
  return kdAcc;
}

function summariesOf(
  byCamp: Map<string, Accumulator>,
  byCampKd: Map<string, Map<number | null, Accumulator>>,
  metricHeaders: readonly string[],
  campNames: readonly string[],
): Summaries {
  const colors = campColorMap([...campNames, ...byCamp.keys()].filter((name) => name !== NO_CAMP));
  const camps = orderCamps(byCamp.keys(), colors);

  const campData = camps.map((camp) => {
    const acc = byCamp.get(camp)!;
    return [camp, acc.governors, ...acc.sums];
  });
  const kdData: (string | number | null)[][] = [];
  const campKds: KdSummary['campData'] = {};
  for (const camp of camps) {
    const kds = [...byCampKd.get(camp)!.entries()].sort(([a], [b]) => (a ?? Infinity) - (b ?? Infinity));
    campKds[camp] = {
      color: camp === NO_CAMP ? campColor(colors, null) : campColor(colors, camp),
      kds: kds.flatMap(([kd]) => (kd === null ? [] : [kd])),
    };
    kds.forEach(([kd, acc], i) => {
      kdData.push([i === 0 ? camp : null, kd, acc.governors, ...acc.sums]);
    });
  }

  const campHeaders = ['CAMP NAME', 'Governors', ...metricHeaders];
  const kdHeaders = ['CAMP NAME', 'KD', 'Governors', ...metricHeaders];
  return {
    campSummary: {
      headers: campHeaders,
      data: campData,
      maxValues: maxMagnitudes(campHeaders, campData, 1),
      colors: colorsOf(campHeaders),
    },
    kdSummary: {
      headers: kdHeaders,
      data: kdData,
      campData: campKds,
      maxValues: maxMagnitudes(kdHeaders, kdData, 2),
      colors: colorsOf(kdHeaders),
    },
  };
}

/** Camps in display order: sorted as campColorMap sorts them, NO_CAMP last. */
function orderCamps(present: Iterable<string>, colors: ReadonlyMap<string, string>): string[] {
  const have = new Set(present);
  const ordered = [...colors.keys()].filter((camp) => have.has(camp));
  return have.has(NO_CAMP) ? [...ordered, NO_CAMP] : ordered;
}

function maxMagnitudes(
  headers: readonly string[],
  data: readonly (string | number | null)[][],
  firstNumeric: number,
): Record<string, number> {
  const max: Record<string, number> = {};
  headers.forEach((header, column) => {
    if (column < firstNumeric) return;
    for (const row of data) {
      const value = row[column];
      if (typeof value !== 'number') continue;
      max[header] = Math.max(max[header] ?? 0, Math.abs(value));
    }
  });
  return max;
}

function colorsOf(headers: readonly string[]): Record<string, string> {
  const colors: Record<string, string> = {};
  for (const header of headers) {
    const color = SUMMARY_COLORS[header];
    if (color) colors[header] = color;
  }
  return colors;
}

/**
 * The summaries of the rows a request selects. Without any filter they are the whole period's, computed once and
 * kept on `data`, since that is what nearly every first view of a dashboard asks for.
 */
export function summariesFor<T extends BaseRow>(
  data: { rows: readonly T[]; summaries?: Summaries },
  selected: readonly T[],
  unfiltered: boolean,
  metrics: readonly SummaryMetric<T>[],
  campNames: readonly string[],
): Summaries {
  if (!unfiltered) return buildSummaries(selected, metrics, campNames);
  data.summaries ??= buildSummaries(data.rows, metrics, campNames);
  return data.summaries;
}

export function emptySummaries(metricHeaders: readonly string[]): Summaries {
  const campHeaders = ['CAMP NAME', 'Governors', ...metricHeaders];
  const kdHeaders = ['CAMP NAME', 'KD', 'Governors', ...metricHeaders];
  return {
    campSummary: { headers: campHeaders, data: [], maxValues: {}, colors: colorsOf(campHeaders) },
    kdSummary: { headers: kdHeaders, data: [], campData: {}, maxValues: {}, colors: colorsOf(kdHeaders) },
  };
}

/**
 * The diplomacy overview: one scan's totals per camp and home kd, plus a `total` entry per camp. Governors without
 * a home kd are left out (there is no kingdom to put them under).
 */
export function buildDiplomOverview(
  totals: readonly KdTotals[],
  campOf: (kd: number) => string | undefined,
  timestamp: number | null,
): DiplomOverview {
  const camps: DiplomOverview['camps'] = {};
  const sorted = [...totals].sort((a, b) => (a.home_kd ?? 0) - (b.home_kd ?? 0));
  for (const row of sorted) {
    if (row.home_kd === null) continue;
    const camp = campOf(row.home_kd) ?? NO_CAMP;
    const stats: DiplomStats = {
      power: row.power ?? 0,
      t4_kills: row.t4_kills ?? 0,
      t5_kills: row.t5_kills ?? 0,
      dead_troops: row.dead ?? 0,
      healed_troops: row.healed ?? 0,
    };
    const card = camps[camp] ?? {};
    camps[camp] = card;
    card[String(row.home_kd)] = stats;
    const total = card.total ?? { power: 0, t4_kills: 0, t5_kills: 0, dead_troops: 0, healed_troops: 0 };
    card.total = total;
    total.power += stats.power;
    total.t4_kills += stats.t4_kills;
    total.t5_kills += stats.t5_kills;
    total.dead_troops += stats.dead_troops;
    total.healed_troops += stats.healed_troops;
  }
  return { timestamp, camps };
}
