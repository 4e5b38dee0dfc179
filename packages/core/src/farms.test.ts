import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyFarmPolicy,
  DEFAULT_FARM_POLICY,
  type FarmLink,
  type FarmPolicy,
  farmPolicyText,
  linkRefusal,
  ROLLED_UP_GAINS,
  readFarmPolicy,
} from './farms.ts';

const COLUMNS = [...ROLLED_UP_GAINS, 'healed', 'rss_gathered'] as const;
type Stat = { governorId: number; gains: Record<string, number | null>; power: number | null };

const gainArb = fc.option(fc.integer({ min: 0, max: 1_000_000_000 }), { nil: null, freq: 5 });
const gainsArb = fc.record(
  Object.fromEntries(COLUMNS.map((c) => [c, gainArb])) as Record<string, typeof gainArb>,
);

/** Governors with distinct ids, and links whose farms and mains are disjoint (some to governors not present). */
const caseArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 0, maxLength: 25 })
  .chain((ids) =>
    fc.record({
      stats: fc.tuple(
        ...ids.map((id) =>
          fc.record({ gains: gainsArb, power: gainArb }).map((s) => ({ ...s, governorId: id })),
        ),
      ),
      farmFlags: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 60, maxLength: 60 }),
      mainPick: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 60, maxLength: 60 }),
    }),
  )
  .map(({ stats, farmFlags, mainPick }) => {
    // Ids 1..60: flag 0 makes a farm, the rest may be mains; a farm's main is picked among the non-farms.
    const farms = new Set<number>();
    for (let id = 1; id <= 60; id++) if (farmFlags[id - 1] === 0) farms.add(id);
    const mains = Array.from({ length: 60 }, (_, i) => i + 1).filter((id) => !farms.has(id));
    const links: FarmLink[] =
      mains.length === 0
        ? []
        : [...farms].map((farmId) => ({ farmId, mainId: mains[mainPick[farmId - 1]! % mains.length]! }));
    return { stats: stats as Stat[], links };
  });

const policyArb = fc.record({
  mode: fc.constantFrom('counted', 'excluded', 'apart', 'rolled-up' as const),
  weight: fc.integer({ min: 0, max: 100 }).map((pct) => pct / 100),
}) as fc.Arbitrary<FarmPolicy>;

/** The plain reading of docs/farms.md, written without the implementation's maps. */
function expected(stats: Stat[], links: FarmLink[], policy: FarmPolicy): Stat[] {
  const isFarm = (id: number) => links.some((l) => l.farmId === id);
  if (policy.mode === 'counted' || policy.mode === 'apart') return stats;
  const mains = stats.filter((s) => !isFarm(s.governorId));
  if (policy.mode === 'excluded') return mains;
  return mains.map((main) => {
    const farms = stats.filter((s) =>
      links.some((l) => l.farmId === s.governorId && l.mainId === main.governorId),
    );
    const gains = { ...main.gains };
    for (const column of ROLLED_UP_GAINS) {
      if (gains[column] === null) continue;
      const total = farms.reduce((sum, farm) => sum + (farm.gains[column] ?? 0), 0);
      gains[column] = gains[column]! + Math.round(policy.weight * total);
    }
    return { ...main, gains };
  });
}

describe('applyFarmPolicy', () => {
  it('matches the plain computation for every policy', () => {
    fc.assert(
      fc.property(caseArb, policyArb, ({ stats, links }, policy) => {
        const result = applyFarmPolicy(stats, links, policy);
        expect(result.stats).toEqual(expected(stats, links, policy));
      }),
    );
  });

  it('never changes power, healed or resources, and never changes its input', () => {
    fc.assert(
      fc.property(caseArb, policyArb, ({ stats, links }, policy) => {
        const before = JSON.parse(JSON.stringify(stats)) as Stat[];
        const result = applyFarmPolicy(stats, links, policy);
        expect(stats).toEqual(before);
        for (const row of result.stats) {
          const original = stats.find((s) => s.governorId === row.governorId)!;
          expect(row.power).toBe(original.power);
          expect(row.gains.healed).toBe(original.gains.healed);
          expect(row.gains.rss_gathered).toBe(original.gains.rss_gathered);
        }
      }),
    );
  });

  it('apart keeps every row and marks exactly the linked farms present', () => {
    fc.assert(
      fc.property(caseArb, ({ stats, links }) => {
        const result = applyFarmPolicy(stats, links, { mode: 'apart', weight: 1 });
        expect(result.stats).toEqual(stats);
        const marked = stats.flatMap((s) => {
          const link = links.find((l) => l.farmId === s.governorId);
          return link ? [[s.governorId, link.mainId] as const] : [];
        });
        expect([...result.apart]).toEqual(marked);
      }),
    );
  });

  it('rolls 20 % of a farm into its main, rounding the added part', () => {
    const gains = (kp: number | null, dead: number | null) => ({ kill_points: kp, dead, t4_kills: 3 });
    const stats = [
      { governorId: 1, gains: gains(1000, 10) },
      { governorId: 2, gains: gains(501, null) },
      { governorId: 3, gains: gains(null, 7) },
    ];
    const result = applyFarmPolicy(stats, [{ farmId: 2, mainId: 1 }], { mode: 'rolled-up', weight: 0.2 });
    expect(result.stats).toEqual([
      { governorId: 1, gains: { kill_points: 1100, dead: 10, t4_kills: 4 } },
      { governorId: 3, gains: gains(null, 7) },
    ]);
  });

  it('changes nothing by default', () => {
    const stats = [{ governorId: 1, gains: { dead: 5 } }];
    expect(applyFarmPolicy(stats, [{ farmId: 1, mainId: 2 }], DEFAULT_FARM_POLICY).stats).toEqual(stats);
  });
});

describe('readFarmPolicy', () => {
  it('reads stored values tolerantly', () => {
    expect(readFarmPolicy('rolled-up', 20)).toEqual({ mode: 'rolled-up', weight: 0.2 });
    expect(readFarmPolicy('nonsense', 250)).toEqual({ mode: 'counted', weight: 1 });
    expect(readFarmPolicy('apart', -5)).toEqual({ mode: 'apart', weight: 0 });
    expect(readFarmPolicy(undefined, undefined)).toEqual(DEFAULT_FARM_POLICY);
  });
});

describe('farmPolicyText', () => {
  it('changes with the links and the policy, not with the links order', () => {
    const a = { farmId: 1, mainId: 2 };
    const b = { farmId: 3, mainId: 2 };
    const policy: FarmPolicy = { mode: 'excluded', weight: 1 };
    expect(farmPolicyText(policy, [a, b])).toBe(farmPolicyText(policy, [b, a]));
    expect(farmPolicyText(policy, [a])).not.toBe(farmPolicyText(policy, [a, b]));
    expect(farmPolicyText(policy, [a])).not.toBe(farmPolicyText({ mode: 'rolled-up', weight: 1 }, [a]));
    expect(farmPolicyText({ mode: 'rolled-up', weight: 0.2 }, [a])).not.toBe(
      farmPolicyText({ mode: 'rolled-up', weight: 0.3 }, [a]),
    );
  });
});

describe('linkRefusal', () => {
  const links = [{ farmId: 10, mainId: 1 }];
  it('refuses self links, a second main, farms of farms and farms with farms', () => {
    expect(linkRefusal(links, 5, 5)).toMatch(/its own farm/);
    expect(linkRefusal(links, 10, 2)).toMatch(/already a farm of 1/);
    expect(linkRefusal(links, 1, 3)).toMatch(/farm cannot have farms/);
    expect(linkRefusal(links, 11, 10)).toMatch(/itself a farm/);
  });
  it('accepts a new farm of an existing main, and the same link again', () => {
    expect(linkRefusal(links, 11, 1)).toBeNull();
    expect(linkRefusal(links, 10, 1)).toBeNull();
  });
});
