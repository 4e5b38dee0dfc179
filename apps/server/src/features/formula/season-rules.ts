import type { Kysely, Transaction } from 'kysely';
import type { Database, FormulaTable, SeasonRulesTable } from '../../db/schema.ts';
import type { KvkSeason } from '../kvk/season.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Each KvK season's own rules (docs/dkp.md, "Each season's rules"): formula, goals and wars in `season_rules`, one
 * row per (kingdom, KvK number). A season without a row uses the kingdom's default (`formulas`, which a save of the
 * current season also writes), else the built-in default, with only the default's wars inside the season's dates.
 */

/** A kingdom's season rows by KvK number, as the formulas row they replace (kingdom_kd, the same columns). */
export type SeasonRules = ReadonlyMap<number, FormulaTable>;

export function seasonRulesOf(rows: readonly SeasonRulesTable[]): Map<number, FormulaTable> {
  return new Map(rows.map(({ kvk_number, ...row }) => [Number(kvk_number), row]));
}

export async function selectSeasonRules(db: Executor, kd: number): Promise<Map<number, FormulaTable>> {
  const rows = await db.selectFrom('season_rules').selectAll().where('kingdom_kd', '=', kd).execute();
  return seasonRulesOf(rows);
}

/**
 * The rules a season is scored with: its own, else the kingdom's default with the default's wars that lie inside
 * the season (its wars name other seasons' scans otherwise); null is the built-in default. No season (a kingdom
 * without one that has opened): the kingdom's default as saved.
 */
export function rulesOfSeason(
  own: SeasonRules,
  kingdomDefault: FormulaTable | null,
  season: KvkSeason | null,
): FormulaTable | null {
  if (!season) return kingdomDefault;
  const row = own.get(season.kvkNumber);
  if (row) return row;
  return kingdomDefault && { ...kingdomDefault, wars_json: warsInside(kingdomDefault.wars_json, season) };
}

/** Saved wars ({base, wars}) kept to those whose before- and after-scan lie inside the season's dates. */
export function warsInside(text: string | null, season: KvkSeason): string | null {
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const list = (parsed as { wars?: unknown } | null)?.wars;
  if (!Array.isArray(list)) return text;
  const timeOf = (side: unknown): number => Number(Object.values((side ?? {}) as object)[0]);
  const inside = (time: number) =>
    Number.isFinite(time) && time >= season.openTime && time <= season.closeTime;
  const wars = list.filter(
    (war: { before?: unknown; after?: unknown } | null) =>
      inside(timeOf(war?.before)) && inside(timeOf(war?.after)),
  );
  if (wars.length === list.length) return text;
  const first = wars[0] as { before?: unknown } | undefined;
  return JSON.stringify({ base: first?.before ?? {}, wars });
}

export async function upsertSeasonRules(db: Executor, kvkNumber: number, row: FormulaTable): Promise<void> {
  const values: SeasonRulesTable = { ...row, kvk_number: kvkNumber };
  await db
    .insertInto('season_rules')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['kingdom_kd', 'kvk_number']).doUpdateSet({
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

export async function deleteSeasonRules(db: Executor, kd: number, kvkNumber: number): Promise<void> {
  await db
    .deleteFrom('season_rules')
    .where('kingdom_kd', '=', kd)
    .where('kvk_number', '=', kvkNumber)
    .execute();
}

/**
 * Before the kingdom's default changes: each season that has opened and has no rules of its own gets a copy of what
 * it is scored with now, so that a save for one season never changes another's DKP. A season not yet open keeps
 * following the default (it has nothing scored; it starts from the last rules saved).
 */
export async function keepOpenedSeasonsRules(
  trx: Executor,
  kd: number,
  seasons: readonly KvkSeason[],
  own: SeasonRules,
  kingdomDefault: FormulaTable | null,
  except: number | null,
  now: number,
  builtIn: () => FormulaTable,
): Promise<void> {
  for (const season of seasons) {
    if (season.kvkNumber === except || season.openTime > now || own.has(season.kvkNumber)) continue;
    const used = rulesOfSeason(own, kingdomDefault, season) ?? builtIn();
    await upsertSeasonRules(trx, season.kvkNumber, { ...used, kingdom_kd: kd });
  }
}
