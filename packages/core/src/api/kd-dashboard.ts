import { z } from 'zod';
import { dateOptionSchema, kingdomCodeParamsSchema } from './dashboard.ts';
import { reviewMarksSchema } from './data-review.ts';

/**
 * The KD DKP dashboard's calls (SPEC §2 "KD DKP dashboard", §3 "DKP response", §4 scanStatus, §7):
 * - GET  /api/kd-dashboard/{kd}/data/{code}?start_date&end_date&top → kdDashboardResponseSchema
 * - POST /api/kd-dashboard/update-data  {kd, code, start_date?, end_date?, top?} → kdDashboardUpdateResponseSchema
 * - GET  /api/kd-dashboard/{kd}/prekvk-rankings?code=&kvk_number= → prekvkRankingsResponseSchema
 * All three are viewer calls: kd + the kingdom's access code (404 'Kingdom not found' when the pair is wrong). The
 * pre-KvK call takes the code as `?code=` (SPEC §7 lists only kvk_number; the code is what lets anyone read it).
 *
 * Rows are the kingdom's OWN governors (home kd = kd, or unknown) seen in the period's scans; numbers raw (null =
 * unknown).
 * See docs/dkp.md for how every number is computed.
 */

export const kdDashboardParamsSchema = kingdomCodeParamsSchema;

const timestampText = z.string().regex(/^(\d{1,12})?$/, 'must be a unix time in seconds');

export const kdDashboardQuerySchema = z.object({
  /** Unix seconds of a scan; default: the KvK period (see `selectedDates`). */
  start_date: timestampText.optional(),
  end_date: timestampText.optional(),
  /**
   * Keep the top N governors by current power; empty, 'all' or 0 keeps everyone; omitted: the kingdom's
   * defaultTopFilter setting.
   */
  top: z.string().max(10).optional(),
});
export type KdDashboardQuery = z.input<typeof kdDashboardQuerySchema>;

export const DKP_ROW_FIELDS = [
  'Governor ID',
  'Name',
  'Alliance',
  'DKP Score',
  'DKP Goal',
  'Reached',
  'power',
  'Current Power',
  'Base Power',
  'Power Change',
  'T4 Kills',
  'T5 Kills',
  'T4+T5 KP',
  'All Deads',
  'Deads (T4+T5)',
  'Honor Points',
  'HOH Status',
  'Alliance Helps',
  'Healed',
  'Rss Gathered',
  'Dead %',
  'KP %',
  // Extra to SPEC: the goals Dead % and KP % are measured against, and other stat gains the formula may use.
  'Dead Goal',
  'KP Goal',
  'T1 Kills',
  'T2 Kills',
  'T3 Kills',
  'Rss Assistance',
] as const;
export type DkpRowField = (typeof DKP_ROW_FIELDS)[number];

/** HOH Status: 'Recorded' when the governor has a Hall of Heroes record for the KvK, else 'Missing'; null when the
 * KvK has no HoH records at all (or there is no KvK). */
export const HOH_STATUSES = ['Recorded', 'Missing'] as const;

const n = z.number().nullable();

export const dkpRowSchema = z.object({
  'Governor ID': z.number(),
  Name: z.string(),
  Alliance: z.string().nullable(),
  /** Σ over the enabled formula terms of value × gain (summed over the wars when wars are saved). */
  'DKP Score': n,
  /** From the tier of Base Power (direct or percentage); null when no tier covers it. */
  'DKP Goal': n,
  /** DKP Score / DKP Goal × 100, two decimals; null without a goal (or goal 0). */
  Reached: n,
  /** Same as 'Current Power' (SPEC lists both). */
  power: n,
  /** Power at the period's last scan. */
  'Current Power': n,
  /** Power at the period's first scan (the governor's first scan in it); picks the goal tier. */
  'Base Power': n,
  /** Current Power − Base Power. */
  'Power Change': n,
  /** Gains over the scored span(s) (the wars when saved, else the period). */
  'T4 Kills': n,
  'T5 Kills': n,
  'T4+T5 KP': n,
  /** Gain of all dead troops (the scans' Dead). */
  'All Deads': n,
  /** T4 + T5 dead from Hall of Heroes records; null when the governor has no record. */
  'Deads (T4+T5)': n,
  /** Gain of honor (the scans' acclaim/honor points column). */
  'Honor Points': n,
  'HOH Status': z.enum(HOH_STATUSES).nullable(),
  'Alliance Helps': n,
  Healed: n,
  'Rss Gathered': n,
  /** Dead (HoH T4+T5 when the T4/T5 dead terms are on, else All Deads) / Dead Goal × 100; null without dead_on. */
  'Dead %': n,
  /** T4+T5 KP / KP Goal × 100; null without kp_on. */
  'KP %': n,
  'Dead Goal': n,
  'KP Goal': n,
  'T1 Kills': n,
  'T2 Kills': n,
  'T3 Kills': n,
  'Rss Assistance': n,
  /**
   * Only for a farm while the kingdom shows farms apart (docs/farms.md): its main's Governor ID. Such a row has no
   * goal (DKP Goal, Reached, Dead/KP goals and % are null) and is listed after every main.
   */
  'Farm Of': z.number().optional(),
});
export type DkpRow = z.infer<typeof dkpRowSchema>;

export const SCAN_STATUSES = ['normal', 'single', 'error', 'no_scans_in_kvk', 'offseason_no_scans'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

export const latestKvkSchema = z.object({ kvk_number: z.number().int(), open_time: z.number().int() });

export const kdDashboardResponseSchema = z.object({
  /** Sorted by DKP Score descending (unknown last), then Governor ID. */
  playerData: z.array(dkpRowSchema),
  /**
   * The DKP row fields the table shows, in order: Governor ID, Name, Alliance, DKP Score, then DKP Goal and Reached
   * when score_on, Current Power, Base Power, Power Change, then the stat columns of the scored formula terms
   * (T1–T5 Kills, All Deads for Dead Troops, Rss Assistance, Alliance Helps, Rss Gathered, and 'Deads (T4+T5)' +
   * 'HOH Status' for the T4/T5 Dead Troops terms), then Dead Goal and Dead % when dead_on, then T4+T5 KP, KP Goal
   * and KP % when kp_on. No field twice.
   */
  activeColumns: z.array(z.enum(DKP_ROW_FIELDS)),
  /**
   * normal; single: the period has one scan (gains are 0); error: a saved war names a scan that no longer exists
   * (or its before is not earlier than its after) — that war is skipped; no_scans_in_kvk: a KvK season is current
   * (open, or the latest that opened) but has no scans; offseason_no_scans: no KvK season has opened and the kingdom
   * has no scans. See docs/dkp.md.
   */
  scanStatus: z.enum(SCAN_STATUSES),
  /** The current season: open now, else the latest that opened; null when none. */
  latestKvk: latestKvkSchema.nullable(),
  /** Banner text after 'DKP FORMULA :'. */
  formulaString: z.string(),
  // Extras to SPEC for the period header and the banner.
  totalPlayers: z.number().int(),
  /** Kingdom scans selectable in the period header (the KvK's when a season exists, else all), oldest first. */
  dates: z.array(dateOptionSchema),
  /** The period used (unix seconds as text); '' when there are no scans. */
  selectedDates: z.object({ start: z.string(), end: z.string() }),
  /** The wars scored (empty: the period is scored as one span). */
  wars: z.array(z.object({ name: z.string(), before: z.number(), after: z.number() })),
  /** Whether a KvK season is open now. */
  activeKvk: z.boolean(),
  /** Issue 12: review marks for the governors of this page (docs/data-review.md); absent when none has one. */
  reviewMarks: reviewMarksSchema.optional(),
});
export type KdDashboardResponse = z.infer<typeof kdDashboardResponseSchema>;

export const kdDashboardUpdateBodySchema = z.object({
  kd: z.union([z.string().max(10), z.number()]),
  code: z.string().min(1).max(64),
  start_date: timestampText.optional(),
  end_date: timestampText.optional(),
  top: z.string().max(10).optional(),
});
export const kdDashboardUpdateResponseSchema = z.object({
  status: z.literal('success'),
  rows: z.number().int(),
});

export const prekvkParamsSchema = z.object({ kd: z.string().regex(/^\d{1,5}$/, 'must be a kingdom number') });
export const prekvkQuerySchema = z.object({
  code: z.string().min(1).max(64),
  /** Default: the latest KvK that has pre-KvK points. */
  kvk_number: z.coerce.number().int().min(0).optional(),
});

export const prekvkRowSchema = z.object({
  governor_id: z.number(),
  name: z.string(),
  stage1_points: z.number(),
  stage2_points: z.number(),
  stage3_points: z.number(),
  total_points: z.number(),
});
export type PrekvkRow = z.infer<typeof prekvkRowSchema>;

export const prekvkRankingsResponseSchema = z.object({
  /** Sorted by total_points descending, then governor_id. */
  data: z.array(prekvkRowSchema),
  /** Unix seconds of the latest update of these points; null when there are none. */
  last_updated: z.number().nullable(),
  /** The KvK the points are for; null when there are none. */
  kvk_number: z.number().int().nullable(),
});
export type PrekvkRankingsResponse = z.infer<typeof prekvkRankingsResponseSchema>;
