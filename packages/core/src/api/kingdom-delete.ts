import { z } from 'zod';

/** The superadmin's kingdom deletion (DELETE /admin/kingdoms/{kd}). */

export const deleteKingdomParamsSchema = z.object({
  kd: z.string().regex(/^\d{1,5}$/, 'must be a kingdom number'),
});

/** The kingdom number as the person typed it to confirm; the server refuses a deletion that does not repeat it. */
export const deleteKingdomBodySchema = z.object({ confirmKd: z.number().int() });
export type DeleteKingdomBody = z.infer<typeof deleteKingdomBodySchema>;

export const deleteKingdomResponseSchema = z.object({
  message: z.string(),
  deleted: z.object({
    kd: z.number().int(),
    scans: z.number().int(),
    governorRows: z.number().int(),
    camps: z.number().int(),
    seasons: z.number().int(),
    rallies: z.number().int(),
    hohRecords: z.number().int(),
    prekvkPoints: z.number().int(),
    adminLinks: z.number().int(),
    formula: z.boolean(),
    rallyToken: z.boolean(),
  }),
});
export type DeleteKingdomResponse = z.infer<typeof deleteKingdomResponseSchema>;
