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

/**
 * How many HoH records and honor points a KvK has and when the latest was written: part of the cache key, so that
 * an upload of either makes a new key.
 */
export async function hohVersion(db: Kysely<Database>, kd: number, kvkNumber: number): Promise<string> {
  const [hoh, honor] = await Promise.all([
    db
      .selectFrom('hoh_records')
      .select(({ fn }) => [fn.countAll<number>().as('n'), fn.max('recorded_at').as('at')])
      .where('kingdom_kd', '=', kd)
      .where('kvk_number', '=', kvkNumber)
      .executeTakeFirst(),
    db
      .selectFrom('kvk_honor_points')
      .select(({ fn }) => [fn.countAll<number>().as('n'), fn.max('updated_at').as('at')])
      .where('kingdom_kd', '=', kd)
      .where('kvk_number', '=', kvkNumber)
      .executeTakeFirst(),
  ]);
  const version = (row: typeof hoh) => `${Number(row?.n ?? 0)}@${Number(row?.at ?? 0)}`;
  return `${version(hoh)}/${version(honor)}`;
}

/** A KvK's honor points by governor (an honor sheet with IDs, issue 37); empty when none was uploaded. */
export async function selectHonorPoints(
  db: Kysely<Database>,
  kd: number,
  kvkNumber: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('kvk_honor_points')
    .select(['governor_id', 'honor_points'])
    .where('kingdom_kd', '=', kd)
    .where('kvk_number', '=', kvkNumber)
    .execute();
  return new Map(rows.map((r) => [Number(r.governor_id), Number(r.honor_points)]));
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
