import type { Kysely } from 'kysely';
import type { Database, ScanKind } from '../../db/schema.ts';

/** A kingdom's scan as every reader of periods sees it: the dashboards, the governor page, reviews and movements. */
export interface ScanInfo {
  id: number;
  kind: ScanKind;
  takenAt: number;
  name: string;
  /** Changes to the scan's rows since it was stored (a kingdom's file added): part of every cache key. */
  revision: number;
  /** scans.incomplete_counters: JSON of the counters not every row knows ('{}': none). */
  incompleteCounters: string;
  /** Changes to the scan's value flags or corrections since it was stored (migration 0011). */
  reviewRevision: number;
}

/** Every scan of a kingdom, both kinds, oldest first: a few hundred rows at most, read on every request. */
export async function selectKingdomScans(db: Kysely<Database>, kd: number): Promise<ScanInfo[]> {
  const rows = await db
    .selectFrom('scans')
    .select(['id', 'kind', 'taken_at', 'name', 'revision', 'incomplete_counters', 'review_revision'])
    .where('kingdom_kd', '=', kd)
    .orderBy('taken_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    takenAt: Number(r.taken_at),
    name: r.name,
    revision: Number(r.revision),
    incompleteCounters: r.incomplete_counters,
    reviewRevision: Number(r.review_revision),
  }));
}
