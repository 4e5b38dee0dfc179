import {
  ABOVE_POWER_M,
  LAST_TIER_DELETE_TO_M,
  MAX_GOAL_TIERS,
  TIER_MIN_GAP_M,
  TIER_POWER_MAX_M,
} from './constants.ts';

/**
 * Power-tier goals (SPEC §3 "Goal tier", §4, §5, §9). A tier covers base power from `from` to `to`, in millions, and
 * sets the DKP, dead and kill-point goals of the governors in it: as a percentage of their base power, or as a direct
 * number (in millions, like the tier bounds).
 */

export type GoalType = 'direct' | 'percentage';

export interface GoalTier {
  from: number;
  to: number;
  type: GoalType;
  score_multiplier: number | null;
  dead_multiplier: number | null;
  kp_multiplier: number | null;
}

export const DEFAULT_GOAL_TYPE: GoalType = 'percentage';
export const DEFAULT_TIER_GOALS = { score_multiplier: 200, dead_multiplier: 1, kp_multiplier: 400 } as const;

/**
 * The largest goal a tier may set (the smallest is 0): 100,000 % of base power (a thousand times it), or
 * 1,000,000M as a direct number. Far above any real goal (SPEC's defaults are 200 % DKP, 400 % KP), and small
 * enough that a goal times the largest stored power stays a finite, exact-enough number: a goal of 1e308 made
 * every governor's goal Infinity and broke the KvK DKP page.
 */
export const MAX_TIER_GOAL: Readonly<Record<GoalType, number>> = { percentage: 100_000, direct: 1_000_000 };

/** Whether a goal of this type is within 0 … MAX_TIER_GOAL. */
export function isGoalInRange(value: number, type: GoalType): boolean {
  return Number.isFinite(value) && value >= 0 && value <= MAX_TIER_GOAL[type];
}

/**
 * Why a tier change was refused, stable across languages (the web app shows its own words; `error` stays English).
 * Params: `max`, `from`, `gap` in millions.
 */
export type TierErrorCode =
  | 'maxTiers'
  | 'invalidTier'
  | 'fromRequired'
  | 'toRequired'
  | 'fromNotNumber'
  | 'toNotNumber'
  | 'toAboveStart'
  | 'toAboveFrom'
  | 'powerMax'
  | 'toLeavesGap'
  | 'lastTier';

export type TierResult =
  | { ok: true; tiers: GoalTier[] }
  | { ok: false; error: string; code: TierErrorCode; params?: Readonly<Record<string, number>> };

const refused = (code: TierErrorCode, error: string, params?: Record<string, number>): TierResult =>
  params ? { ok: false, error, code, params } : { ok: false, error, code };

/** Bounds are stored as numbers, but old saves hold text and 'above' (SPEC: 'above' means 110). */
function readBound(value: unknown, fallback: number): number {
  if (value === 'above') return ABOVE_POWER_M;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

/** A stored goal; one outside the limits (saved before they existed) reads as no goal, so it cannot break a page. */
function readGoal(value: unknown, type: GoalType): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && isGoalInRange(n, type) ? n : null;
}

/**
 * Reads stored tiers leniently, as the editor loads them: `kd_multiplier`, the old name of the KP goal, becomes
 * `kp_multiplier`; a missing type is a percentage.
 */
export function readGoalTiers(raw: unknown): GoalTier[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((t): t is Record<string, unknown> => t !== null && typeof t === 'object')
    .map((t) => {
      const type: GoalType = t.type === 'direct' ? 'direct' : DEFAULT_GOAL_TYPE;
      return {
        from: readBound(t.from, 0),
        to: readBound(t.to, ABOVE_POWER_M),
        type,
        score_multiplier: readGoal(t.score_multiplier, type),
        dead_multiplier: readGoal(t.dead_multiplier, type),
        kp_multiplier: readGoal(t.kp_multiplier ?? t.kd_multiplier, type),
      };
    });
}

type TierInput = string | number | null | undefined;

function isBlank(input: TierInput): boolean {
  return input === null || input === undefined || String(input).trim() === '';
}

function toNumber(input: TierInput): number | null {
  const n = Number(input);
  return Number.isFinite(n) ? n : null;
}

function formatMillions(n: number): string {
  return n.toLocaleString('en-US');
}

/** The From value the Add New Tier modal shows, fixed: the last tier's To (0 when there is none). */
export function nextTierFrom(tiers: readonly GoalTier[]): number {
  return tiers.at(-1)?.to ?? 0;
}

export function canAddTier(tiers: readonly GoalTier[]): boolean {
  return tiers.length < MAX_GOAL_TIERS;
}

/** SPEC §5 "Add tier": the new tier starts at the last tier's To and inherits its goals and type. */
export function addTier(tiers: readonly GoalTier[], toInput: TierInput): TierResult {
  if (!canAddTier(tiers))
    return refused('maxTiers', `Maximum ${MAX_GOAL_TIERS} tiers reached`, { max: MAX_GOAL_TIERS });
  if (isBlank(toInput)) return refused('toRequired', 'To value is required');
  const to = toNumber(toInput);
  if (to === null) return refused('toNotNumber', 'To value must be a number');
  const from = nextTierFrom(tiers);
  if (to <= from)
    return refused('toAboveStart', `To value must be greater than ${formatMillions(from)}M`, { from });
  if (to > TIER_POWER_MAX_M)
    return refused('powerMax', 'Maximum power limit is 10,000M', { max: TIER_POWER_MAX_M });
  const last = tiers.at(-1);
  const tier: GoalTier = {
    from,
    to,
    type: last?.type ?? DEFAULT_GOAL_TYPE,
    score_multiplier: last?.score_multiplier ?? DEFAULT_TIER_GOALS.score_multiplier,
    dead_multiplier: last?.dead_multiplier ?? DEFAULT_TIER_GOALS.dead_multiplier,
    kp_multiplier: last?.kp_multiplier ?? DEFAULT_TIER_GOALS.kp_multiplier,
  };
  return { ok: true, tiers: [...tiers, tier] };
}

/** The highest To the Edit modal accepts: 10M below the next tier's To, or the power cap for the last tier. */
export function maxTierTo(tiers: readonly GoalTier[], index: number): number {
  const next = tiers[index + 1];
  return next ? next.to - TIER_MIN_GAP_M : TIER_POWER_MAX_M;
}

/** SPEC §5 "Edit tier"; the next tier then starts where this one now ends. */
export function editTierRange(
  tiers: readonly GoalTier[],
  index: number,
  fromInput: TierInput,
  toInput: TierInput,
): TierResult {
  const tier = tiers[index];
  if (!tier) return refused('invalidTier', 'Invalid tier');
  // SPEC §5 lists the messages in this order: both "required" before either "must be a number".
  if (isBlank(fromInput)) return refused('fromRequired', 'From value is required');
  if (isBlank(toInput)) return refused('toRequired', 'To value is required');
  const from = toNumber(fromInput);
  if (from === null) return refused('fromNotNumber', 'From value must be a number');
  const to = toNumber(toInput);
  if (to === null) return refused('toNotNumber', 'To value must be a number');
  if (to <= from) return refused('toAboveFrom', 'To value must be greater than From value');
  const max = maxTierTo(tiers, index);
  if (to > max) {
    return refused(
      'toLeavesGap',
      `To value cannot be more than ${formatMillions(max)}M (must leave at least ${TIER_MIN_GAP_M}M for next tier)`,
      { max, gap: TIER_MIN_GAP_M },
    );
  }
  const next = tiers.slice();
  next[index] = { ...tier, from, to };
  const following = next[index + 1];
  if (following) next[index + 1] = { ...following, from: to };
  return { ok: true, tiers: next };
}

/**
 * SPEC §4 tier deletion: neighbours close the gap; the last remaining tier cannot go. Deleting the last tier sets
 * the new last tier's To to 150M (SPEC) only when that is above its From; otherwise it takes the deleted tier's To,
 * so no tier ever ends at or below where it starts (docs/decisions.md).
 */
export function deleteTier(tiers: readonly GoalTier[], index: number): TierResult {
  if (tiers.length <= 1) return refused('lastTier', 'At least one power tier is required');
  const tier = tiers[index];
  if (!tier) return refused('invalidTier', 'Invalid tier');
  const next = tiers.filter((_, i) => i !== index);
  if (index === 0) {
    next[0] = { ...next[0]!, from: 0 };
  } else if (index === tiers.length - 1) {
    const previous = next[index - 1]!;
    const to = previous.from < LAST_TIER_DELETE_TO_M ? LAST_TIER_DELETE_TO_M : tier.to;
    next[index - 1] = { ...previous, to };
  } else {
    next[index - 1] = { ...next[index - 1]!, to: tier.to };
  }
  return { ok: true, tiers: next };
}

export function tierMidPower(tier: GoalTier): number {
  return (tier.from + tier.to) / 2;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * SPEC §4: changing a tier's type converts its goals at the tier's mid power, so the goal means the same for a
 * governor in the middle of the tier. Direct goals are in millions; dead goals keep two decimals, others are whole.
 */
export function convertTierType(tier: GoalTier, type: GoalType): GoalTier {
  if (tier.type === type) return tier;
  const mid = tierMidPower(tier);
  const convert = (goal: number | null, decimals: number): number | null => {
    if (goal === null) return null;
    if (type === 'direct') return round((mid * goal) / 100, decimals);
    return mid === 0 ? 0 : round((goal / mid) * 100, decimals);
  };
  return {
    ...tier,
    type,
    score_multiplier: convert(tier.score_multiplier, 0),
    dead_multiplier: convert(tier.dead_multiplier, 2),
    kp_multiplier: convert(tier.kp_multiplier, 0),
  };
}

/** The tier a base power (in units, not millions) falls in: from ≤ power < to; the last tier also takes anything above. */
export function tierForPower(tiers: readonly GoalTier[], basePower: number): GoalTier | null {
  const millions = basePower / 1_000_000;
  const found = tiers.find((t) => millions >= t.from && millions < t.to);
  if (found) return found;
  const last = tiers.at(-1);
  return last && millions >= last.to ? last : null;
}

export interface GovernorGoals {
  dkp: number | null;
  dead: number | null;
  kp: number | null;
}

/** A governor's goals from the tier of their base power: a percentage of base power, or direct millions. */
export function goalsForPower(tiers: readonly GoalTier[], basePower: number | null): GovernorGoals {
  const none = { dkp: null, dead: null, kp: null };
  if (basePower === null) return none;
  const tier = tierForPower(tiers, basePower);
  if (!tier) return none;
  const goal = (value: number | null) => {
    if (value === null) return null;
    return Math.round(tier.type === 'percentage' ? (basePower * value) / 100 : value * 1_000_000);
  };
  return { dkp: goal(tier.score_multiplier), dead: goal(tier.dead_multiplier), kp: goal(tier.kp_multiplier) };
}

/**
 * The goals a kingdom starts with until its leaders save their own: one percentage tier from 0 to 150M (the last
 * tier also takes every power above it) with SPEC §9's new-tier defaults.
 */
export const DEFAULT_GOAL_TIERS: readonly GoalTier[] = [
  { from: 0, to: 150, type: DEFAULT_GOAL_TYPE, ...DEFAULT_TIER_GOALS },
];
