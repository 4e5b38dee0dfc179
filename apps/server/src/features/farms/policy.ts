import { applyFarmPolicy, type FarmLink, type FarmPolicy, farmPolicyText } from '@kingdom-stats/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fingerprint } from '../dashboard/context.ts';
import type { PeriodStat } from '../dashboard/queries.ts';
import { selectLinks, selectPolicy } from './store.ts';

/** What a dashboard needs to count farms as the kingdom chose (docs/farms.md). */
export interface KingdomFarms {
  policy: FarmPolicy;
  links: FarmLink[];
  /** A fingerprint of policy and links for cache keys: any change to either gives another key. */
  key: string;
}

/** Two small reads per dashboard request, like the formula and camp map the cache keys are made from. */
export async function loadKingdomFarms(db: Kysely<Database>, kd: number): Promise<KingdomFarms> {
  const [policy, links] = await Promise.all([selectPolicy(db, kd), selectLinks(db, kd)]);
  const plain = links.map(({ farmId, mainId }) => ({ farmId, mainId }));
  const text = farmPolicyText(policy, plain);
  return { policy, links: plain, key: text === 'counted' ? 'counted' : fingerprint([text]) };
}

/** A period's stats as the kingdom counts farms; `apart` lists farms kept with their main (no rank, no goal). */
export function applyKingdomFarms(
  stats: PeriodStat[],
  farms: KingdomFarms | undefined,
): { stats: PeriodStat[]; apart: Map<number, number> } {
  if (!farms || farms.policy.mode === 'counted') return { stats, apart: new Map() };
  return applyFarmPolicy(stats, farms.links, farms.policy);
}
