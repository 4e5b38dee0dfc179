/**
 * The scanners' own identity: kill points = T1×0.2 + T2×2 + T3×4 + T4×10 + T5×20. RokTracker checks it with
 * floor(T1×0.2), other tools round; a row passes with either. When exactly one of the six values, read
 * again as a look-alike or with a lost digit, makes the row consistent, that value is the suggestion.
 */
import { FIELD_LABELS, knownNumber, shown } from './fields.ts';
import { misreadCandidates } from './look-alikes.ts';
import type { CheckedField, GovernorSnapshot, ValueFlag } from './types.ts';

export const KILL_POINT_WEIGHTS = {
  t1_kills: 0.2,
  t2_kills: 2,
  t3_kills: 4,
  t4_kills: 10,
  t5_kills: 20,
} as const;
type Tier = keyof typeof KILL_POINT_WEIGHTS;
const TIERS = Object.keys(KILL_POINT_WEIGHTS) as Tier[];
type Tiers = Record<Tier, number>;

/** Kill points from the tiers, both ways T1 is rounded: [floor, round]. */
export function killPointsFromTiers(tiers: Tiers): [number, number] {
  const rest = tiers.t2_kills * 2 + tiers.t3_kills * 4 + tiers.t4_kills * 10 + tiers.t5_kills * 20;
  return [rest + Math.floor(tiers.t1_kills * 0.2), rest + Math.round(tiers.t1_kills * 0.2)];
}

export function killPointsConsistent(killPoints: number, tiers: Tiers, tolerance: number): boolean {
  return killPointsFromTiers(tiers).some((expected) => Math.abs(killPoints - expected) <= tolerance);
}

/**
 * A file whose kill points disagree with its kills on more than this share of its rows (and more than
 * KILL_POINTS_DISAGREEING_MIN_ROWS of them) computes kill points some other way — another tool's sum, a column a
 * profile theme broke — rather than misreading them: its rows are not flagged one by one, which would bury the
 * real misreads (about one value in a thousand in the real series) under every row of the file.
 */
export const KILL_POINTS_DISAGREEING_MAX_SHARE = 0.1;
export const KILL_POINTS_DISAGREEING_MIN_ROWS = 20;

function knownTiers(row: GovernorSnapshot): Tiers | null {
  const tiers = {} as Tiers;
  for (const tier of TIERS) {
    const value = row.values[tier];
    if (!knownNumber(value)) return null;
    tiers[tier] = value;
  }
  return tiers;
}

/** The kill points and all five tiers are known and do not add up. */
export function killPointsDisagree(row: GovernorSnapshot, tolerance: number): boolean {
  const killPoints = row.values.kill_points;
  const tiers = knownTiers(row);
  return tiers !== null && knownNumber(killPoints) && !killPointsConsistent(killPoints, tiers, tolerance);
}

/** The identity checked over a scan's rows, unless so many disagree that the file sums another way. */
export function checkKillPointsIdentities(rows: readonly GovernorSnapshot[], tolerance: number): ValueFlag[] {
  const disagreeing = rows.filter((row) => killPointsDisagree(row, tolerance));
  const most = Math.max(KILL_POINTS_DISAGREEING_MIN_ROWS, rows.length * KILL_POINTS_DISAGREEING_MAX_SHARE);
  if (disagreeing.length > most) return [];
  return disagreeing.map((row) => checkKillPointsIdentity(row, tolerance)).filter((flag) => flag !== null);
}

export function checkKillPointsIdentity(row: GovernorSnapshot, tolerance: number): ValueFlag | null {
  const killPoints = row.values.kill_points;
  const tiers = knownTiers(row);
  if (tiers === null || !knownNumber(killPoints) || killPointsConsistent(killPoints, tiers, tolerance))
    return null;

  const [expected] = killPointsFromTiers(tiers);
  const explanations: { field: CheckedField; value: number; how: string }[] = [];
  for (const candidate of misreadCandidates(killPoints)) {
    if (killPointsConsistent(candidate.value, tiers, tolerance))
      explanations.push({ field: 'kill_points', value: candidate.value, how: candidate.how });
  }
  for (const tier of TIERS) {
    for (const candidate of misreadCandidates(tiers[tier])) {
      if (killPointsConsistent(killPoints, { ...tiers, [tier]: candidate.value }, tolerance))
        explanations.push({ field: tier, value: candidate.value, how: candidate.how });
    }
  }
  const base = `Kill points ${shown(killPoints)} do not match the kills (T1×0.2 + T2×2 + T3×4 + T4×10 + T5×20 = ${shown(expected)})`;
  if (explanations.length === 1) {
    const { field, value, how } = explanations[0]!;
    return {
      scanId: row.scanId,
      governorId: row.governorId,
      field,
      check: 'kill_points_identity',
      reason: `${base}; ${FIELD_LABELS[field]} ${shown(row.values[field]!)} looks like ${how}: ${shown(value)} makes them match.`,
      value: row.values[field]!,
      suggested: value,
    };
  }
  return {
    scanId: row.scanId,
    governorId: row.governorId,
    field: 'kill_points',
    check: 'kill_points_identity',
    reason: `${base}; no single misread digit explains it.`,
    value: killPoints,
    suggested: null,
  };
}
