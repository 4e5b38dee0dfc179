import { z } from 'zod';
import { DEFAULT_RALLY_PAGE_SIZE, RALLY_PAGE_SIZES } from '../constants.ts';
import { DEFAULT_RALLY_DATE_FILTER, RALLY_DATE_FILTERS, RALLY_TIME_ZONE } from '../rally-dates.ts';
import { parseRallyTime } from '../rally-time.ts';

/**
 * The Rally Data calls (SPEC §3 Rally row and response, §7) and the rally bot's ingestion call. The server computes
 * ranking, counts and the average per day over the whole period; the browser only shows a page of it.
 */

export const rallyDateFilterSchema = z.enum(RALLY_DATE_FILTERS);

export const rallyViewerParamsSchema = z.object({
  kd: z.string().regex(/^\d{1,5}$/, 'must be a kingdom number'),
  code: z.string().min(1).max(64),
});

const unixSecondsText = z
  .string()
  .regex(/^\d{1,12}$/, 'must be a unix time in seconds')
  .transform(Number);

/** Largest page the rally table offers. */
export const MAX_RALLY_PAGE_SIZE = Math.max(...RALLY_PAGE_SIZES);

const periodQueryShape = {
  date_filter: rallyDateFilterSchema.default(DEFAULT_RALLY_DATE_FILTER),
  /** Unix seconds, inclusive: 00:00:00 UTC of the first day. Only with date_filter=custom. */
  custom_start: unixSecondsText.optional(),
  /** Unix seconds, inclusive: 23:59:59 UTC of the last day. Only with date_filter=custom. */
  custom_end: unixSecondsText.optional(),
};

function checkCustomPeriod(
  query: { date_filter: string; custom_start?: number | undefined; custom_end?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (query.date_filter !== 'custom') return;
  if (query.custom_start === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['custom_start'],
      message: 'is required when date_filter is custom',
    });
  }
  if (query.custom_end === undefined) {
    ctx.addIssue({ code: 'custom', path: ['custom_end'], message: 'is required when date_filter is custom' });
  }
  if (
    query.custom_start !== undefined &&
    query.custom_end !== undefined &&
    query.custom_start > query.custom_end
  ) {
    ctx.addIssue({ code: 'custom', path: ['custom_end'], message: 'must not be before custom_start' });
  }
}

export const rallyPeriodQuerySchema = z.object(periodQueryShape).superRefine(checkCustomPeriod);
export type RallyPeriodQuery = z.input<typeof rallyPeriodQuerySchema>;

export const rallyDataQuerySchema = z
  .object({
    ...periodQueryShape,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(MAX_RALLY_PAGE_SIZE).default(DEFAULT_RALLY_PAGE_SIZE),
    /** Participant name or governor ID, case-insensitive substring. */
    search: z.string().max(100).optional(),
  })
  .superRefine(checkCustomPeriod);
export type RallyDataQuery = z.input<typeof rallyDataQuerySchema>;

export const rallyRowSchema = z.object({
  /** Place in the whole period's ranking (total rallies, then name), whatever the search or page. */
  rank: z.number().int(),
  participant_id: z.number().int(),
  /** The name the governor had in their latest rally of the period. */
  participant_name: z.string(),
  /** Rallies joined plus rallies launched. */
  total_rallies: z.number().int(),
  total_joined: z.number().int(),
  total_launched: z.number().int(),
});
export type RallyRow = z.infer<typeof rallyRowSchema>;

export const rallySummaryStatsSchema = z.object({
  /** Distinct rallies launched in the period. */
  total_rallies: z.number().int(),
  /** Distinct governors who launched or joined a rally in the period. */
  total_participants: z.number().int(),
  /** total_rallies divided by the period's days that have begun, one decimal. */
  average_per_day: z.number(),
});
export type RallySummaryStats = z.infer<typeof rallySummaryStatsSchema>;

export const rallyPeriodSchema = z.object({
  date_filter: rallyDateFilterSchema,
  /** Unix seconds, inclusive. */
  start: z.number().int(),
  /** Unix seconds, exclusive. */
  end: z.number().int(),
  /** What average_per_day divides by. */
  days: z.number().int(),
  time_zone: z.literal(RALLY_TIME_ZONE),
});
export type RallyPeriod = z.infer<typeof rallyPeriodSchema>;

export const rallyDataResponseSchema = z.object({
  rallyData: z.array(rallyRowSchema),
  /** For the whole period; the search does not narrow them. */
  summaryStats: rallySummaryStatsSchema,
  /** Pages of participants matching the search; 0 when none match. */
  totalPages: z.number().int(),
  /** Participants matching the search. */
  totalParticipants: z.number().int(),
  period: rallyPeriodSchema,
});
export type RallyDataResponse = z.infer<typeof rallyDataResponseSchema>;

export const rallySummaryResponseSchema = z.object({
  summaryStats: rallySummaryStatsSchema,
  period: rallyPeriodSchema,
});
export type RallySummaryResponse = z.infer<typeof rallySummaryResponseSchema>;

export const rallyAvailableFiltersResponseSchema = z.object({
  filters: z.array(z.object({ value: rallyDateFilterSchema, label: z.string() })),
  default: rallyDateFilterSchema,
  time_zone: z.literal(RALLY_TIME_ZONE),
});
export type RallyAvailableFiltersResponse = z.infer<typeof rallyAvailableFiltersResponseSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Ingestion: POST /api/rally/{kd}/events with the kingdom's ingestion token

export const MAX_RALLIES_PER_CALL = 500;
export const MAX_PARTICIPANTS_PER_RALLY = 200;
const MAX_NAME_LENGTH = 64;

/** A governor ID: a positive whole number, sent as a JSON number or a string of digits. */
export const governorIdSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const id = typeof value === 'number' ? value : /^\s*\d{1,16}\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) {
    ctx.addIssue({ code: 'custom', message: 'must be a governor ID: a positive whole number' });
    return z.NEVER;
  }
  return id;
});

/**
 * A rally's own ID as the bot knows it (a Discord snowflake, a UUID…): 1–64 letters, digits, `-`, `_`, `.` or `:`.
 * Numbers are accepted while exact; a snowflake beyond 2^53 must travel as a string.
 */
export const rallyIdSchema = z.union([z.string(), z.number()]).transform((value, ctx) => {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a whole number below 2^53, or a string (send large IDs as strings)',
      });
      return z.NEVER;
    }
    return String(value);
  }
  const id = value.trim();
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(id)) {
    ctx.addIssue({ code: 'custom', message: 'must be 1 to 64 letters, digits, "-", "_", "." or ":"' });
    return z.NEVER;
  }
  return id;
});

/** Unix seconds, or ISO-8601 (a time without a zone is UTC). */
export const rallyTimeSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const parsed = parseRallyTime(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.problem });
    return z.NEVER;
  }
  return parsed.seconds;
});

const governorNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`);

export const rallyGovernorSchema = z.object({ id: governorIdSchema, name: governorNameSchema });

export const rallyEventSchema = z
  .object({
    rally_id: rallyIdSchema,
    launched_at: rallyTimeSchema,
    launcher: rallyGovernorSchema,
    /** Those who joined. The launcher, if listed, is left out: launching is counted apart from joining. */
    participants: z.array(rallyGovernorSchema).max(MAX_PARTICIPANTS_PER_RALLY).default([]),
  })
  .superRefine((rally, ctx) => {
    const seen = new Map<number, number>();
    rally.participants.forEach((participant, index) => {
      const first = seen.get(participant.id);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['participants', index, 'id'],
          message: `repeats participant ${participant.id} (also participants.${first})`,
        });
      } else seen.set(participant.id, index);
    });
  });
export type RallyEvent = z.output<typeof rallyEventSchema>;

export const rallyEventsBodySchema = z
  .object({
    rallies: z
      .array(rallyEventSchema)
      .min(1, 'must hold at least one rally')
      .max(MAX_RALLIES_PER_CALL, `must hold at most ${MAX_RALLIES_PER_CALL} rallies per call`),
  })
  .superRefine((body, ctx) => {
    const seen = new Map<string, number>();
    body.rallies.forEach((rally, index) => {
      const first = seen.get(rally.rally_id);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['rallies', index, 'rally_id'],
          message: `repeats rally ${rally.rally_id} (also rallies.${first})`,
        });
      } else seen.set(rally.rally_id, index);
    });
  });
export type RallyEventsBody = z.input<typeof rallyEventsBodySchema>;

export const rallyKingdomParamsSchema = z.object({
  kd: z.string().regex(/^\d{1,5}$/, 'must be a kingdom number'),
});

export const rallyEventsResponseSchema = z.object({
  /** Rallies in the call. */
  accepted: z.number().int(),
  /** Rallies stored for the first time. */
  created: z.number().int(),
  /** Rallies stored before, now replaced (their participants are the ones just sent). */
  updated: z.number().int(),
});
export type RallyEventsResponse = z.infer<typeof rallyEventsResponseSchema>;

// Admin: the kingdom's ingestion token (per-kingdom settings page)

export const rallyTokenResponseSchema = z.object({
  /** Shown once: only its hash is stored. */
  token: z.string(),
  createdAt: z.number().int(),
});
export type RallyTokenResponse = z.infer<typeof rallyTokenResponseSchema>;

export const rallyTokenStatusResponseSchema = z.object({
  exists: z.boolean(),
  createdAt: z.number().int().nullable(),
});
export type RallyTokenStatusResponse = z.infer<typeof rallyTokenStatusResponseSchema>;
