import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Governor } from './governors.ts';
import type { Rng } from './random.ts';
import { DEMO_KD, DEMO_KDS } from './timeline.ts';

/**
 * Farm links for the demo (docs/farms.md), stored for the demo kingdom (DEMO_KD), whose scans hold the whole map: in
 * every home kingdom of the map most farm accounts are linked to a main account of the same home kingdom, the way
 * admins record them: a big fighting account (whale or main) keeps one to three farms,
 * bigger accounts more often. About one farm in five is left unlinked (nobody told the admins). The kingdoms' farm
 * policy stays 'counted', so the demo's dashboards keep their numbers until a visitor's admin changes it.
 */
export function demoFarmLinks(rng: Rng, population: readonly Governor[]) {
  const links: { kd: number; farmId: number; mainId: number }[] = [];
  const lastScan = population.reduce((most, g) => Math.max(most, g.lastScan), -Infinity);
  for (const kd of DEMO_KDS) {
    const r = rng.fork(`kingdom-${kd}`);
    // Accounts there all season (no arrivals, departures or migrations); mains never zeroed.
    const settled = population.filter(
      (g) => g.homeKd === kd && g.firstScan === 0 && g.lastScan === lastScan && !g.migration,
    );
    const mains = settled
      .filter((g) => (g.archetype === 'whale' || g.archetype === 'main') && g.zeroAt === null)
      .sort((a, b) => b.power - a.power || a.id - b.id);
    const farms = settled.filter((g) => g.archetype === 'farm').sort((a, b) => a.id - b.id);
    const farmCount = new Map<number, number>();
    for (const farm of farms) {
      if (mains.length === 0 || r.chance(0.2)) continue;
      // Favour the top of the power list: the index of a square of a uniform number.
      const candidates = mains.filter((m) => (farmCount.get(m.id) ?? 0) < 3 && m.power >= 2 * farm.power);
      if (candidates.length === 0) continue;
      const main = candidates[Math.floor(r.float(0, 1) ** 2 * candidates.length)]!;
      farmCount.set(main.id, (farmCount.get(main.id) ?? 0) + 1);
      links.push({ kd, farmId: farm.id, mainId: main.id });
    }
  }
  return links;
}

export async function insertDemoFarmLinks(
  trx: Transaction<Database>,
  rng: Rng,
  population: readonly Governor[],
  at: number,
): Promise<number> {
  const links = demoFarmLinks(rng, population);
  if (links.length > 0) {
    await trx
      .insertInto('account_links')
      .values(
        links.map((link) => ({
          kingdom_kd: DEMO_KD,
          farm_governor_id: link.farmId,
          main_governor_id: link.mainId,
          source: 'admin' as const,
          created_by: null,
          created_at: at,
        })),
      )
      .execute();
  }
  return links.length;
}
