import type { FarmMarks } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { selectLatestNames, selectLinks, selectPolicy } from './store.ts';

/**
 * The farms among the given governors and their mains, when the kingdom shows farms apart (docs/farms.md, "Main
 * dashboard"); undefined in any other mode or when none of them is a farm, so such answers are as they were.
 *
 * Cheap whatever the page's size (an export's page holds up to 50,000 rows): the kingdom's links are few and read
 * whole, then matched against the rows in memory (no IN list of the page's IDs); names are read only for the mains
 * of the farms found.
 */
export async function farmMarksFor(
  db: Kysely<Database>,
  kd: number,
  governorIds: readonly number[],
): Promise<FarmMarks | undefined> {
  if (governorIds.length === 0) return undefined;
  const policy = await selectPolicy(db, kd);
  if (policy.mode !== 'apart') return undefined;
  const wanted = new Set(governorIds);
  const links = (await selectLinks(db, kd)).filter((link) => wanted.has(link.farmId));
  if (links.length === 0) return undefined;
  const names = await selectLatestNames(
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

/** A main dashboard answer: its rows, keyed by 'Gov ID'. */
interface MarkableAnswer {
  playerData: readonly { 'Gov ID': number }[];
  farmMarks?: FarmMarks | undefined;
}

/**
 * The answer with `farmMarks` for its rows added when the kingdom shows farms apart. Like the review marks, the route
 * adds them to the answer the service built, so the service's caches (and their keys) never hold them; the numbers
 * are the service's, untouched. `kd` is the path's, already checked by the service with the access code.
 */
export async function withFarmMarks<T extends MarkableAnswer>(
  db: Kysely<Database>,
  kd: string | number,
  answer: T,
): Promise<T> {
  const marks = await farmMarksFor(
    db,
    Number(kd),
    answer.playerData.map((row) => row['Gov ID']),
  );
  return marks === undefined ? answer : { ...answer, farmMarks: marks };
}
