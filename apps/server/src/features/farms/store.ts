import { type FarmLink, type FarmPolicy, readFarmPolicy } from '@kingdom-stats/core';
import type { Kysely, Transaction } from 'kysely';
import type { AccountLinkSource, Database } from '../../db/schema.ts';

/** The farm tables of migration 0009 (docs/farms.md): links, the kingdom's policy and pending suggestions. */

type Executor = Kysely<Database> | Transaction<Database>;

export interface StoredLink extends FarmLink {
  source: AccountLinkSource;
  createdAt: number;
}

export interface StoredSuggestion extends FarmLink {
  farmName: string;
  mainName: string;
  fileName: string;
  dismissed: boolean;
}

export async function selectLinks(db: Executor, kd: number): Promise<StoredLink[]> {
  const rows = await db
    .selectFrom('account_links')
    .select(['farm_governor_id', 'main_governor_id', 'source', 'created_at'])
    .where('kingdom_kd', '=', kd)
    .orderBy('main_governor_id')
    .orderBy('farm_governor_id')
    .execute();
  return rows.map((row) => ({
    farmId: Number(row.farm_governor_id),
    mainId: Number(row.main_governor_id),
    source: row.source,
    createdAt: Number(row.created_at),
  }));
}

export async function insertLink(
  db: Executor,
  kd: number,
  link: FarmLink,
  source: AccountLinkSource,
  userId: number | null,
  at: number,
): Promise<void> {
  await db
    .insertInto('account_links')
    .values({
      kingdom_kd: kd,
      farm_governor_id: link.farmId,
      main_governor_id: link.mainId,
      source,
      created_by: userId,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['kingdom_kd', 'farm_governor_id']).doNothing())
    .execute();
}

/** Removes a farm's link; answers whether there was one. */
export async function deleteLink(db: Executor, kd: number, farmId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('account_links')
    .where('kingdom_kd', '=', kd)
    .where('farm_governor_id', '=', farmId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The kingdom's policy; 'counted' (today's behaviour) until an admin chooses. */
export async function selectPolicy(db: Executor, kd: number): Promise<FarmPolicy> {
  const row = await db
    .selectFrom('farm_policies')
    .select(['mode', 'weight_pct'])
    .where('kingdom_kd', '=', kd)
    .executeTakeFirst();
  return row ? readFarmPolicy(row.mode, Number(row.weight_pct)) : readFarmPolicy(undefined, undefined);
}

export async function upsertPolicy(db: Executor, kd: number, policy: FarmPolicy, at: number): Promise<void> {
  const values = { mode: policy.mode, weight_pct: Math.round(policy.weight * 100), updated_at: at };
  await db
    .insertInto('farm_policies')
    .values({ kingdom_kd: kd, ...values })
    .onConflict((oc) => oc.column('kingdom_kd').doUpdateSet(values))
    .execute();
}

export async function selectSuggestions(db: Executor, kd: number): Promise<StoredSuggestion[]> {
  const rows = await db
    .selectFrom('farm_link_suggestions')
    .selectAll()
    .where('kingdom_kd', '=', kd)
    .orderBy('main_governor_id')
    .orderBy('farm_governor_id')
    .execute();
  return rows.map((row) => ({
    farmId: Number(row.farm_governor_id),
    mainId: Number(row.main_governor_id),
    farmName: row.farm_name,
    mainName: row.main_name,
    fileName: row.file_name,
    dismissed: Number(row.dismissed) === 1,
  }));
}

/**
 * Stores what a Rolled Up sheet says. A farm already suggested keeps its row when the main is the same (so a
 * dismissal stands); a farm now named under another main is suggested again, pending.
 */
export async function upsertSuggestions(
  db: Executor,
  kd: number,
  suggestions: readonly Omit<StoredSuggestion, 'dismissed'>[],
  at: number,
): Promise<void> {
  const stored = new Map((await selectSuggestions(db, kd)).map((s) => [s.farmId, s]));
  for (const s of suggestions) {
    const before = stored.get(s.farmId);
    if (before && before.mainId === s.mainId) continue;
    const values = {
      main_governor_id: s.mainId,
      farm_name: s.farmName,
      main_name: s.mainName,
      file_name: s.fileName,
      dismissed: 0,
      created_at: at,
    };
    await db
      .insertInto('farm_link_suggestions')
      .values({ kingdom_kd: kd, farm_governor_id: s.farmId, ...values })
      .onConflict((oc) => oc.columns(['kingdom_kd', 'farm_governor_id']).doUpdateSet(values))
      .execute();
  }
}

export async function markSuggestionsDismissed(db: Executor, kd: number, farmIds: readonly number[]) {
  if (farmIds.length === 0) return;
  await db
    .updateTable('farm_link_suggestions')
    .set({ dismissed: 1 })
    .where('kingdom_kd', '=', kd)
    .where('farm_governor_id', 'in', farmIds)
    .execute();
}

export async function deleteSuggestions(db: Executor, kd: number, farmIds: readonly number[]) {
  if (farmIds.length === 0) return;
  await db
    .deleteFrom('farm_link_suggestions')
    .where('kingdom_kd', '=', kd)
    .where('farm_governor_id', 'in', farmIds)
    .execute();
}

/** Each governor's latest name in the kingdom's scans (absent: no scan of the kingdom has it). */
export async function selectLatestNames(
  db: Executor,
  kd: number,
  governorIds: readonly number[],
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (governorIds.length === 0) return names;
  const rows = await db
    .selectFrom('governor_stats as g')
    .innerJoin('scans as s', 's.id', 'g.scan_id')
    .select(['g.governor_id', 'g.name', 's.taken_at'])
    .where('s.kingdom_kd', '=', kd)
    .where('g.governor_id', 'in', [...new Set(governorIds)])
    .orderBy('s.taken_at')
    .execute();
  // In time order: the last row seen for a governor is its latest name.
  for (const row of rows) names.set(Number(row.governor_id), row.name);
  return names;
}
