import { describe, expect, it } from 'vitest';
import {
  addTier,
  convertTierType,
  deleteTier,
  editTierRange,
  type GoalTier,
  goalsForPower,
  isGoalInRange,
  MAX_TIER_GOAL,
  maxTierTo,
  nextTierFrom,
  readGoalTiers,
  tierForPower,
} from './goals.ts';

const tier = (from: number, to: number, extra: Partial<GoalTier> = {}): GoalTier => ({
  from,
  to,
  type: 'percentage',
  score_multiplier: 200,
  dead_multiplier: 1,
  kp_multiplier: 400,
  ...extra,
});

const three = [
  tier(0, 25),
  tier(25, 50, { score_multiplier: 250 }),
  tier(50, 100, { score_multiplier: 300 }),
];

function tiersOf(result: ReturnType<typeof addTier>): GoalTier[] {
  if (!result.ok) throw new Error(`expected ok, got "${result.error}"`);
  return result.tiers;
}

function errorOf(result: ReturnType<typeof addTier>): string {
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

describe('readGoalTiers', () => {
  it('migrates kd_multiplier to kp_multiplier and reads "above" as 110', () => {
    expect(readGoalTiers([{ from: '50', to: 'above', score_multiplier: '300', kd_multiplier: 5 }])).toEqual([
      {
        from: 50,
        to: 110,
        type: 'percentage',
        score_multiplier: 300,
        dead_multiplier: null,
        kp_multiplier: 5,
      },
    ]);
  });

  it('keeps kp_multiplier when both names are present and keeps a direct type', () => {
    expect(
      readGoalTiers([{ from: 0, to: 10, type: 'direct', kp_multiplier: 7, kd_multiplier: 5 }])[0],
    ).toMatchObject({
      type: 'direct',
      kp_multiplier: 7,
    });
  });

  it('gives nothing for something that is not a list', () => {
    expect(readGoalTiers({})).toEqual([]);
    expect(readGoalTiers(null)).toEqual([]);
  });
});

describe('addTier', () => {
  it('starts the new tier at the last To and inherits its goals and type', () => {
    const tiers = tiersOf(addTier([tier(0, 25, { type: 'direct', score_multiplier: 9 })], '60'));
    expect(tiers[1]).toEqual({ ...tier(25, 60), type: 'direct', score_multiplier: 9 });
  });

  it('uses the defaults DKP 200, Dead 1, KP 400 for the first tier', () => {
    expect(tiersOf(addTier([], 30))).toEqual([tier(0, 30)]);
    expect(nextTierFrom([])).toBe(0);
  });

  it.each([
    ['', 'To value is required'],
    [null, 'To value is required'],
    ['abc', 'To value must be a number'],
    ['25', 'To value must be greater than 25M'],
    ['10', 'To value must be greater than 25M'],
    ['10001', 'Maximum power limit is 10,000M'],
  ])('refuses To %j with "%s"', (input, message) => {
    expect(errorOf(addTier([tier(0, 25)], input))).toBe(message);
  });

  it('formats the bound with thousands separators', () => {
    expect(errorOf(addTier([tier(0, 1500)], 1000))).toBe('To value must be greater than 1,500M');
  });

  it('accepts the cap itself', () => {
    expect(tiersOf(addTier([tier(0, 25)], '10000')).at(-1)?.to).toBe(10000);
  });

  it('stops at 15 tiers', () => {
    let tiers: GoalTier[] = [];
    for (let i = 1; i <= 15; i++) tiers = tiersOf(addTier(tiers, i * 20));
    expect(tiers).toHaveLength(15);
    expect(errorOf(addTier(tiers, 1000))).toBe('Maximum 15 tiers reached');
  });
});

describe('editTierRange', () => {
  it('sets the next tier to start at the new To', () => {
    const tiers = tiersOf(editTierRange(three, 0, '0', '30'));
    expect(tiers.map((t) => [t.from, t.to])).toEqual([
      [0, 30],
      [30, 50],
      [50, 100],
    ]);
  });

  it.each([
    ['', '30', 'From value is required'],
    ['0', '', 'To value is required'],
    ['', '', 'From value is required'],
    ['x', 'y', 'From value must be a number'],
    ['0', 'y', 'To value must be a number'],
    ['30', '30', 'To value must be greater than From value'],
    ['0', '41', 'To value cannot be more than 40M (must leave at least 10M for next tier)'],
  ])('refuses From %j To %j with "%s"', (from, to, message) => {
    expect(errorOf(editTierRange(three, 0, from, to))).toBe(message);
  });

  it('allows the last tier up to 10,000M and no further', () => {
    expect(maxTierTo(three, 2)).toBe(10000);
    expect(tiersOf(editTierRange(three, 2, 50, 10000))[2]?.to).toBe(10000);
    expect(errorOf(editTierRange(three, 2, 50, 10001))).toBe(
      'To value cannot be more than 10,000M (must leave at least 10M for next tier)',
    );
  });

  it('allows exactly the 10M gap', () => {
    expect(tiersOf(editTierRange(three, 0, 0, 40))[1]).toMatchObject({ from: 40, to: 50 });
  });
});

describe('deleteTier', () => {
  it('refuses to delete the only tier', () => {
    expect(errorOf(deleteTier([tier(0, 25)], 0))).toBe('At least one power tier is required');
  });

  it('deleting the first tier makes the new first start at 0', () => {
    expect(tiersOf(deleteTier(three, 0)).map((t) => [t.from, t.to])).toEqual([
      [0, 50],
      [50, 100],
    ]);
  });

  it('deleting a middle tier extends the previous one to its To', () => {
    expect(tiersOf(deleteTier(three, 1)).map((t) => [t.from, t.to])).toEqual([
      [0, 50],
      [50, 100],
    ]);
  });

  it('deleting the last tier sets the previous To to 150', () => {
    expect(tiersOf(deleteTier(three, 2)).map((t) => [t.from, t.to])).toEqual([
      [0, 25],
      [25, 150],
    ]);
  });

  // Issue 14 bug 3: '150M – 150M' and '850M – 150M' tiers, which Save then refused.
  it('never makes a tier whose To is not above its From when the new last tier starts at or above 150M', () => {
    const high = [tier(0, 150), tier(150, 300), tier(300, 400)];
    expect(tiersOf(deleteTier(high, 2)).map((t) => [t.from, t.to])).toEqual([
      [0, 150],
      [150, 400],
    ]);
    const higher = [tier(0, 700), tier(700, 850), tier(850, 1000)];
    expect(tiersOf(deleteTier(higher, 2)).map((t) => [t.from, t.to])).toEqual([
      [0, 700],
      [700, 1000],
    ]);
  });
});

describe('readGoalTiers limits', () => {
  it('reads a stored goal outside 0 … MAX_TIER_GOAL as no goal, so a 1e308 save cannot break a page', () => {
    const [read] = readGoalTiers([
      {
        from: 0,
        to: 150,
        type: 'percentage',
        score_multiplier: 1e308,
        dead_multiplier: -5,
        kp_multiplier: 400,
      },
    ]);
    expect(read).toMatchObject({ score_multiplier: null, dead_multiplier: null, kp_multiplier: 400 });
    expect(goalsForPower([read!], 100_000_000)).toEqual({ dkp: null, dead: null, kp: 400_000_000 });
  });

  it('allows up to 100,000 % and 1,000,000M direct', () => {
    expect(isGoalInRange(MAX_TIER_GOAL.percentage, 'percentage')).toBe(true);
    expect(isGoalInRange(MAX_TIER_GOAL.percentage + 1, 'percentage')).toBe(false);
    expect(isGoalInRange(1_000_000, 'direct')).toBe(true);
    expect(isGoalInRange(-0.01, 'direct')).toBe(false);
  });
});

describe('convertTierType', () => {
  it('turns percentages into direct goals at the mid power, dead to two decimals', () => {
    // Mid power of 0–25M is 12.5M: 200% → 25M, 1% → 0.125M → 0.13, 400% → 50M.
    expect(convertTierType(tier(0, 25), 'direct')).toEqual({
      ...tier(0, 25),
      type: 'direct',
      score_multiplier: 25,
      dead_multiplier: 0.13,
      kp_multiplier: 50,
    });
  });

  it('rounds direct DKP and KP goals to whole numbers', () => {
    expect(convertTierType(tier(0, 25, { score_multiplier: 3 }), 'direct').score_multiplier).toBe(0);
    expect(convertTierType(tier(10, 25, { score_multiplier: 3 }), 'direct').score_multiplier).toBe(1);
  });

  it('turns direct goals back into percentages', () => {
    const direct = tier(0, 25, {
      type: 'direct',
      score_multiplier: 25,
      dead_multiplier: 0.13,
      kp_multiplier: 50,
    });
    expect(convertTierType(direct, 'percentage')).toMatchObject({
      type: 'percentage',
      score_multiplier: 200,
      dead_multiplier: 1.04,
      kp_multiplier: 400,
    });
  });

  it('leaves a tier alone when the type does not change, and keeps empty goals empty', () => {
    const t = tier(0, 25, { dead_multiplier: null });
    expect(convertTierType(t, 'percentage')).toBe(t);
    expect(convertTierType(t, 'direct').dead_multiplier).toBeNull();
  });
});

describe('goalsForPower', () => {
  it('finds the tier by base power in millions, from inclusive, to exclusive', () => {
    expect(tierForPower(three, 24_999_999)?.from).toBe(0);
    expect(tierForPower(three, 25_000_000)?.from).toBe(25);
    expect(tierForPower(three, 250_000_000)?.from).toBe(50);
  });

  it('computes percentage goals from base power', () => {
    expect(goalsForPower(three, 40_000_000)).toEqual({ dkp: 100_000_000, dead: 400_000, kp: 160_000_000 });
  });

  it('computes direct goals in millions', () => {
    const direct = [
      tier(0, 100, { type: 'direct', score_multiplier: 12, dead_multiplier: 0.5, kp_multiplier: null }),
    ];
    expect(goalsForPower(direct, 40_000_000)).toEqual({ dkp: 12_000_000, dead: 500_000, kp: null });
  });

  it('has no goals for unknown power or no tiers', () => {
    expect(goalsForPower(three, null)).toEqual({ dkp: null, dead: null, kp: null });
    expect(goalsForPower([], 5)).toEqual({ dkp: null, dead: null, kp: null });
  });
});
