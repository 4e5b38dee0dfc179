import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The kingdom's own settings that every dashboard request reads beside its scans: formula, camps, access code. */

export interface FormulaInfo {
  statsFormulaJson: string;
  warsJson: string | null;
  updatedAt: number;
}

export async function selectFormula(db: Kysely<Database>, kd: number): Promise<FormulaInfo | null> {
  const row = await db
    .selectFrom('formulas')
    .select(['stats_formula_json', 'wars_json', 'updated_at'])
    .where('kingdom_kd', '=', kd)
    .executeTakeFirst();
  if (!row) return null;
  return {
    statsFormulaJson: row.stats_formula_json,
    warsJson: row.wars_json,
    updatedAt: Number(row.updated_at),
  };
}

export interface CampMember {
  camp: string;
  memberKd: number;
}

/** The camps on kingdom kd's KvK map and the home kds in each. */
export async function selectCampMembers(db: Kysely<Database>, kd: number): Promise<CampMember[]> {
  const rows = await db
    .selectFrom('camp_members as m')
    .innerJoin('camps as c', 'c.id', 'm.camp_id')
    .select(['c.name', 'm.member_kd'])
    .where('m.kingdom_kd', '=', kd)
    .orderBy('m.member_kd')
    .execute();
  return rows.map((r) => ({ camp: r.name, memberKd: r.member_kd }));
}

/** Kingdoms whose access code is `code` (codes are stored lower-case). */
export async function selectKingdomsByCode(db: Kysely<Database>, code: string) {
  return db.selectFrom('kingdoms').selectAll().where('access_code', '=', code).orderBy('kd').execute();
}
