import { z } from 'zod';
import { FILTER_OPERATORS } from '../table-query.ts';
import { reviewMarksSchema } from './data-review.ts';
import { farmMarksSchema } from './farms.ts';

/**
 * The main dashboard's calls (SPEC §3, §7). Player rows are keyed by SPEC's field names, values raw numbers (null
 * when unknown); the browser formats them.
 */

export const PLAYER_ROW_FIELDS = [
  'Gov ID',
  'Name',
  'Alliance',
  'Camp',
  'KD',
  'Start Power',
  'Power Change',
  'Power',
  'T4 Kills',
  'T5 Kills',
  'KP (T4+T5)',
  'Dead',
  'Healed',
  'DKP',
  'Evolution',
  'Kill Points',
  'Death Points',
  'Heal Points',
  'Total Points',
  // Dynamic stat columns: gains over the period of what scanners report beyond the fields above.
  'T1 Kills',
  'T2 Kills',
  'T3 Kills',
  'Kill Points Gained',
  'Rss Gathered',
  'Rss Assistance',
  'Alliance Helps',
  // Which scans the row's gains run between (unix seconds); `Full Period` is false when the governor is missing
  // from the period's first or last scan.
  'First Scan',
  'Last Scan',
  'Full Period',
] as const;
export type PlayerRowField = (typeof PLAYER_ROW_FIELDS)[number];

/**
 * How summaries (and the `camp` filter) name the governors whose home kd is in no camp on the kingdom's map. In
 * player rows such governors have `Camp: null`.
 */
export const NO_CAMP = 'No camp';

/** campSummary headers: the camp, how many governors, then sums over the period's rows. */
export const CAMP_SUMMARY_HEADERS = [
  'CAMP NAME',
  'Governors',
  'Power',
  'Power Change',
  'T4 Kills',
  'T5 Kills',
  'KP (T4+T5)',
  'Dead',
  'Healed',
  'DKP',
] as const;
/** kdSummary headers: field 0 the camp (null: same as the row above), field 1 the home kd, then the metrics. */
export const KD_SUMMARY_HEADERS = ['CAMP NAME', 'KD', ...CAMP_SUMMARY_HEADERS.slice(1)] as const;

const nullableNumber = z.number().nullable();

export const playerRowSchema = z.object({
  'Gov ID': z.number(),
  Name: z.string(),
  Alliance: z.string().nullable(),
  Camp: z.string().nullable(),
  KD: z.number().nullable(),
  'Start Power': nullableNumber,
  'Power Change': nullableNumber,
  Power: nullableNumber,
  'T4 Kills': nullableNumber,
  'T5 Kills': nullableNumber,
  'KP (T4+T5)': nullableNumber,
  Dead: nullableNumber,
  Healed: nullableNumber,
  DKP: nullableNumber,
  Evolution: nullableNumber,
  'Kill Points': nullableNumber,
  'Death Points': nullableNumber,
  'Heal Points': nullableNumber,
  'Total Points': nullableNumber,
  'T1 Kills': nullableNumber,
  'T2 Kills': nullableNumber,
  'T3 Kills': nullableNumber,
  'Kill Points Gained': nullableNumber,
  'Rss Gathered': nullableNumber,
  'Rss Assistance': nullableNumber,
  'Alliance Helps': nullableNumber,
  'First Scan': z.number(),
  'Last Scan': z.number(),
  'Full Period': z.boolean(),
});
export type PlayerRow = z.infer<typeof playerRowSchema>;

export const sortEntrySchema = z.object({
  key: z.string(),
  direction: z.enum(['asc', 'desc']),
  priority: z.number().int().min(1),
});

export const columnFilterSchema = z.object({
  column: z.string(),
  operator: z.enum(FILTER_OPERATORS as unknown as ['contains', 'equals', 'greater', 'less']),
  value: z.string(),
});

/** A query-string value that is JSON text (the browser sends `sorts` and `filters` so). */
const jsonText = <T extends z.ZodType>(schema: T) =>
  z.string().transform((text, ctx) => {
    try {
      return schema.parse(JSON.parse(text)) as z.output<T>;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON list of the documented shape' });
      return z.NEVER;
    }
  });

/** A scan time in unix seconds; empty text means "not given" (the kingdom's default applies). */
const timestampText = z.string().regex(/^(\d{1,12})?$/, 'must be a unix time in seconds');

export const dashboardDataQuerySchema = z.object({
  start_date: timestampText.optional(),
  end_date: timestampText.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50_000).default(20),
  sorts: jsonText(z.array(sortEntrySchema).max(10)).optional(),
  sortBy: z.string().max(100).optional(),
  sortDirection: z.enum(['asc', 'desc']).optional(),
  /** A home kd, or `all`. */
  kd: z.string().max(10).optional(),
  /** A camp name (case-insensitive), NO_CAMP for governors in no camp, or `all`. */
  camp: z.string().max(100).optional(),
  search: z.string().max(100).optional(),
  /** Keep the top N governors by current power; empty, `all` or 0 keeps everyone. */
  top: z.string().max(10).optional(),
  filters: jsonText(z.array(columnFilterSchema).max(20)).optional(),
});
export type DashboardDataQuery = z.input<typeof dashboardDataQuerySchema>;

export const kingdomCodeParamsSchema = z.object({
  kd: z.string().regex(/^\d{1,5}$/, 'must be a kingdom number'),
  code: z.string().min(1).max(64),
});

export const dateOptionSchema = z.object({ timestamp: z.number(), display: z.string() });
export type DateOption = z.infer<typeof dateOptionSchema>;

const summaryCell = z.union([z.string(), z.number(), z.null()]);

export const campSummarySchema = z.object({
  headers: z.array(z.string()),
  data: z.array(z.array(summaryCell)),
  /**
   * Largest magnitude (absolute value) per numeric column (by header), for the progress bars; a column whose
   * values are all unknown has no entry.
   */
  maxValues: z.record(z.string(), z.number()),
  /** Bar colour per column (by header), SPEC §9. */
  colors: z.record(z.string(), z.string()),
});
export type CampSummary = z.infer<typeof campSummarySchema>;

export const kdSummarySchema = campSummarySchema.extend({
  /** Per camp: its colour and the kds in it. In each data row field 0 is the camp (null: same as the row above). */
  campData: z.record(z.string(), z.object({ color: z.string(), kds: z.array(z.number()) })),
});
export type KdSummary = z.infer<typeof kdSummarySchema>;

export const diplomStatsSchema = z.object({
  power: z.number(),
  t4_kills: z.number(),
  t5_kills: z.number(),
  dead_troops: z.number(),
  healed_troops: z.number(),
});
export type DiplomStats = z.infer<typeof diplomStatsSchema>;

/** Camp name → (kd as text, or `total`) → the latest scan's totals. */
export const diplomOverviewSchema = z.object({
  timestamp: z.number().nullable(),
  camps: z.record(z.string(), z.record(z.string(), diplomStatsSchema)),
});
export type DiplomOverview = z.infer<typeof diplomOverviewSchema>;

export const warSelectionSchema = z.object({ name: z.string(), before: z.number(), after: z.number() });
export const dkpScansSelectionSchema = z.union([
  z.literal('none'),
  z.object({ wars: z.array(warSelectionSchema) }),
]);

export const dashboardResponseSchema = z.object({
  playerData: z.array(playerRowSchema),
  totalPlayers: z.number().int(),
  campSummary: campSummarySchema,
  kdSummary: kdSummarySchema,
  availableCamps: z.array(z.string()),
  /** Home kds present in the period, for the KD filter. */
  availableKds: z.array(z.number()),
  dates: z.array(dateOptionSchema),
  formulaString: z.string(),
  diplomOverview: diplomOverviewSchema,
  showAutarchSwitcher: z.boolean(),
  selectedDates: z.object({ start: z.string(), end: z.string() }),
  dkpScansSelection: dkpScansSelectionSchema,
  /** Issue 12: review marks for the governors of this page (docs/data-review.md); absent when none has one. */
  reviewMarks: reviewMarksSchema.optional(),
  /** Issue 13: in `apart` mode, the farms among this page's rows and their mains (docs/farms.md); else absent. */
  farmMarks: farmMarksSchema.optional(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

export const settingsResponseSchema = z.object({
  defaultTopFilter: z.number().int().nullable(),
  defaultDates: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const allKdsResponseSchema = z.object({ kds: z.array(z.number()) });
export const formulaStringResponseSchema = z.object({ formulaString: z.string() });

export const updateTablesBodySchema = z.object({
  /** Optional: without it the access code alone names the kingdom, as in `/dashboard/{code}/all-kds`. */
  kd: z.union([z.string(), z.number()]).optional(),
  code: z.string().min(1).max(64),
  start_date: timestampText.optional(),
  end_date: timestampText.optional(),
});
export const updateTablesResponseSchema = z.object({ status: z.literal('success'), rows: z.number().int() });

export const AUTARCH_ROW_FIELDS = [
  'Gov ID',
  'Name',
  'Alliance',
  'Camp',
  'KD',
  'Power',
  'Kill Points',
  'Death Points',
  'Heal Points',
  'Total Points',
] as const;
export const autarchRowSchema = z.object({
  'Gov ID': z.number(),
  Name: z.string(),
  Alliance: z.string().nullable(),
  Camp: z.string().nullable(),
  KD: z.number().nullable(),
  /** Power in the governor's latest autarch scan; `top` ranks by it. */
  Power: nullableNumber,
  'Kill Points': nullableNumber,
  'Death Points': nullableNumber,
  'Heal Points': nullableNumber,
  'Total Points': nullableNumber,
});
export type AutarchRowField = (typeof AUTARCH_ROW_FIELDS)[number];
export type AutarchRow = z.infer<typeof autarchRowSchema>;

export const autarchDataQuerySchema = dashboardDataQuerySchema.pick({
  page: true,
  pageSize: true,
  sorts: true,
  sortBy: true,
  sortDirection: true,
  kd: true,
  search: true,
  top: true,
});

export const autarchResponseSchema = z.object({
  playerData: z.array(autarchRowSchema),
  totalPlayers: z.number().int(),
  availableKDs: z.array(z.number()),
  campSummary: campSummarySchema,
  kdSummary: kdSummarySchema,
  /** Epoch seconds of the latest autarch scan, or null when there is none. */
  lastUpdated: z.number().nullable(),
});
export type AutarchResponse = z.infer<typeof autarchResponseSchema>;

/** autarch campSummary headers; kdSummary has 'CAMP NAME', 'KD', then the same metrics. */
export const AUTARCH_SUMMARY_HEADERS = [
  'CAMP NAME',
  'Governors',
  'Kill Points',
  'Death Points',
  'Heal Points',
  'Total Points',
] as const;

export const autarchUpdateTablesBodySchema = z.object({
  kd: z.union([z.string(), z.number()]),
  /** The kingdom's access code: warming is a viewer call like reading. */
  code: z.string().min(1).max(64),
});
export const autarchAvailableKdsResponseSchema = allKdsResponseSchema;
