import type { SortEntry } from '@kingdom-stats/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

/** A formula as the editor stores it: stat → [value, enabled]. */
export type StoredFormula = Record<string, [number, boolean]>;

/** Every stat a DKP formula can score, with whole values (the SQL first page takes them). */
export const EVERY_TERM: StoredFormula = {
  'T1-Kills': [1, true],
  'T2-kills': [2, true],
  'T3-Kills': [3, true],
  'T4-Kills': [10, true],
  'T5-Kills': [20, true],
  'Dead Troops': [-4, true],
  'Rss Assistance': [1, true],
  'Alliance Helps': [7, true],
  'Rss Gathered': [1, true],
  'T4 Dead Troops': [5, true],
  'T5 Dead Troops': [6, true],
};

/** Replaces kingdom kd's formula (no goals, no wars). */
export async function useFormula(db: Kysely<Database>, kd: number, formula: StoredFormula): Promise<void> {
  await db.deleteFrom('formulas').where('kingdom_kd', '=', kd).execute();
  await db
    .insertInto('formulas')
    .values({
      kingdom_kd: kd,
      stats_formula_json: JSON.stringify(formula),
      goals_json: '[]',
      score_on: 0,
      dead_on: 0,
      kp_on: 0,
      wars_json: null,
      updated_at: 1,
    })
    .execute();
}

/** A table sort, in the order given. */
export const sort = (...entries: [string, 'asc' | 'desc'][]): SortEntry[] =>
  entries.map(([key, direction], i) => ({ key, direction, priority: i + 1 }));
