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
  formulaSavedMessage,
  type HohValidation,
  type WarsConfigDto,
} from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../auth/sessions.ts';
import type { Database, FormulaTable, KingdomTable } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { nowSeconds } from '../../time.ts';
import { recordAudit } from '../audit/service.ts';
import { countHohRecords, kvkScans, seasonState, selectSeasons } from '../kvk/season.ts';
import { selectKingdomScans } from '../scans/kingdom-scans.ts';
import { deleteFormulaRow, selectFormulaRow, upsertFormulaRow } from './queries.ts';

/**
 * The formula editor's work (SPEC §3 Formula response, §5, §7). The server validates a save with the editor's own
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

interface EditorContext {
  dates: ScanOption[];
  activeKvk: boolean;
  hohValidation: HohValidation;
}

async function editorContext(db: Kysely<Database>, kd: number, now: number): Promise<EditorContext> {
  const [scans, seasons] = await Promise.all([selectKingdomScans(db, kd), selectSeasons(db, kd)]);
  const state = seasonState(seasons, now);
  const kingdomScans = scans.filter((scan) => scan.kind === 'kingdom');
  const dates = kvkScans(kingdomScans, state).map((scan) => ({
    scan_name: scan.name,
    display: formatUtcMinute(scan.takenAt),
    timestamp: scan.takenAt,
  }));
  const hohCount = state.active ? await countHohRecords(db, kd, state.active.kvkNumber) : 0;
  const reason = !state.active ? 'NO_ACTIVE_KVK' : hohCount === 0 ? 'INSUFFICIENT_HOH_DATA' : null;
  return {
    dates,
    activeKvk: state.active !== null,
    hohValidation: { valid: reason === null, reason, kvkFound: state.active !== null, hohCount },
  };
}

export async function getFormula(
  db: Kysely<Database>,
  kingdom: KingdomTable,
  now = nowSeconds(),
): Promise<FormulaResponse> {
  const [row, context] = await Promise.all([
    selectFormulaRow(db, kingdom.kd),
    editorContext(db, kingdom.kd, now),
  ]);
  const wars = readStoredWars(row);
  return {
    formula: readStoredFormula(row),
    dates: context.dates,
    dkpScansSelection: wars ? { wars: wars.wars } : 'none',
    activeKvk: context.activeKvk,
    hohValidation: context.hohValidation,
    isDefault: row === null,
    updatedAt: row ? Number(row.updated_at) : null,
  };
}

/** What the audit log keeps of a formula: the editor's view of it and its wars. */
function auditView(row: FormulaTable | null) {
  return row ? { ...readStoredFormula(row), warsConfig: readStoredWars(row) } : null;
}

/** What a save without wars stores: the chat-bot reads it as "no wars" like a missing config. */
const NO_WARS = { base: {}, wars: [] } as const;

export async function saveFormula(
  db: Kysely<Database>,
  user: SessionUser,
  kingdom: KingdomTable,
  payload: FormulaSavePayload,
  now = nowSeconds(),
): Promise<FormulaSaveResponse> {
  const [before, context] = await Promise.all([
    selectFormulaRow(db, kingdom.kd),
    editorContext(db, kingdom.kd, now),
  ]);
  const input = { data: payload.data, warsConfig: payload.warsConfig ?? null };
  const issues = validateFormulaPayload(input, {
    scans: context.dates,
    hoh: context.hohValidation,
    deadTroopsSplitWasOn: deadTroopsSplitOn(readStoredFormula(before).stats_formula),
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
  await db.transaction().execute(async (trx) => {
    await upsertFormulaRow(trx, row);
    await recordAudit(
      trx,
      {
        userId: user.id,
        action: 'formula.save',
        kingdomKd: kingdom.kd,
        before: auditView(before),
        after: auditView(row),
      },
      now,
    );
  });
  const wars = formula.warsConfig?.wars.length ?? 0;
  return { status: 'success', message: formulaSavedMessage(wars), wars };
}

/** Back to the default formula, goals and no wars (the kingdom's row is removed). */
export async function resetFormula(
  db: Kysely<Database>,
  user: SessionUser,
  kingdom: KingdomTable,
  now = nowSeconds(),
): Promise<FormulaResetResponse> {
  await db.transaction().execute(async (trx) => {
    const before = await selectFormulaRow(trx, kingdom.kd);
    await deleteFormulaRow(trx, kingdom.kd);
    await recordAudit(
      trx,
      {
        userId: user.id,
        action: 'formula.reset',
        kingdomKd: kingdom.kd,
        before: auditView(before),
        after: { ...readStoredFormula(null), warsConfig: null },
      },
      now,
    );
  });
  return { status: 'success', message: FORMULA_MESSAGES.reset };
}
