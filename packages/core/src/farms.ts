/**
 * Farm and alt accounts (issue 13 item 3, docs/farms.md): how a kingdom's dashboards count accounts linked to a
 * main account. Pure: the server applies it to a period's per-governor gains before rows are built, so DKP, goals,
 * rankings and exports all follow one reading.
 */

export const FARM_MODES = ['counted', 'excluded', 'apart', 'rolled-up'] as const;
export type FarmMode = (typeof FARM_MODES)[number];

export interface FarmPolicy {
  mode: FarmMode;
  /** 0..1, the share of a farm's kills and deaths added to its main; used by 'rolled-up' only. */
  weight: number;
}

/** Today's behaviour: a farm is a governor like any other until the kingdom chooses otherwise. */
export const DEFAULT_FARM_POLICY: FarmPolicy = { mode: 'counted', weight: 1 };

export const FARM_MODE_LABELS: Record<FarmMode, string> = {
  counted: 'Counted like any governor',
  excluded: 'Excluded from the dashboards',
  apart: 'Shown apart (no rank, no goal)',
  'rolled-up': "Rolled into the main's kills and deaths",
};

/**
 * The gains a rolled-up farm adds to its main: kills and deaths only. Never power (a farm's power is not the
 * main's army), nor healed (healing is the farm's own hospital and gives no kill or death), nor resources or helps.
 */
export const ROLLED_UP_GAINS = [
  'kill_points',
  't1_kills',
  't2_kills',
  't3_kills',
  't4_kills',
  't5_kills',
  'dead',
  't4_dead',
  't5_dead',
] as const;
export type RolledUpGain = (typeof ROLLED_UP_GAINS)[number];

export interface FarmLink {
  farmId: number;
  mainId: number;
}

/** One governor of a period: its id and its gains keyed as the server's period read keys them. */
export interface FarmStat {
  governorId: number;
  gains: Partial<Record<string, number | null>>;
}

export interface FarmPolicyResult<T extends FarmStat> {
  /** The period's governors as the policy counts them, in their input order. */
  stats: T[];
  /** 'apart' only: each farm kept in `stats` and its main's id (no rank, no goal, a "Farm of" mark). */
  apart: Map<number, number>;
}

/** A stored mode and weight in percent read tolerantly: anything unknown is the default, the weight clamped. */
export function readFarmPolicy(mode: unknown, weightPct: unknown): FarmPolicy {
  const known = FARM_MODES.find((m) => m === mode) ?? DEFAULT_FARM_POLICY.mode;
  const pct = typeof weightPct === 'number' && Number.isFinite(weightPct) ? weightPct : 100;
  return { mode: known, weight: Math.min(100, Math.max(0, Math.round(pct))) / 100 };
}

/** A stable text of a policy and its links, for cache keys (a change of either changes it). */
export function farmPolicyText(policy: FarmPolicy, links: readonly FarmLink[]): string {
  if (policy.mode === 'counted') return 'counted';
  const pairs = links.map((link) => `${link.farmId}>${link.mainId}`).sort();
  return `${policy.mode}:${policy.weight}:${pairs.join(',')}`;
}

/**
 * Applies a policy to a period's stats (pure; the input is not changed):
 * - counted: unchanged;
 * - excluded: farm rows dropped;
 * - apart: farm rows kept and listed in `apart` with their main;
 * - rolled-up: each main present gains round(weight × the sum of its farms' known gains) in ROLLED_UP_GAINS (an
 *   unknown main gain stays unknown; a farm's unknown gain adds nothing); farm rows dropped, as their kills and
 *   deaths are now counted in the main's row and would otherwise count twice in totals.
 */
export function applyFarmPolicy<T extends FarmStat>(
  stats: readonly T[],
  links: readonly FarmLink[],
  policy: FarmPolicy,
): FarmPolicyResult<T> {
  const apart = new Map<number, number>();
  if (policy.mode === 'counted' || links.length === 0) return { stats: [...stats], apart };
  const mainOf = new Map(links.map((link) => [link.farmId, link.mainId]));
  if (policy.mode === 'apart') {
    for (const stat of stats) {
      const main = mainOf.get(stat.governorId);
      if (main !== undefined) apart.set(stat.governorId, main);
    }
    return { stats: [...stats], apart };
  }
  const kept = stats.filter((stat) => !mainOf.has(stat.governorId));
  if (policy.mode === 'excluded') return { stats: kept, apart };
  const farmSums = sumFarmGains(stats, mainOf);
  return {
    stats: kept.map((stat) => {
      const sums = farmSums.get(stat.governorId);
      return sums ? rollUp(stat, sums, policy.weight) : stat;
    }),
    apart,
  };
}

/** Per main: the sum of its farms' known gains in each ROLLED_UP_GAINS column (absent: no farm knew it). */
function sumFarmGains(
  stats: readonly FarmStat[],
  mainOf: ReadonlyMap<number, number>,
): Map<number, Partial<Record<RolledUpGain, number>>> {
  const sums = new Map<number, Partial<Record<RolledUpGain, number>>>();
  for (const stat of stats) {
    const main = mainOf.get(stat.governorId);
    if (main === undefined) continue;
    const sum = sums.get(main) ?? {};
    for (const column of ROLLED_UP_GAINS) {
      const gain = stat.gains[column];
      if (gain !== null && gain !== undefined) sum[column] = (sum[column] ?? 0) + gain;
    }
    sums.set(main, sum);
  }
  return sums;
}

function rollUp<T extends FarmStat>(stat: T, sums: Partial<Record<RolledUpGain, number>>, weight: number): T {
  const gains = { ...stat.gains };
  for (const column of ROLLED_UP_GAINS) {
    const own = gains[column];
    const farms = sums[column];
    if (own === null || own === undefined || farms === undefined) continue;
    gains[column] = own + Math.round(weight * farms);
  }
  return { ...stat, gains };
}

/**
 * Why a new link cannot be made, in words for an admin, or null when it can. A farm has one main, a farm is never
 * a main, and a main is never a farm: links never chain.
 */
export function linkRefusal(links: readonly FarmLink[], farmId: number, mainId: number): string | null {
  if (farmId === mainId) return 'An account cannot be its own farm.';
  const existing = links.find((link) => link.farmId === farmId);
  if (existing && existing.mainId !== mainId)
    return `Governor ${farmId} is already a farm of ${existing.mainId}; remove that link first.`;
  if (links.some((link) => link.mainId === farmId))
    return `Governor ${farmId} is a main account with farms of its own; a farm cannot have farms.`;
  if (links.some((link) => link.farmId === mainId))
    return `Governor ${mainId} is itself a farm; link to its main account instead.`;
  return null;
}
