import type { ScanFileResult } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FileCamp } from '../../import/whole-map.ts';

export type PlacedCamp = NonNullable<ScanFileResult['camps']>[number];

interface StoredCamp {
  id: number;
  name: string;
  members: Set<number>;
}

/**
 * A whole-map file's camps on the importing kingdom's KvK map (camps and camp_members, as Kingdom Management edits
 * them), in the import's transaction. Each camp of the file is matched to the stored camp holding most of its
 * kingdoms, else to the stored camp of its name, else created; the kingdoms the file puts in it move there from any
 * other camp. Stored members the file does not mention stay where they are; a camp left empty is removed.
 */
export async function placeFileCamps(
  trx: Kysely<Database>,
  kingdomKd: number,
  fileCamps: readonly FileCamp[],
): Promise<PlacedCamp[]> {
  if (fileCamps.length === 0) return [];
  const rows = await trx
    .selectFrom('camps as c')
    .leftJoin('camp_members as m', 'm.camp_id', 'c.id')
    .select(['c.id', 'c.name', 'm.member_kd'])
    .where('c.kingdom_kd', '=', kingdomKd)
    .orderBy('c.id')
    .execute();
  const stored = new Map<number, StoredCamp>();
  for (const row of rows) {
    const camp = stored.get(row.id) ?? { id: row.id, name: row.name, members: new Set<number>() };
    if (row.member_kd !== null) camp.members.add(row.member_kd);
    stored.set(row.id, camp);
  }
  const taken = new Set<number>();
  const placed: PlacedCamp[] = [];
  for (const fileCamp of fileCamps) {
    const free = [...stored.values()].filter((camp) => !taken.has(camp.id));
    let best: StoredCamp | undefined;
    let bestShared = 0;
    for (const camp of free) {
      const shared = fileCamp.kds.filter((kd) => camp.members.has(kd)).length;
      if (shared > bestShared) [best, bestShared] = [camp, shared];
    }
    best ??= free.find((camp) => camp.name === fileCamp.name);
    let status: PlacedCamp['status'] = 'matched';
    if (!best) {
      const names = new Set([...stored.values()].map((camp) => camp.name));
      const name = names.has(fileCamp.name) ? `${fileCamp.name} (map file)` : fileCamp.name;
      const { id } = await trx
        .insertInto('camps')
        .values({ kingdom_kd: kingdomKd, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      best = { id, name, members: new Set() };
      stored.set(id, best);
      status = 'created';
    }
    taken.add(best.id);
    const added = fileCamp.kds.filter((kd) => !best.members.has(kd));
    if (added.length > 0) {
      await trx
        .deleteFrom('camp_members')
        .where('kingdom_kd', '=', kingdomKd)
        .where('member_kd', 'in', added)
        .execute();
      await trx
        .insertInto('camp_members')
        .values(added.map((kd) => ({ camp_id: best.id, kingdom_kd: kingdomKd, member_kd: kd })))
        .execute();
      for (const camp of stored.values()) for (const kd of added) camp.members.delete(kd);
      for (const kd of added) best.members.add(kd);
    }
    placed.push({ name: best.name, status, kds: fileCamp.kds, added: status === 'created' ? [] : added });
  }
  // A camp whose kingdoms all moved would show as an empty card.
  await trx
    .deleteFrom('camps')
    .where('kingdom_kd', '=', kingdomKd)
    .where(
      'id',
      'not in',
      trx.selectFrom('camp_members').select('camp_id').where('kingdom_kd', '=', kingdomKd),
    )
    .execute();
  return placed;
}
