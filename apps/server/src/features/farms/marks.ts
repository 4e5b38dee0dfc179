import type { FarmMarks } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { selectLatestNames } from './store.ts';

/**
 * The farms among the given governors and their mains, for a kingdom that shows farms apart (docs/farms.md, "Main
 * dashboard"; the caller knows the policy from the kingdom's context); undefined when none of them is a farm, so such
 * answers are as they were.
 *
 * Cheap whatever the page's size: a screen's page looks its rows' links up by key; an export's page (up to 50,000
 * rows) reads the kingdom's links whole (they are few) and matches them in memory, with no long IN list. Names are
 * read only for the mains of the farms found.
 */
export async function farmMarksFor(
  db: Kysely<Database>,
  kd: number,
  governorIds: readonly number[],
): Promise<FarmMarks | undefined> {
  if (governorIds.length === 0) return undefined;
  const links = await pageLinks(db, kd, governorIds);
  if (links.length === 0) return undefined;
  const names = await mainNames(
    db,
    kd,
    links.map((link) => link.mainId),
  );
  const marks: FarmMarks = {};
  for (const link of links) {
    marks[String(link.farmId)] = { mainId: link.mainId, mainName: names.get(link.mainId) ?? null };
  }
  return marks;
}

/** Up to this many rows (a screen's page), their links are looked up by key; an export's page reads them all. */
const LOOKUP_ROWS = 500;

/** The links whose farm is one of the rows: by the key (kingdom, farm) for a page, else all of the kingdom's. */
async function pageLinks(
  db: Kysely<Database>,
  kd: number,
  governorIds: readonly number[],
): Promise<{ farmId: number; mainId: number }[]> {
  const wanted = new Set(governorIds);
  let query = db
    .selectFrom('account_links')
    .select(['farm_governor_id', 'main_governor_id'])
    .where('kingdom_kd', '=', kd);
  if (wanted.size <= LOOKUP_ROWS) query = query.where('farm_governor_id', 'in', [...wanted]);
  const rows = await query.execute();
  return rows
    .map((row) => ({ farmId: Number(row.farm_governor_id), mainId: Number(row.main_governor_id) }))
    .filter((link) => wanted.has(link.farmId));
}

/**
 * Each main's latest name in the kingdom's scans. Most mains are in the kingdom's newest scan: their names are read
 * there by its key (scan, governor); only the others are looked up across every scan, which reads all their rows.
 */
async function mainNames(
  db: Kysely<Database>,
  kd: number,
  mainIds: readonly number[],
): Promise<Map<number, string>> {
  const ids = [...new Set(mainIds)];
  const newest = await db
    .selectFrom('scans')
    .select('id')
    .where('kingdom_kd', '=', kd)
    .orderBy('taken_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (newest === undefined) return new Map();
  const rows = await db
    .selectFrom('governor_stats')
    .select(['governor_id', 'name'])
    .where('scan_id', '=', newest.id)
    .where('governor_id', 'in', ids)
    .execute();
  const names = new Map(rows.map((row) => [Number(row.governor_id), row.name]));
  const missing = ids.filter((id) => !names.has(id));
  if (missing.length > 0) {
    for (const [id, name] of await selectLatestNames(db, kd, missing)) names.set(id, name);
  }
  return names;
}
