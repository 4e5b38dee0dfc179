import { z } from 'zod';
import { MAX_STORED_COUNT } from '../constants.ts';
import {
  KILL_POINTS_TOLERANCE_BOUNDS,
  MAX_POWER_CHANGE_PER_DAY_BOUNDS,
  MIN_POWER_CHANGE_BOUNDS,
} from '../data-quality/settings.ts';
import {
  CHECK_KINDS,
  CHECKED_FIELDS,
  type CheckedField,
  type CheckKind,
  FIELD_SENSITIVITIES,
} from '../data-quality/types.ts';
import { adminKingdomParamsSchema } from './kingdom-admin.ts';

/**
 * The Data Review page (issue 12): values the import's checks flagged, and the corrections made to them. Every call
 * lives under the kingdom's admin prefix `/api/admin/kingdoms/{kd}/{code}/review…` and answers only the kingdom's
 * admins and superadmins (docs/data-review.md).
 */

const unixSeconds = z.number().int();
const idText = (what: string) => z.string().regex(/^\d{1,12}$/, `must be a ${what}`);

/** The fields the checks look at (stored names), and the checks. */
export const REVIEW_FIELDS = CHECKED_FIELDS;
export type ReviewField = CheckedField;
export const REVIEW_CHECKS = CHECK_KINDS;
export type ReviewCheck = CheckKind;

export const FLAG_STATUSES = ['open', 'accepted', 'corrected', 'excluded'] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];

export const DEFAULT_REVIEW_PAGE_SIZE = 50;
export const MAX_REVIEW_PAGE_SIZE = 500;

export const reviewParamsSchema = adminKingdomParamsSchema;
export const reviewFlagParamsSchema = adminKingdomParamsSchema.extend({ flagId: idText('flag id') });
export const reviewCorrectionParamsSchema = adminKingdomParamsSchema.extend({
  correctionId: idText('correction id'),
});

const pageQuery = {
  /** 1-based. */
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_REVIEW_PAGE_SIZE).default(DEFAULT_REVIEW_PAGE_SIZE),
};

/** GET …/review/flags (and …/review/flags.csv, which ignores paging and answers every matching flag). */
export const reviewFlagsQuerySchema = z.object({
  status: z.enum([...FLAG_STATUSES, 'all']).default('open'),
  /** Only this scan's flags. */
  scan: idText('scan id').transform(Number).optional(),
  /** Only this check's flags. */
  check: z.enum(REVIEW_CHECKS).optional(),
  /** A governor ID (all digits) or part of a name (case-insensitive). */
  governor: z.string().trim().min(1).max(100).optional(),
  ...pageQuery,
});
export type ReviewFlagsQuery = z.input<typeof reviewFlagsQuerySchema>;

/** The governor's value of the flag's field in one scan; null when the scan has no row for the governor. */
export const reviewScanValueSchema = z.object({
  scanId: z.number().int(),
  scanName: z.string(),
  takenAt: unixSeconds,
  /** null: the governor has a row but this value is unknown. */
  value: z.number().nullable(),
});
export type ReviewScanValue = z.infer<typeof reviewScanValueSchema>;

export const reviewFlagSchema = z.object({
  id: z.number().int(),
  scanId: z.number().int(),
  scanName: z.string(),
  takenAt: unixSeconds,
  governorId: z.number().int(),
  /** The name in the flagged scan (the latest known when the row was excluded). */
  governorName: z.string(),
  field: z.enum([...REVIEW_FIELDS, 'governor']),
  check: z.enum(REVIEW_CHECKS),
  /** Plain words for a kingdom's data officer. */
  reason: z.string(),
  /** The value as imported. */
  value: z.number().nullable(),
  /** What the check proposes (lost digit restored, the KP-consistent tier value), or null. */
  suggested: z.number().nullable(),
  status: z.enum(FLAG_STATUSES),
  /** Who resolved it and when (null while open). */
  resolvedBy: z.string().nullable(),
  resolvedAt: unixSeconds.nullable(),
  /**
   * An open `id_reused` flag whose row and another flagged row of the scan carry each other's previous names: that
   * governor and the name their row reads now (POST …/flags/{id}/swap trades the two rows). Null otherwise.
   */
  swapWith: z.object({ governorId: z.number().int(), governorName: z.string() }).nullable(),
  /** The governor's values around the flag: the previous scan with a row, this scan, the next scan with a row. */
  context: z.object({
    previous: reviewScanValueSchema.nullable(),
    current: reviewScanValueSchema.nullable(),
    next: reviewScanValueSchema.nullable(),
  }),
});
export type ReviewFlag = z.infer<typeof reviewFlagSchema>;

export const reviewFlagsResponseSchema = z.object({
  flags: z.array(reviewFlagSchema),
  /** Flags matching the query (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The kingdom's flags per status, whatever the query's filters. */
  counts: z.object({
    open: z.number().int(),
    accepted: z.number().int(),
    corrected: z.number().int(),
    excluded: z.number().int(),
  }),
});
export type ReviewFlagsResponse = z.infer<typeof reviewFlagsResponseSchema>;

const reasonText = z.string().trim().max(500);

/** POST …/review/corrections: set one value of a governor in a scan (the imported value is kept). */
export const correctValueBodySchema = z.object({
  scanId: z.number().int().min(1),
  governorId: z.number().int().min(1),
  field: z.enum(REVIEW_FIELDS),
  value: z.number().int().min(0).max(MAX_STORED_COUNT),
  reason: reasonText.optional(),
  /** The flag this correction answers; the flag becomes `corrected`. Other open flags on the cell do too. */
  flagId: z.number().int().min(1).optional(),
});
export type CorrectValueBody = z.infer<typeof correctValueBodySchema>;

/** POST …/review/exclusions: leave the governor's row out of that scan (kept whole, reversible). */
export const excludeRowBodySchema = z.object({
  scanId: z.number().int().min(1),
  governorId: z.number().int().min(1),
  reason: reasonText.optional(),
});
export type ExcludeRowBody = z.infer<typeof excludeRowBodySchema>;

/** POST …/review/flags/{flagId}/swap: the flagged row and its partner's (`swapWith`) trade places, every column. */
export const swapRowsBodySchema = z.object({ reason: reasonText.optional() });
export type SwapRowsBody = z.infer<typeof swapRowsBodySchema>;

/** POST …/review/flags/{flagId}/accept: the value is right as imported. */
export const acceptFlagBodySchema = z.object({ reason: reasonText.optional() });
export type AcceptFlagBody = z.infer<typeof acceptFlagBodySchema>;

/**
 * One correction record (the audit of corrections): a value set, a row excluded (field 'row'), or two rows swapped
 * (field 'swap', on the flagged governor; `swapWith` the other).
 */
export const reviewCorrectionSchema = z.object({
  id: z.number().int(),
  scanId: z.number().int(),
  scanName: z.string(),
  takenAt: unixSeconds,
  governorId: z.number().int(),
  governorName: z.string(),
  field: z.enum([...REVIEW_FIELDS, 'row', 'swap']),
  /** The imported value (null for an excluded row or a swap). */
  oldValue: z.number().nullable(),
  /** The value readers see now (null for an excluded row or a swap). */
  newValue: z.number().nullable(),
  /** A swap's other governor (null for other corrections). */
  swapWith: z.number().int().nullable(),
  reason: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: unixSeconds,
  /** Set when the correction was reverted (or superseded by a re-import with --replace). */
  revertedBy: z.string().nullable(),
  revertedAt: unixSeconds.nullable(),
});
export type ReviewCorrection = z.infer<typeof reviewCorrectionSchema>;

/** GET …/review/corrections: newest first. */
export const reviewCorrectionsQuerySchema = z.object({
  /** active: not reverted; all: with the reverted ones. */
  state: z.enum(['active', 'all']).default('all'),
  ...pageQuery,
});
export const reviewCorrectionsResponseSchema = z.object({
  corrections: z.array(reviewCorrectionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReviewCorrectionsResponse = z.infer<typeof reviewCorrectionsResponseSchema>;

/** What every change answers: a sentence, the correction made (or reverted) and the flag resolved, when any. */
export const reviewChangeResponseSchema = z.object({
  message: z.string(),
  correction: reviewCorrectionSchema.nullable(),
  flag: reviewFlagSchema.nullable(),
});
export type ReviewChangeResponse = z.infer<typeof reviewChangeResponseSchema>;

/** How closely a field is checked: normal, low (small changes left out) or off (docs/data-quality.md). */
const fieldSensitivitySchema = z.enum(FIELD_SENSITIVITIES);

/** The kingdom's data-quality settings (core data-quality DataQualitySettings). */
export const dataQualitySettingsSchema = z.object({
  enabled: z.object(
    Object.fromEntries(REVIEW_CHECKS.map((check) => [check, z.boolean()])) as Record<
      ReviewCheck,
      z.ZodBoolean
    >,
  ),
  sensitivity: z.object(
    Object.fromEntries(REVIEW_FIELDS.map((field) => [field, fieldSensitivitySchema])) as Record<
      ReviewField,
      typeof fieldSensitivitySchema
    >,
  ),
  maxPowerChangePerDay: z.number().min(0),
  minPowerChange: z.number().min(0),
  killPointsTolerance: z.number().min(0),
});
export type DataQualitySettingsBody = z.infer<typeof dataQualitySettingsSchema>;

/** PUT …/review/settings: any of the keys; `enabled` may name only some checks. Out-of-range bounds are refused. */
export const dataQualitySettingsChangeSchema = z.strictObject({
  enabled: z
    .strictObject(
      Object.fromEntries(REVIEW_CHECKS.map((check) => [check, z.boolean().optional()])) as Record<
        ReviewCheck,
        z.ZodOptional<z.ZodBoolean>
      >,
    )
    .optional(),
  /** Any of the fields; the others keep theirs. */
  sensitivity: z
    .strictObject(
      Object.fromEntries(REVIEW_FIELDS.map((field) => [field, fieldSensitivitySchema.optional()])) as Record<
        ReviewField,
        z.ZodOptional<typeof fieldSensitivitySchema>
      >,
    )
    .optional(),
  /** Fraction of the earlier power per day, e.g. 0.5. */
  maxPowerChangePerDay: z
    .number()
    .min(MAX_POWER_CHANGE_PER_DAY_BOUNDS.min)
    .max(MAX_POWER_CHANGE_PER_DAY_BOUNDS.max)
    .optional(),
  minPowerChange: z
    .number()
    .int()
    .min(MIN_POWER_CHANGE_BOUNDS.min)
    .max(MIN_POWER_CHANGE_BOUNDS.max)
    .optional(),
  killPointsTolerance: z
    .number()
    .int()
    .min(KILL_POINTS_TOLERANCE_BOUNDS.min)
    .max(KILL_POINTS_TOLERANCE_BOUNDS.max)
    .optional(),
});
export type DataQualitySettingsChange = z.infer<typeof dataQualitySettingsChangeSchema>;

export const dataQualitySettingsResponseSchema = z.object({
  message: z.string(),
  settings: dataQualitySettingsSchema,
  defaults: dataQualitySettingsSchema,
});
export type DataQualitySettingsResponse = z.infer<typeof dataQualitySettingsResponseSchema>;

/**
 * POST …/review/recheck: the checks run again over the kingdom's stored scans with the current settings; open flags
 * are replaced, settled ones (accepted, corrected, excluded) kept.
 */
export const recheckResponseSchema = z.object({
  message: z.string(),
  /** Open flags after the re-check. */
  flagged: z.number().int(),
  /** Open flags that no longer hold with the current settings, dropped. */
  removed: z.number().int(),
  /** Open flags the re-check found that were not there before. */
  added: z.number().int(),
});
export type RecheckResponse = z.infer<typeof recheckResponseSchema>;

/** The CSV of corrections: these columns, in this order, with a header row (docs/data-review.md). */
export const REVIEW_CSV_COLUMNS = ['scan', 'governor_id', 'field', 'value', 'reason'] as const;

/** POST …/review/corrections.csv: a CSV as the raw body (text/csv); applied all or nothing. */
export const correctionsCsvResponseSchema = z.object({
  message: z.string(),
  /** Corrections made (rows whose value already stood are counted in `unchanged`). */
  applied: z.number().int(),
  unchanged: z.number().int(),
});
export type CorrectionsCsvResponse = z.infer<typeof correctionsCsvResponseSchema>;

/**
 * The viewer marks on dashboard and KD DKP rows (issue 12 item 4), per governor of the answered page: fields still
 * under review on any of the governor's scans of the period, fields whose gain rests on a corrected value, and
 * (issue 36) lifetime counters whose gain went down over the period, shown unknown.
 */
export const reviewMarkSchema = z.object({
  underReview: z.array(z.object({ field: z.string(), reason: z.string() })),
  /** Stored field names (`dead`) of counters lower at the period's end than at its start; absent when none. */
  decreased: z.array(z.string()).optional(),
  corrected: z.array(
    z.object({
      field: z.string(),
      oldValue: z.number().nullable(),
      newValue: z.number().nullable(),
      takenAt: unixSeconds,
    }),
  ),
  /**
   * Fields among the above that the screen shows in a column of their own and that nothing else on the row uses: their
   * mark belongs in that column only, not beside the name (issue 36 item 6). Absent when none.
   */
  aside: z.array(z.string()).optional(),
});
export type ReviewMark = z.infer<typeof reviewMarkSchema>;
/** Keyed by governor ID (as text, JSON's keys); only governors with a mark appear. */
export const reviewMarksSchema = z.record(z.string(), reviewMarkSchema);
export type ReviewMarks = z.infer<typeof reviewMarksSchema>;
