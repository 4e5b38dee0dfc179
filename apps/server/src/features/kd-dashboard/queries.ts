import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The KD DKP dashboard's SQL beyond the period rows it shares with the main dashboard (dashboard/queries.ts). */

export interface HohRecord {
  governorId: number;
  t4: number | null;
  t5: number | null;
}

export async function selectHohRecords(
  db: Kysely<Database>,
  kd: number,
  kvkNumber: number,
): Promise<HohRecord[]> {
  const rows = await db
    .selectFrom('hoh_records')
    .select(['governor_id', 't4_dead', 't5_dead'])
    .where('kingdom_kd', '=', kd)
    .where('kvk_number', '=', kvkNumber)
    .execute();
  return rows.map((r) => ({
    governorId: Number(r.governor_id),
    t4: r.t4_dead === null ? null : Number(r.t4_dead),
    t5: r.t5_dead === null ? null : Number(r.t5_dead),
  }));
}

/** How many HoH records a KvK has and when the latest was written: part of the cache key. */
export async function hohVersion(db: Kysely<Database>, kd: number, kvkNumber: number): Promise<string> {
  const row = await db
    .selectFrom('hoh_records')
    .select(({ fn }) => [fn.countAll<number>().as('n'), fn.max('recorded_at').as('at')])
    .where('kingdom_kd', '=', kd)
    .where('kvk_number', '=', kvkNumber)
    .executeTakeFirst();
  return `${Number(row?.n ?? 0)}@${Number(row?.at ?? 0)}`;
}

export interface PrekvkPointRow {
  governor_id: number;
  name: string;
  stage1_points: number;
  stage2_points: number;
  stage3_points: number;
  updated_at: number;
}

/** The latest KvK number that has pre-KvK points for the kingdom, or null. */
export async function latestPrekvkKvk(db: Kysely<Database>, kd: number): Promise<number | null> {
  const row = await db
    .selectFrom('prekvk_points')
    .select(({ fn }) => fn.max('kvk_number').as('kvk'))
    .where('kingdom_kd', '=', kd)
    .executeTakeFirst();
  return row?.kvk === null || row?.kvk === undefined ? null : Number(row.kvk);
}

export async function selectPrekvkPoints(
  db: Kysely<Database>,
  kd: number,
  kvkNumber: number,
): Promise<PrekvkPointRow[]> {
  const rows = await db
    .selectFrom('prekvk_points')
    .select(['governor_id', 'name', 'stage1_points', 'stage2_points', 'stage3_points', 'updated_at'])
    .where('kingdom_kd', '=', kd)
    .where('kvk_number', '=', kvkNumber)
    .execute();
  return rows.map((r) => ({
    governor_id: Number(r.governor_id),
    name: r.name,
    stage1_points: Number(r.stage1_points),
    stage2_points: Number(r.stage2_points),
    stage3_points: Number(r.stage3_points),
    updated_at: Number(r.updated_at),
  }));
}

/** A scored span of the KvK (the season, or a war): its first and last kingdom scan. */
export interface CandidateSpan {
  start: number;
  end: number;
  endScanId: number;
}

/**
 * Every governor a KvK table of these spans can hold, for all of them in one statement: a superset of each span's
 * own governors (docs/governor.md, "A war's own table"). A span's own governors are those whose home kd at their
 * last scan of the span is the kingdom's or unknown, so each is either in the span's last scan with such a home kd,
 * or left the scans during the span (a presence run ending inside it). The span's last scan is read by the stats'
 * primary key; the runs are the kingdom's presence runs. Ascending ids, each once.
 */
export async function selectKvkCandidates(
  db: Kysely<Database>,
  kd: number,
  spans: readonly CandidateSpan[],
): Promise<number[]> {
  if (spans.length === 0) return [];
  const rows = await db
    .selectFrom('governor_stats')
    .select('governor_id')
    .where('scan_id', 'in', [...new Set(spans.map((span) => span.endScanId))])
    .where((eb) => eb.or([eb('home_kd', '=', kd), eb('home_kd', 'is', null)]))
    .union(
      db
        .selectFrom('governor_presence')
        .select('governor_id')
        .where('kingdom_kd', '=', kd)
        .where((eb) =>
          eb.or(
            spans.map((span) =>
              eb.and([
                eb('first_at', '<=', span.end),
                eb('last_at', '>=', span.start),
                eb('last_at', '<', span.end),
              ]),
            ),
          ),
        ),
    )
    .execute();
  return rows.map((r) => Number(r.governor_id)).sort((a, b) => a - b);
}
