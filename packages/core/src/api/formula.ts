import { z } from 'zod';
import { countNoun } from '../count-noun.ts';
import { STAT_NAMES } from '../formula.ts';
import { kingdomCodeParamsSchema } from './dashboard.ts';

/**
 * The formula editor's calls (SPEC §3 "Formula response", §5, §7):
 * - GET  /api/{kd}/formula/{code}      → formulaResponseSchema (viewer: kd + access code; 404 'Kingdom not found')
 * - POST /api/formula/save             → formulaSaveBodySchema → formulaSaveResponseSchema
 * - POST /api/{kd}/formula/reset       → formulaResetBodySchema (code in the body, or `?code=`) → formulaResetResponseSchema
 *
 * Save and reset need a signed-in admin of that kingdom or a superadmin (bearer session token) AND the kingdom's
 * access code, checked in this order: 401 signed out, 403 signed in without rights on that kingdom, 404 'Kingdom not
 * found' for a wrong kd/code pair. Both are written to the audit log (formula.save, formula.reset).
 * Every failure answers the API error body (./errors.ts); a refused save is 400 with `message` =
 * 'Validation Error: Please fix the validation errors before saving.' and `issues` = one entry per editor message,
 * in the editor's order (core `validateFormulaPayload`), e.g. {path: 'goals.0', message: 'Power tier 1: Score Goal
 * cannot be empty'}.
 */

export const formulaParamsSchema = kingdomCodeParamsSchema;
/** `?season=N`: the KvK number whose rules are read; without it the current season (docs/dkp.md). */
export const formulaQuerySchema = z.object({
  season: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a KvK number')
    .optional(),
});

/** A season the editor can edit (its select): each KvK season of the kingdom, oldest first. */
export const formulaSeasonSchema = z.object({
  kvkNumber: z.number().int(),
  openTime: z.number(),
  closeTime: z.number(),
  /** The current season: open now, else the latest that has opened (the editor's default). */
  current: z.boolean(),
  /** Opened before the current one: saving its rules needs `confirmPastSeason` (its DKP and ranks change). */
  past: z.boolean(),
  /** The season has rules of its own (else it uses the kingdom's default: the last rules saved). */
  ownRules: z.boolean(),
});
export type FormulaSeason = z.infer<typeof formulaSeasonSchema>;
export const formulaResetParamsSchema = z.object({
  kd: z.string().regex(/^\d{1,5}$/, 'must be a kingdom number'),
});

/** A stored formula term: [points per unit, enabled]. */
export const formulaTermSchema = z.tuple([z.number(), z.boolean()]);
/** A term as the editor sends it: the value may be blank while typing ('' or null → '{stat} cannot be empty'). */
export const formulaTermInputSchema = z.tuple([
  z.union([z.number(), z.string().max(32), z.null()]),
  z.boolean(),
]);

const statNameSchema = z.enum(STAT_NAMES);

export const goalTierSchema = z.object({
  /** Power bounds in millions. */
  from: z.number(),
  to: z.number(),
  type: z.enum(['direct', 'percentage']),
  score_multiplier: z.number().nullable(),
  dead_multiplier: z.number().nullable(),
  kp_multiplier: z.number().nullable(),
});
export type GoalTierDto = z.infer<typeof goalTierSchema>;

/** A tier as the editor sends it: goals may be blank ('' or null); the old `kd_multiplier` is read as kp_multiplier. */
const goalInput = z.union([z.number(), z.string().max(32), z.null()]).optional();
export const goalTierInputSchema = z.object({
  from: z.union([z.number(), z.string().max(32)]),
  to: z.union([z.number(), z.string().max(32)]),
  type: z.enum(['direct', 'percentage']).optional(),
  score_multiplier: goalInput,
  dead_multiplier: goalInput,
  kp_multiplier: goalInput,
  kd_multiplier: goalInput,
});

export const formulaDataSchema = z.object({
  goals: z.array(goalTierSchema),
  /** Every stat of STAT_NAMES is present (missing ones filled from DEFAULT_STATS_FORMULA). */
  stats_formula: z.partialRecord(statNameSchema, formulaTermSchema),
  score_on: z.boolean(),
  dead_on: z.boolean(),
  kp_on: z.boolean(),
});
export type FormulaData = z.infer<typeof formulaDataSchema>;

/** A scan the editor's war selects offer: the kingdom scans of the current KvK (see `dates` below). */
export const formulaScanOptionSchema = z.object({
  scan_name: z.string(),
  /** 'YYYY-MM-DD HH:mm UTC' */
  display: z.string(),
  /** Unix seconds (the scan's taken_at). */
  timestamp: z.number(),
});

/** One saved war: scan name → timestamp (one entry each). An empty map means "not set". */
export const savedWarSchema = z.object({
  before: z.record(z.string(), z.number()),
  after: z.record(z.string(), z.number()),
});
export const warsConfigSchema = z.object({
  /** The earliest before-scan: name → timestamp. */
  base: z.record(z.string(), z.number()),
  wars: z.array(savedWarSchema),
});
export type WarsConfigDto = z.infer<typeof warsConfigSchema>;

export const formulaDkpScansSelectionSchema = z.union([
  z.literal('none'),
  z.object({ wars: z.array(savedWarSchema) }),
]);

export const HOH_REASONS = ['NO_ACTIVE_KVK', 'INSUFFICIENT_HOH_DATA'] as const;
export type HohReason = (typeof HOH_REASONS)[number];

export const hohValidationSchema = z.object({
  /** True when a KvK is open now and it has at least one Hall of Heroes record. */
  valid: z.boolean(),
  /** NO_ACTIVE_KVK: no KvK season is open now; INSUFFICIENT_HOH_DATA: it is, but no HoH record exists for it. */
  reason: z.enum(HOH_REASONS).nullable(),
  /** A KvK season is open now. */
  kvkFound: z.boolean(),
  /** Hall of Heroes records of that KvK (0 without one). */
  hohCount: z.number().int(),
});
export type HohValidation = z.infer<typeof hohValidationSchema>;

export const formulaResponseSchema = z.object({
  formula: formulaDataSchema,
  /**
   * Kingdom scans (not autarch) inside the current KvK season, oldest first; the current season is the one open
   * now, else the latest that has opened. With no KvK season at all: every kingdom scan of the kingdom.
   */
  dates: z.array(formulaScanOptionSchema),
  /** The saved wars ('none' when none are saved). */
  dkpScansSelection: formulaDkpScansSelectionSchema,
  /** A KvK season is open now. */
  activeKvk: z.boolean(),
  hohValidation: hohValidationSchema,
  /** True while the kingdom has never saved a formula (the default one is shown). Extra to SPEC. */
  isDefault: z.boolean(),
  /** Unix seconds of the last save, null when never saved. Extra to SPEC. */
  updatedAt: z.number().nullable(),
  /** The season whose rules these are (null: the kingdom has no season that has opened, its default rules). */
  season: formulaSeasonSchema.nullable(),
  /** Every season of the kingdom, oldest first. */
  seasons: z.array(formulaSeasonSchema),
});
export type FormulaResponse = z.infer<typeof formulaResponseSchema>;

export const formulaSaveBodySchema = z.object({
  passed_data: z.object({
    kdnumber: z.union([z.string().max(10), z.number()]),
    code: z.string().min(1).max(64),
    data: z.object({
      goals: z.array(goalTierInputSchema).max(50),
      stats_formula: z.record(z.string().max(40), formulaTermInputSchema),
      score_on: z.boolean(),
      dead_on: z.boolean(),
      kp_on: z.boolean(),
    }),
    /** Omitted or null: the saved wars are cleared. Wars must use scans of the response's `dates`. */
    warsConfig: warsConfigSchema.nullable().optional(),
    /** The KvK number whose rules are saved; omitted: the current season. Saving never changes another season. */
    season: z.number().int().positive().optional(),
    /** Required (true) to change a past season's rules: 409 PAST_SEASON otherwise. */
    confirmPastSeason: z.boolean().optional(),
  }),
});
export type FormulaSaveBody = z.input<typeof formulaSaveBodySchema>;
export type FormulaSavePayload = FormulaSaveBody['passed_data'];

export const formulaSaveResponseSchema = z.object({
  status: z.literal('success'),
  /** 'Formula saved successfully!' or 'Formula and 2 wars saved successfully!' (issue 14: no 'Discord'). */
  message: z.string(),
  /** Number of wars saved. */
  wars: z.number().int(),
  /** The KvK number whose rules were saved (null: the kingdom's default, without seasons). */
  season: z.number().int().nullable(),
});
export type FormulaSaveResponse = z.infer<typeof formulaSaveResponseSchema>;

/** `code` here or as `?code=`; one of the two is required (400 otherwise). */
export const formulaResetBodySchema = z
  .object({
    code: z.string().min(1).max(64).optional(),
    /** As the save's: the KvK number (default the current season), and the confirmation a past season needs. */
    season: z.number().int().positive().optional(),
    confirmPastSeason: z.boolean().optional(),
  })
  .nullish();
export const formulaResetQuerySchema = z.object({ code: z.string().min(1).max(64).optional() });
export const formulaResetResponseSchema = z.object({
  status: z.literal('success'),
  /** 'Formula reset successfully!' */
  message: z.string(),
});
export type FormulaResetResponse = z.infer<typeof formulaResetResponseSchema>;

export const FORMULA_MESSAGES = {
  saved: 'Formula saved successfully!',
  reset: 'Formula reset successfully!',
  validationError: 'Validation Error: Please fix the validation errors before saving.',
} as const;

export function formulaSavedMessage(wars: number): string {
  return wars > 0 ? `Formula and ${countNoun(wars, 'war')} saved successfully!` : FORMULA_MESSAGES.saved;
}
