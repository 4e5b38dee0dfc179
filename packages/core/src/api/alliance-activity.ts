import { z } from 'zod';

/**
 * Weekly alliance activity (issue 37; docs/import-formats.md, "A kingdom's other sheets"):
 * - GET /api/alliance-activity/{kd}/{code}?week=YYYY-MM-DD → allianceActivityResponseSchema
 * A viewer call like the dashboards' (kd and access code in the path). Without `week`, the latest week imported.
 */
export const allianceActivityQuerySchema = z.object({
  week: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day as YYYY-MM-DD')
    .optional(),
});

const n = z.number().nullable();

export const allianceActivityRowSchema = z.object({
  governorId: z.number().int(),
  name: z.string(),
  alliance: z.string().nullable(),
  power: n,
  killPoints: n,
  helpTimes: n,
  rssTrading: n,
  building: n,
  techDonation: n,
});
export type AllianceActivityRow = z.infer<typeof allianceActivityRowSchema>;

export const allianceActivityResponseSchema = z.object({
  /** Every week imported (its Monday, UTC, as YYYY-MM-DD), newest first. */
  weeks: z.array(z.string()),
  /** The week shown; null when none was imported (or the one asked for is not one of `weeks`). */
  week: z.string().nullable(),
  /** That week's governors: by alliance, then help times (most first), then name. */
  rows: z.array(allianceActivityRowSchema),
});
export type AllianceActivityResponse = z.infer<typeof allianceActivityResponseSchema>;
