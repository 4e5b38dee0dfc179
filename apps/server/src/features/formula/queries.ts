import type { Kysely, Transaction } from 'kysely';
import type { Database, FormulaTable } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The formula editor's SQL: one row per kingdom in `formulas`; no row means the default formula. */

export async function selectFormulaRow(db: Executor, kd: number): Promise<FormulaTable | null> {
  const row = await db.selectFrom('formulas').selectAll().where('kingdom_kd', '=', kd).executeTakeFirst();
  return row ?? null;
}

export async function upsertFormulaRow(db: Executor, row: FormulaTable): Promise<void> {
  await db
    .insertInto('formulas')
    .values(row)
    .onConflict((oc) =>
      oc.column('kingdom_kd').doUpdateSet({
        stats_formula_json: row.stats_formula_json,
        goals_json: row.goals_json,
        score_on: row.score_on,
        dead_on: row.dead_on,
        kp_on: row.kp_on,
        wars_json: row.wars_json,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteFormulaRow(db: Executor, kd: number): Promise<void> {
  await db.deleteFrom('formulas').where('kingdom_kd', '=', kd).execute();
}
