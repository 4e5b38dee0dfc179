import { readFarmPolicy } from '@kingdom-stats/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { Database, FormulaTable, KingdomTable, ScanKind } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type KingdomFarms, kingdomFarms } from '../farms/policy.ts';
import { KINGDOM_NOT_FOUND, sameSecret } from '../kingdoms/access.ts';
import type { KvkSeason } from '../kvk/season.ts';
import type { ScanInfo } from '../scans/kingdom-scans.ts';
import { type KingdomContext, kingdomContextOf } from './context.ts';
import type { CampMember } from './kingdom-reads.ts';

/**
 * requireViewerAccess and loadKingdomContext in one statement: the kingdom row with its scans, formula, seasons' rules, seasons,
 * camp map, farm policy and farm links as JSON aggregates. Separately they are six queries in two round trips, and the five
 * parallel ones hold five pooled PostgreSQL connections at once: under 200 viewers every request queued for the
 * pool before any work (docs/benchmarks.md, "Issue 16: viewers' p99"). Read fresh on every request, as before, so
 * an import, formula save or camp change by any process shows at once. Same 404 for a wrong kd or code, and the
 * code is compared in constant time, whether the kingdom exists or not.
 */
export async function loadViewerContext(
  db: Kysely<Database>,
  kdText: string | number,
  code: string,
): Promise<KingdomContext> {
  const { kingdom, scans, formulaRow, members, farms } = await readViewerKingdom(db, kdText, code);
  return kingdomContextOf(kingdom, {
    scans,
    formulaInfo: formulaRow
      ? {
          statsFormulaJson: formulaRow.stats_formula_json,
          warsJson: formulaRow.wars_json,
          updatedAt: formulaRow.updated_at,
        }
      : null,
    members,
    farms,
  });
}

/** Everything a viewer's request reads about its kingdom before any governor row, as the single statement reads it. */
export interface ViewerKingdom {
  kingdom: KingdomTable;
  /** Ordered by time taken, then id. */
  scans: ScanInfo[];
  formulaRow: FormulaTable | null;
  /** Each season's own rules by KvK number (formula/season-rules.ts). */
  seasonRules: Map<number, FormulaTable>;
  /** KvK seasons, ordered by open time. */
  seasons: KvkSeason[];
  /** Camp members, ordered by member kd. */
  members: CampMember[];
  farms: KingdomFarms;
}

/**
 * The access check and the kingdom's reads in one statement (the dashboard's context, the KD DKP dashboard's and
 * governor page's plan inputs). Same 404 as requireViewerAccess.
 */
export async function readViewerKingdom(
  db: Kysely<Database>,
  kdText: string | number,
  code: string,
): Promise<ViewerKingdom> {
  const kd = Number(kdText);
  const row = Number.isInteger(kd) ? await selectViewerRow(db, kd) : undefined;
  // Compared against a stand-in when the kingdom does not exist, so both failures take the same time.
  const expected = row?.access_code ?? '\u0000no-kingdom';
  if (!sameSecret(code.trim().toLowerCase(), expected) || !row) {
    throw new AppError('NOT_FOUND', KINGDOM_NOT_FOUND);
  }
  const { ctx_scans, ctx_formula, ctx_rules, ctx_seasons, ctx_camps, ctx_policy, ctx_links, ...kingdom } =
    row;
  const formula = json(ctx_formula) as FormulaTuple | null;
  const policy = json(ctx_policy) as [unknown, unknown] | null;
  // JSON aggregates keep no order that SQL promises: each list is put in its separate query's order here.
  const scans = ((json(ctx_scans) ?? []) as [number, ScanKind, number, string, number, string, number][])
    .map(([id, kind, takenAt, name, revision, incompleteCounters, reviewRevision]) => ({
      id: Number(id),
      kind,
      takenAt: Number(takenAt),
      name,
      revision: Number(revision),
      reviewRevision: Number(reviewRevision),
      incompleteCounters,
    }))
    .sort((a, b) => a.takenAt - b.takenAt || a.id - b.id);
  const seasons = ((json(ctx_seasons) ?? []) as [number, number, number][])
    .map(([kvkNumber, openTime, closeTime]) => ({
      kvkNumber: Number(kvkNumber),
      openTime: Number(openTime),
      closeTime: Number(closeTime),
    }))
    .sort((a, b) => a.openTime - b.openTime || a.kvkNumber - b.kvkNumber);
  const members = ((json(ctx_camps) ?? []) as [string, number][])
    .map(([camp, memberKd]) => ({ camp, memberKd: Number(memberKd) }))
    .sort((a, b) => a.memberKd - b.memberKd);
  const links = ((json(ctx_links) ?? []) as [number, number][])
    .map(([farmId, mainId]) => ({ farmId: Number(farmId), mainId: Number(mainId) }))
    .sort((a, b) => a.mainId - b.mainId || a.farmId - b.farmId);
  return {
    kingdom: kingdom as KingdomTable,
    scans,
    formulaRow: formula && formulaRowOf(kingdom.kd, formula),
    seasonRules: new Map(
      ((json(ctx_rules) ?? []) as [number, ...FormulaTuple][]).map(([kvkNumber, ...rules]) => [
        Number(kvkNumber),
        formulaRowOf(kingdom.kd, rules),
      ]),
    ),
    seasons,
    members,
    // As selectPolicy: no row is the default policy.
    farms: kingdomFarms(
      policy ? readFarmPolicy(policy[0], Number(policy[1])) : readFarmPolicy(undefined, undefined),
      links,
    ),
  };
}

/** The formulas row's columns, in the statement's order. */
type FormulaTuple = [string, string, number, number, number, string | null, number];

function formulaRowOf(
  kd: number,
  [stats, goals, scoreOn, deadOn, kpOn, wars, updatedAt]: FormulaTuple,
): FormulaTable {
  return {
    kingdom_kd: kd,
    stats_formula_json: stats,
    goals_json: goals,
    score_on: Number(scoreOn),
    dead_on: Number(deadOn),
    kp_on: Number(kpOn),
    wars_json: wars,
    updated_at: Number(updatedAt),
  };
}

interface ViewerRow extends KingdomTable {
  ctx_scans: unknown;
  ctx_formula: unknown;
  ctx_rules: unknown;
  ctx_seasons: unknown;
  ctx_camps: unknown;
  ctx_policy: unknown;
  ctx_links: unknown;
}

async function selectViewerRow(db: Kysely<Database>, kd: number): Promise<ViewerRow | undefined> {
  const { rows } = await viewerRowStatement(db, kd).execute(db);
  return rows[0];
}

/** The statement alone, for bench/viewer-context.ts's EXPLAIN. */
export function viewerRowStatement(db: Kysely<Database>, kd: number): RawBuilder<ViewerRow> {
  const postgres = dialectOf(db) === 'postgres';
  const array = sql.raw(postgres ? 'json_build_array' : 'json_array');
  const aggregate = sql.raw(postgres ? 'json_agg' : 'json_group_array');
  return sql<ViewerRow>`
    select k.*,
      (select ${aggregate}(${array}(s.id, s.kind, s.taken_at, s.name, s.revision, s.incomplete_counters, s.review_revision))
        from scans s where s.kingdom_kd = k.kd) as ctx_scans,
      (select ${array}(f.stats_formula_json, f.goals_json, f.score_on, f.dead_on, f.kp_on, f.wars_json, f.updated_at)
        from formulas f where f.kingdom_kd = k.kd) as ctx_formula,
      (select ${aggregate}(${array}(r.kvk_number, r.stats_formula_json, r.goals_json, r.score_on, r.dead_on, r.kp_on,
          r.wars_json, r.updated_at))
        from season_rules r where r.kingdom_kd = k.kd) as ctx_rules,
      (select ${aggregate}(${array}(v.kvk_number, v.open_time, v.close_time))
        from kvk_seasons v where v.kingdom_kd = k.kd) as ctx_seasons,
      (select ${aggregate}(${array}(c.name, m.member_kd))
        from camp_members m join camps c on c.id = m.camp_id where m.kingdom_kd = k.kd) as ctx_camps,
      (select ${array}(p.mode, p.weight_pct) from farm_policies p where p.kingdom_kd = k.kd) as ctx_policy,
      (select ${aggregate}(${array}(l.farm_governor_id, l.main_governor_id))
        from account_links l where l.kingdom_kd = k.kd) as ctx_links
    from kingdoms k where k.kd = ${kd}
  `;
}

/** SQLite answers JSON as text, pg parses json columns itself; no row or an empty aggregate is null on both. */
function json(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : (value ?? null);
}
