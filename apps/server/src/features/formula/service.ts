import {
  DEFAULT_GOAL_TIERS,
  DEFAULT_STATS_FORMULA,
  deadTroopsSplitOn,
  type FormulaTerm,
  formatUtcMinute,
  normaliseFormulaPayload,
  readGoalTiers,
  readStatsFormula,
  type ScanOption,
  STAT_NAMES,
  type StatName,
  validateFormulaPayload,
} from '@kingdom-stats/core';
import {
  FORMULA_MESSAGES,
  type FormulaData,
  type FormulaResetResponse,
  type FormulaResponse,
  type FormulaSavePayload,
  type FormulaSaveResponse,
  type FormulaSeason,
  formulaSavedMessage,
  type HohValidation,
  type WarsConfigDto,
} from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../auth/sessions.ts';
import type { Database, FormulaTable, KingdomTable } from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import { nowSeconds } from '../../time.ts';
import { recordAudit } from '../audit/service.ts';
import {
  countHohRecords,
  type KvkSeason,
  type SeasonState,
  scansInSeason,
  seasonState,
  selectSeasons,
} from '../kvk/season.ts';
import { selectKingdomScans } from '../scans/kingdom-scans.ts';
import { deleteFormulaRow, selectFormulaRow, upsertFormulaRow } from './queries.ts';
import {
  deleteSeasonRules,
  keepOpenedSeasonsRules,
  rulesOfSeason,
  selectSeasonRules,
  upsertSeasonRules,
} from './season-rules.ts';

/**
 * The formula editor's work (SPEC §3 Formula response, §5, §7), for one KvK season's rules at a time (docs/dkp.md,
 * "Each season's rules"). The server validates a save with the editor's own
 * functions (packages/core formula-validation.ts, dead-troops-settings.ts), so it refuses exactly what the editor refuses, with the same
 * messages. Who may save or reset is checked by the routes before anything here runs.
 */

/** A stored formula as the editor reads it; the default one when the kingdom has never saved. */
export function readStoredFormula(row: FormulaTable | null): FormulaData {
  if (!row) {
    return {
      goals: DEFAULT_GOAL_TIERS.map((tier) => ({ ...tier })),
      stats_formula: mutableTerms(DEFAULT_STATS_FORMULA),
      score_on: true,
      dead_on: false,
      kp_on: false,
    };
  }
  const stored = readStatsFormula(parseJson(row.stats_formula_json)) ?? DEFAULT_STATS_FORMULA;
  const stats = {} as Record<StatName, [number, boolean]>;
  // A stat the saved formula lacks (an older save) shows with its default value, off.
  for (const stat of STAT_NAMES) {
    const term = stored[stat];
    stats[stat] = term ? [term[0], term[1]] : [DEFAULT_STATS_FORMULA[stat][0], false];
  }
  return {
    goals: readGoalTiers(parseJson(row.goals_json)),
    stats_formula: stats,
    score_on: row.score_on === 1,
    dead_on: row.dead_on === 1,
    kp_on: row.kp_on === 1,
  };
}

function mutableTerms(formula: Readonly<Record<StatName, FormulaTerm>>): Record<StatName, [number, boolean]> {
  const out = {} as Record<StatName, [number, boolean]>;
  for (const stat of STAT_NAMES) out[stat] = [formula[stat][0], formula[stat][1]];
  return out;
}

/**
 * The saved wars config; null when wars were never saved (or they are unreadable). A save without wars keeps an
 * empty list, so the editor shows none instead of its full-period War 1 (issue 14: deleted wars came back).
 */
export function readStoredWars(row: FormulaTable | null): WarsConfigDto | null {
  const raw = row?.wars_json ? parseJson(row.wars_json) : null;
  if (raw === null || typeof raw !== 'object') return null;
  const list = (raw as { wars?: unknown }).wars;
  if (!Array.isArray(list)) return null;
  const map = (value: unknown): Record<string, number> => {
    if (value === null || typeof value !== 'object') return {};
    const out: Record<string, number> = {};
    for (const [name, time] of Object.entries(value)) {
      const n = typeof time === 'string' ? Number(time) : time;
      if (typeof n === 'number' && Number.isFinite(n)) out[name] = n;
    }
    return out;
  };
  const wars = list.map((war: unknown) => ({
    before: map((war as { before?: unknown } | null)?.before),
    after: map((war as { after?: unknown } | null)?.after),
  }));
  return { base: map((raw as { base?: unknown }).base), wars };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The built-in default as a stored row (what a season without any saved rules is scored with). */
export function builtInRulesRow(kd: number, now: number): FormulaTable {
  return {
    kingdom_kd: kd,
    stats_formula_json: JSON.stringify(DEFAULT_STATS_FORMULA),
    goals_json: JSON.stringify(DEFAULT_GOAL_TIERS),
    score_on: 1,
    dead_on: 0,
    kp_on: 0,
    wars_json: null,
    updated_at: now,
  };
}

/** The season a formula call is about, and what the kingdom's rules are around it. */
interface Target {
  /** null: the kingdom has no season that has opened (and none was asked): its default rules. */
  season: KvkSeason | null;
  state: SeasonState;
  seasons: KvkSeason[];
  own: Map<number, FormulaTable>;
  kingdomDefault: FormulaTable | null;
  /** The rules the season is scored with now (null: the built-in default). */
  rules: FormulaTable | null;
}

async function targetOf(
  db: Kysely<Database>,
  kd: number,
  asked: number | undefined,
  now: number,
): Promise<Target> {
  const [seasons, own, kingdomDefault] = await Promise.all([
    selectSeasons(db, kd),
    selectSeasonRules(db, kd),
    selectFormulaRow(db, kd),
  ]);
  const state = seasonState(seasons, now);
  let season = state.current;
  if (asked !== undefined) {
    season = seasons.find((s) => s.kvkNumber === asked) ?? null;
    if (!season) throw new AppError('NOT_FOUND', `Kingdom ${kd} has no KvK ${asked}`);
  }
  return { season, state, seasons, own, kingdomDefault, rules: rulesOfSeason(own, kingdomDefault, season) };
}

/** Opened before the current season: its DKP and ranks are history, changed only on purpose. */
function isPast(season: KvkSeason, state: SeasonState): boolean {
  return state.current !== null && season.openTime < state.current.openTime;
}

function seasonView(season: KvkSeason, target: Pick<Target, 'state' | 'own'>): FormulaSeason {
  return {
    ...season,
    current: season === target.state.current,
    past: isPast(season, target.state),
    ownRules: target.own.has(season.kvkNumber),
  };
}

/** 409 PAST_SEASON: a past season's rules change only with the request's confirmation (naming the season). */
function requireConfirmation(target: Target, confirmed: boolean | undefined): void {
  if (target.season && isPast(target.season, target.state) && confirmed !== true) {
    const n = target.season.kvkNumber;
    throw new AppError(
      'PAST_SEASON',
      `KvK ${n} is a past season: changing its rules recomputes its DKP and ranks. Confirm to change the rules of KvK ${n}.`,
    );
  }
}

interface EditorContext {
  dates: ScanOption[];
  activeKvk: boolean;
  hohValidation: HohValidation;
}

/** The season's scans (every kingdom scan without a season) and its Hall of Heroes state. */
async function editorContext(db: Kysely<Database>, kd: number, target: Target): Promise<EditorContext> {
  const scans = await selectKingdomScans(db, kd);
  const kingdomScans = scans.filter((scan) => scan.kind === 'kingdom');
  const dates = (target.season ? scansInSeason(kingdomScans, target.season) : kingdomScans).map((scan) => ({
    scan_name: scan.name,
    display: formatUtcMinute(scan.takenAt),
    timestamp: scan.takenAt,
  }));
  // Hall of Heroes terms need that KvK's records (the season edited, else the one open now).
  const kvk = target.season ?? target.state.active;
  const open = target.state.active !== null;
  const hohCount = kvk ? await countHohRecords(db, kd, kvk.kvkNumber) : 0;
  const reason = !open ? 'NO_ACTIVE_KVK' : hohCount === 0 ? 'INSUFFICIENT_HOH_DATA' : null;
  return {
    dates,
    activeKvk: open,
    hohValidation: { valid: reason === null, reason, kvkFound: open, hohCount },
  };
}

export async function getFormula(
  db: Kysely<Database>,
  kingdom: KingdomTable,
  season: number | undefined,
  now = nowSeconds(),
): Promise<FormulaResponse> {
  const target = await targetOf(db, kingdom.kd, season, now);
  const context = await editorContext(db, kingdom.kd, target);
  const row = target.rules;
  const wars = readStoredWars(row);
  return {
    formula: readStoredFormula(row),
    dates: context.dates,
    dkpScansSelection: wars ? { wars: wars.wars } : 'none',
    activeKvk: context.activeKvk,
    hohValidation: context.hohValidation,
    isDefault: row === null,
    updatedAt: row ? Number(row.updated_at) : null,
    season: target.season ? seasonView(target.season, target) : null,
    seasons: target.seasons.map((s) => seasonView(s, target)),
  };
}

/** What the audit log keeps of a season's rules: its KvK, the editor's view of them and their wars. */
function auditView(row: FormulaTable | null, season: KvkSeason | null) {
  return {
    ...(season ? { kvkNumber: season.kvkNumber } : {}),
    ...readStoredFormula(row),
    warsConfig: readStoredWars(row),
  };
}

/** What a save without wars stores: the chat-bot reads it as "no wars" like a missing config. */
const NO_WARS = { base: {}, wars: [] } as const;

/**
 * Writes a season's rules (null: back to the built-in default). The kingdom's default follows the current season
 * (or is the rules, without seasons); before it changes, every other opened season keeps what it used.
 */
async function writeRules(
  db: Kysely<Database>,
  user: SessionUser,
  kd: number,
  target: Target,
  row: FormulaTable | null,
  action: 'formula.save' | 'formula.reset',
  now: number,
): Promise<void> {
  const { season, state } = target;
  const followsDefault = season === null || season === state.current;
  const past = season !== null && isPast(season, state);
  await db.transaction().execute(async (trx) => {
    if (followsDefault) {
      const builtIn = () => builtInRulesRow(kd, now);
      const { seasons, own, kingdomDefault } = target;
      const except = season?.kvkNumber ?? null;
      await keepOpenedSeasonsRules(trx, kd, seasons, own, kingdomDefault, except, now, builtIn);
      if (row) await upsertFormulaRow(trx, row);
      else await deleteFormulaRow(trx, kd);
    }
    if (season) {
      if (row) await upsertSeasonRules(trx, season.kvkNumber, row);
      else if (followsDefault) await deleteSeasonRules(trx, kd, season.kvkNumber);
      else await upsertSeasonRules(trx, season.kvkNumber, builtInRulesRow(kd, now));
    }
    const after = row ?? (followsDefault ? null : builtInRulesRow(kd, now));
    await recordAudit(
      trx,
      {
        userId: user.id,
        action: past ? 'formula.past-season.change' : action,
        kingdomKd: kd,
        before: auditView(target.rules, season),
        after: auditView(after, season),
      },
      now,
    );
  });
}

export async function saveFormula(
  db: Kysely<Database>,
  user: SessionUser,
  kingdom: KingdomTable,
  payload: FormulaSavePayload,
  now = nowSeconds(),
): Promise<FormulaSaveResponse> {
  const target = await targetOf(db, kingdom.kd, payload.season, now);
  requireConfirmation(target, payload.confirmPastSeason);
  const context = await editorContext(db, kingdom.kd, target);
  const input = { data: payload.data, warsConfig: payload.warsConfig ?? null };
  const issues = validateFormulaPayload(input, {
    scans: context.dates,
    hoh: context.hohValidation,
    deadTroopsSplitWasOn: deadTroopsSplitOn(readStoredFormula(target.rules).stats_formula),
  });
  if (issues.length > 0) throw badRequest(FORMULA_MESSAGES.validationError, issues);
  const formula = normaliseFormulaPayload(input, context.dates);
  const row: FormulaTable = {
    kingdom_kd: kingdom.kd,
    stats_formula_json: JSON.stringify(formula.stats_formula),
    goals_json: JSON.stringify(formula.goals),
    score_on: formula.score_on ? 1 : 0,
    dead_on: formula.dead_on ? 1 : 0,
    kp_on: formula.kp_on ? 1 : 0,
    wars_json: JSON.stringify(formula.warsConfig ?? NO_WARS),
    updated_at: now,
  };
  await writeRules(db, user, kingdom.kd, target, row, 'formula.save', now);
  const wars = formula.warsConfig?.wars.length ?? 0;
  return {
    status: 'success',
    message: formulaSavedMessage(wars),
    wars,
    season: target.season?.kvkNumber ?? null,
  };
}

/** The season's rules back to the default formula and goals, without wars. */
export async function resetFormula(
  db: Kysely<Database>,
  user: SessionUser,
  kingdom: KingdomTable,
  options: { season?: number | undefined; confirmPastSeason?: boolean | undefined } = {},
  now = nowSeconds(),
): Promise<FormulaResetResponse> {
  const target = await targetOf(db, kingdom.kd, options.season, now);
  requireConfirmation(target, options.confirmPastSeason);
  await writeRules(db, user, kingdom.kd, target, null, 'formula.reset', now);
  return { status: 'success', message: FORMULA_MESSAGES.reset };
}
