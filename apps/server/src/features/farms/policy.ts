import {
  applyFarmPolicy,
  type FarmLink,
  type FarmPolicy,
  type FarmStat,
  farmPolicyText,
} from '@kingdom-stats/core';
import type { DkpRow } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import { fingerprint } from '../../cache-key.ts';
import type { Database } from '../../db/schema.ts';
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
  return kingdomFarms(policy, links);
}

/** Policy and links (ordered by main, then farm, as selectLinks reads them) with their cache key. */
export function kingdomFarms(policy: FarmPolicy, links: readonly FarmLink[]): KingdomFarms {
  const plain = links.map(({ farmId, mainId }) => ({ farmId, mainId }));
  const text = farmPolicyText(policy, plain);
  return { policy, links: plain, key: text === 'counted' ? 'counted' : fingerprint([text]) };
}

/** A period's stats as the kingdom counts farms; `apart` lists farms kept with their main (no rank, no goal). */
export function applyKingdomFarms<T extends FarmStat>(
  stats: T[],
  farms: KingdomFarms | undefined,
): { stats: T[]; apart: Map<number, number> } {
  if (!farms || farms.policy.mode === 'counted') return { stats, apart: new Map() };
  return applyFarmPolicy(stats, farms.links, farms.policy);
}

/** 'apart' only: each linked farm's main (every link, whatever the period holds); empty for any other mode. */
export function farmsShownApart(farms: KingdomFarms | undefined): Map<number, number> {
  if (farms?.policy.mode !== 'apart') return new Map();
  return new Map(farms.links.map((link) => [link.farmId, link.mainId]));
}

/**
 * KD DKP rows of farms shown apart: no goal (so no Reached, no Dead or KP %) and their main's ID as 'Farm Of',
 * listed after every main in the order given (the rows come sorted by DKP), so no farm takes a main's rank.
 */
export function setFarmsApart(rows: DkpRow[], apart: ReadonlyMap<number, number>): DkpRow[] {
  if (apart.size === 0) return rows;
  const mains: DkpRow[] = [];
  const farms: DkpRow[] = [];
  for (const row of rows) {
    const main = apart.get(row['Governor ID']);
    if (main === undefined) {
      mains.push(row);
      continue;
    }
    farms.push({
      ...row,
      'DKP Goal': null,
      Reached: null,
      'Dead Goal': null,
      'KP Goal': null,
      'Dead %': null,
      'KP %': null,
      'Farm Of': main,
    });
  }
  return [...mains, ...farms];
}
