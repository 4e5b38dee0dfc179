import type { LinkedAccounts } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { selectLatestNames } from './store.ts';

/** The governor page's linked accounts (docs/farms.md): its main when it is a farm, its farms when it is a main. */
export async function selectLinkedAccounts(
  db: Kysely<Database>,
  kd: number,
  governorId: number,
): Promise<LinkedAccounts> {
  const rows = await db
    .selectFrom('account_links')
    .select(['farm_governor_id', 'main_governor_id'])
    .where('kingdom_kd', '=', kd)
    .where((eb) => eb.or([eb('farm_governor_id', '=', governorId), eb('main_governor_id', '=', governorId)]))
    .orderBy('farm_governor_id')
    .execute();
  const links = rows.map((row) => ({
    farmId: Number(row.farm_governor_id),
    mainId: Number(row.main_governor_id),
  }));
  if (links.length === 0) return { main: null, farms: [] };
  const names = await selectLatestNames(db, kd, [governorId, ...links.flatMap((l) => [l.farmId, l.mainId])]);
  const account = (id: number) => ({ governorId: id, name: names.get(id) ?? null });
  const asFarm = links.find((link) => link.farmId === governorId);
  return {
    main: asFarm ? account(asFarm.mainId) : null,
    farms: links.filter((link) => link.mainId === governorId).map((link) => account(link.farmId)),
  };
}
