/**
 * Injects OCR misreads of each kind into a real series at known places, from a seed, so the corpus tests can
 * measure which the checks find. Each injection touches one governor once in the whole series (never its
 * first scan, which has nothing to compare with), so every misread stands between clean neighbours.
 *
 * The kinds, and where each is injected (a misread that leaves a value within what the game allows cannot be
 * told from the values, so each kind goes where it changes the number enough to matter; docs/data-quality.md):
 * - lost_digit: a lifetime counter of 10,000 or more saved without its last digit;
 * - look_alike_drop: a 7, 8 or 6 among a counter's first two digits read as its smaller look-alike (1, 3 or
 *   0, 5), where that takes the counter below the governor's previous value;
 * - look_alike_jump: a counter's leading 1 read as 7, where the jump is beyond the kingdom's gains
 *   (COUNTER jump bound: 3× the period's 95th-percentile gain and twice the previous value);
 * - kill_points_tier: one digit of a kill tier or of the kill points read as its look-alike, where it moves
 *   the kill points identity by more than its rounding;
 * - another_id: a governor's row replaced by another governor's (name, alliance, values), where the names
 *   differ and one power is at least twice the other;
 * - power_misread: power saved without its last digit, or its leading 1 read as 7;
 * - power_rank: a look-alike digit in a power that puts the row out of a sorted file's order (more than
 *   10% of the neighbour's power, or more than 1% when that look-alike is the one value that fits back).
 */
import {
  type CheckedField,
  candidatesWithin,
  type GovernorSnapshot,
  JUMP_GAIN_MULTIPLE,
  JUMP_MIN_SHARE,
  KILL_POINT_WEIGHTS,
  killPointsConsistent,
  kingdomGains,
  LIFETIME_COUNTERS,
  LOOK_ALIKE_PAIRS,
  looksPowerRanked,
  misreadCandidates,
  nameSimilarity,
  othersPercentileGain,
  RANK_ORDER_MARGIN,
  RANK_ORDER_MIN_GAP,
} from '@kingdom-stats/core';
import type { SeriesScan } from './corpus-series.ts';

export const INJECTED_KINDS = [
  'lost_digit',
  'look_alike_drop',
  'look_alike_jump',
  'kill_points_tier',
  'another_id',
  'power_misread',
  'power_rank',
] as const;
export type InjectedKind = (typeof INJECTED_KINDS)[number];

export interface Injection {
  kind: InjectedKind;
  scanId: number;
  governorId: number;
  field: CheckedField | 'governor';
  /** The value the scan really had (null for another_id, which replaces the whole row). */
  clean: number | null;
  injected: number | null;
}

/** mulberry32: small, seeded, the same sequence on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SMALLER_LOOK_ALIKE: Record<string, string[]> = { '7': ['1'], '8': ['3', '0'], '6': ['5'] };
const ANY_LOOK_ALIKE = new Map<string, string[]>();
for (const [a, b] of LOOK_ALIKE_PAIRS) {
  ANY_LOOK_ALIKE.set(a, [...(ANY_LOOK_ALIKE.get(a) ?? []), b]);
  ANY_LOOK_ALIKE.set(b, [...(ANY_LOOK_ALIKE.get(b) ?? []), a]);
}

const withDigit = (value: number, at: number, digit: string) => {
  const digits = String(value);
  return Number(digits.slice(0, at) + digit + digits.slice(at + 1));
};

interface Place {
  scan: SeriesScan;
  index: number;
  row: GovernorSnapshot;
  before: GovernorSnapshot;
  /** Each counter's gains over this scan's period in the clean series, lowest first. */
  gains: Map<CheckedField, number[]>;
}

type Attempt = (
  place: Place,
  pick: <T>(items: readonly T[]) => T | undefined,
) => Omit<Injection, 'kind' | 'scanId' | 'governorId'> | null;

const known = (value: number | null | undefined): value is number => typeof value === 'number';

const ATTEMPTS: Record<InjectedKind, Attempt> = {
  lost_digit: ({ row, before }, pick) => {
    const field = pick(
      LIFETIME_COUNTERS.filter(
        (f) => known(row.values[f]) && row.values[f]! >= 10_000 && known(before.values[f]),
      ),
    );
    if (!field) return null;
    const clean = row.values[field]!;
    return { field, clean, injected: Math.floor(clean / 10) };
  },
  look_alike_drop: ({ row, before }, pick) => {
    const field = pick(LIFETIME_COUNTERS.filter((f) => known(row.values[f]) && known(before.values[f])));
    if (!field) return null;
    const clean = row.values[field]!;
    const at = pick([0, 1].filter((i) => SMALLER_LOOK_ALIKE[String(clean)[i] ?? '']));
    if (at === undefined) return null;
    const injected = withDigit(clean, at, pick(SMALLER_LOOK_ALIKE[String(clean)[at]!]!)!);
    if (String(injected).length !== String(clean).length || injected >= before.values[field]!) return null;
    return { field, clean, injected };
  },
  look_alike_jump: ({ row, before, gains }, pick) => {
    const field = pick(LIFETIME_COUNTERS.filter((f) => known(row.values[f]) && known(before.values[f])));
    if (!field) return null;
    const clean = row.values[field]!;
    const previous = before.values[field]!;
    if (clean < 10 || !String(clean).startsWith('1') || previous === 0) return null;
    const injected = withDigit(clean, 0, '7');
    const gain = injected - previous;
    // Beyond the check's jump bound: twice the previous value and 3× the other governors' 95th percentile.
    const othersGain = othersPercentileGain(gains.get(field)!, clean - previous);
    if (gain <= JUMP_MIN_SHARE * previous || gain <= JUMP_GAIN_MULTIPLE * othersGain) return null;
    return { field, clean, injected };
  },
  kill_points_tier: ({ row }, pick) => {
    const fields = ['kill_points', ...Object.keys(KILL_POINT_WEIGHTS)] as CheckedField[];
    if (!fields.every((f) => known(row.values[f]))) return null;
    const field = pick(fields)!;
    const clean = row.values[field]!;
    const digits = String(clean);
    const at = pick([...digits].map((_, i) => i).filter((i) => ANY_LOOK_ALIKE.has(digits[i]!)));
    if (at === undefined) return null;
    const digit = pick(
      ANY_LOOK_ALIKE.get(digits[at]!)!.filter((d) => !(at === 0 && d === '0' && digits.length > 1)),
    );
    if (digit === undefined) return null;
    const injected = withDigit(clean, at, digit);
    const values = { ...row.values, [field]: injected } as Record<string, number>;
    const tiers = {
      t1_kills: values.t1_kills!,
      t2_kills: values.t2_kills!,
      t3_kills: values.t3_kills!,
      t4_kills: values.t4_kills!,
      t5_kills: values.t5_kills!,
    };
    // Beyond the identity's tolerance (1) and T1's rounding: the misread must show in the sum.
    if (killPointsConsistent(values.kill_points!, tiers, 2)) return null;
    return { field, clean, injected };
  },
  another_id: () => null, // whole rows: handled in injectMisreads, which needs the scan's other rows
  power_misread: ({ row, before }, pick) => {
    const clean = row.values.power;
    if (!known(clean) || !known(before.values.power) || clean < 1_000_000) return null;
    const injected =
      String(clean).startsWith('1') && pick([true, false])
        ? withDigit(clean, 0, '7')
        : Math.floor(clean / 10);
    return { field: 'power', clean, injected };
  },
  power_rank: ({ scan, index, row }, pick) => {
    const clean = row.values.power;
    if (!known(clean) || !looksPowerRanked(scan.rows)) return null;
    const above = scan.rows[index - 1]?.values.power ?? Number.POSITIVE_INFINITY;
    const below = scan.rows[index + 1]?.values.power ?? 0;
    if (!known(above) || !known(below)) return null;
    const digits = String(clean);
    const options: number[] = [];
    for (let i = 0; i < digits.length; i++)
      for (const d of ANY_LOOK_ALIKE.get(digits[i]!) ?? []) {
        if (i === 0 && d === '0') continue;
        const value = withDigit(clean, i, d);
        // Out of place as the check defines it: more than 10%, or more than 1% with this look-alike the
        // only value read again that fits between the neighbours.
        const gap = value > above ? (value - above) / above : (below - value) / below;
        const unique = candidatesWithin(misreadCandidates(value), below, above).suggested !== null;
        if (gap > RANK_ORDER_MARGIN || (gap > RANK_ORDER_MIN_GAP && unique)) options.push(value);
      }
    const injected = pick(options);
    return injected === undefined ? null : { field: 'power', clean, injected };
  },
};

function cloneSeries(series: readonly SeriesScan[]): SeriesScan[] {
  return series.map((scan) => ({
    ...scan,
    rows: scan.rows.map((row) => ({ ...row, values: { ...row.values } })),
  }));
}

function cleanGains(scan: SeriesScan, previous: SeriesScan): Map<CheckedField, number[]> {
  const before = new Map(previous.rows.map((row) => [row.governorId, row]));
  return kingdomGains({ rows: scan.rows, previous: before }) as Map<CheckedField, number[]>;
}

/**
 * `perKind` misreads of each kind (fewer when the series has no place for more), at places chosen from the
 * seed. The series given is not changed.
 */
export function injectMisreads(
  clean: readonly SeriesScan[],
  seed: number,
  perKind = 3,
): { series: SeriesScan[]; injections: Injection[] } {
  const series = cloneSeries(clean);
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T | undefined =>
    items.length === 0 ? undefined : items[Math.floor(next() * items.length)];
  const touched = new Set<number>();
  const injections: Injection[] = [];
  const previousRow = (k: number, governorId: number) =>
    clean[k - 1]!.rows.find((row) => row.governorId === governorId);

  for (const kind of INJECTED_KINDS) {
    let made = 0;
    for (let attempt = 0; attempt < 2000 && made < perKind; attempt++) {
      const k = 1 + Math.floor(next() * (series.length - 1));
      const scan = series[k]!;
      const index = Math.floor(next() * scan.rows.length);
      const row = scan.rows[index]!;
      const before = previousRow(k, row.governorId);
      if (!before || touched.has(row.governorId)) continue;
      if (kind === 'another_id') {
        const other = pick(scan.rows);
        if (!other || other === row || touched.has(other.governorId)) continue;
        const [a, b] = [before.values.power, other.values.power];
        if (!known(a) || !known(b) || Math.max(a, b) < 2 * Math.min(a, b)) continue;
        if (nameSimilarity(before.name, other.name) >= 0.5) continue;
        scan.rows[index] = {
          ...other,
          governorId: row.governorId,
          scanId: row.scanId,
          values: { ...other.values },
        };
        injections.push({
          kind,
          scanId: scan.scanId,
          governorId: row.governorId,
          field: 'governor',
          clean: null,
          injected: null,
        });
      } else {
        const change = ATTEMPTS[kind](
          { scan, index, row, before, gains: cleanGains(clean[k]!, clean[k - 1]!) },
          pick,
        );
        if (!change) continue;
        row.values[change.field as CheckedField] = change.injected;
        injections.push({ kind, scanId: scan.scanId, governorId: row.governorId, ...change });
      }
      touched.add(row.governorId);
      made++;
    }
  }
  return { series, injections };
}
