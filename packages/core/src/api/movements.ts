import { z } from 'zod';
import { dateOptionSchema, kingdomCodeParamsSchema } from './dashboard.ts';

/**
 * Arrivals, departures and inactive governors of a period (issue 13 item 2; definitions in docs/movements.md):
 * - GET /api/dashboard/{kd}/movements/{code}?start_date&end_date&inactive_scans → movementsResponseSchema
 * A viewer call like the dashboards': kd + the kingdom's access code (404 'Kingdom not found' when the pair is
 * wrong). Rows are the kingdom's own governors (home kd = kd, or unknown), except that a migration names the other
 * kingdom.
 */

export const movementsParamsSchema = kingdomCodeParamsSchema;

const timestampText = z.string().regex(/^(\d{1,12})?$/, 'must be a unix time in seconds');

export const INACTIVE_SCANS_DEFAULT = 3;
export const INACTIVE_SCANS_MIN = 2;
export const INACTIVE_SCANS_MAX = 50;

export const movementsQuerySchema = z.object({
  /** Unix seconds of a kingdom scan; default: the kingdom's default dates, else its first and last scan. */
  start_date: timestampText.optional(),
  end_date: timestampText.optional(),
  /** How many scans in a row, ending at the period's end, an inactive governor's counters stayed the same. */
  inactive_scans: z.coerce
    .number()
    .int()
    .min(INACTIVE_SCANS_MIN)
    .max(INACTIVE_SCANS_MAX)
    .default(INACTIVE_SCANS_DEFAULT),
});
export type MovementsQuery = z.input<typeof movementsQuerySchema>;

/** Why a governor is in a table. */
export const MOVEMENT_REASONS = [
  'new',
  'returned',
  'migrated_in',
  'left',
  'below_cutoff',
  'migrated_out',
  'inactive',
] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];

export const movementRowSchema = z.object({
  governorId: z.number(),
  name: z.string(),
  alliance: z.string().nullable(),
  homeKd: z.number().nullable(),
  power: z.number().nullable(),
  /** Unix seconds: the scan that showed the change (arrived: first seen; left: last seen; inactive: unchanged since). */
  at: z.number(),
  reason: z.enum(MOVEMENT_REASONS),
  /** The other home kingdom of a migration; null otherwise. */
  otherKd: z.number().nullable(),
});
export type MovementRow = z.infer<typeof movementRowSchema>;

export const movementsResponseSchema = z.object({
  dates: z.array(dateOptionSchema),
  /** The period answered (unix seconds as text, as the dashboards'); empty when the kingdom has no scans. */
  selectedDates: z.object({ start: z.string(), end: z.string() }),
  inactiveScans: z.number(),
  /** The lowest known power among the end scan's own governors: a departure below it is 'below_cutoff'. */
  cutoffPower: z.number().nullable(),
  arrived: z.array(movementRowSchema),
  left: z.array(movementRowSchema),
  inactive: z.array(movementRowSchema),
});
export type MovementsResponse = z.infer<typeof movementsResponseSchema>;

/** The "why" column, in words, as tables and exports show it. */
export function movementWhy(row: Pick<MovementRow, 'reason' | 'otherKd'>, inactiveScans: number): string {
  const other = row.otherKd === null ? 'another kingdom' : `kingdom ${row.otherKd}`;
  switch (row.reason) {
    case 'new':
      return 'First seen';
    case 'returned':
      return 'Back after an absence';
    case 'migrated_in':
      return `Came from ${other}`;
    case 'left':
      return 'Last seen';
    case 'below_cutoff':
      return "Below the scan's power cut-off";
    case 'migrated_out':
      return `Moved to ${other}`;
    case 'inactive':
      return `No change over ${inactiveScans} scans`;
  }
}
