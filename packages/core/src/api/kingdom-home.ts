import { z } from 'zod';

/** Kingdom home (SPEC §3 Kingdom home response, §7 GET /kdhome/{kdno}): signed-in users of the kingdom. */

export const kingdomHomeParamsSchema = z.object({
  kdno: z.string().regex(/^\d{1,5}$/, 'must be a kingdom number'),
});

export const KVK_STATUSES = ['active', 'offseason'] as const;
export type KvkStatus = (typeof KVK_STATUSES)[number];

export const currentKvkSchema = z.object({
  kvk_number: z.number().int(),
  /** Unix seconds. */
  open_time: z.number().int(),
  /** Unix seconds. */
  close_time: z.number().int(),
});
export type CurrentKvk = z.infer<typeof currentKvkSchema>;

export const kingdomHomeResponseSchema = z.object({
  kd: z.number().int(),
  name: z.string().nullable(),
  /**
   * The kingdom's access code, which whoever may open its home (its admins, a superadmin) can see on its settings
   * page anyway: the home's kingdom bar links the kingdom's screens with it (issue 41 item 12).
   */
  code: z.string(),
  kvk_info: z.object({
    /** active while a KvK season is open (open_time <= now < close_time), otherwise offseason. */
    status: z.enum(KVK_STATUSES),
    /**
     * The open season; in the offseason the next scheduled one, else the last one that closed; null when the
     * kingdom has no seasons.
     */
    current_kvk: currentKvkSchema.nullable(),
  }),
});
export type KingdomHomeResponse = z.infer<typeof kingdomHomeResponseSchema>;
