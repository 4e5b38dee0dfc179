import { z } from 'zod';

/** What the browser may know about how the server was started. */
export const publicConfigResponseSchema = z.object({
  loginEnabled: z.boolean(),
  /** `/demo/dashboard/{secret}` when the demo kingdom exists, otherwise null (the landing page hides View Demo). */
  demoPath: z.string().nullable(),
  /** The external shop (SHOP_URL) and premium page (PREMIUM_URL); null when not configured, and the link is hidden. */
  shopUrl: z.string().nullable(),
  premiumUrl: z.string().nullable(),
});
export type PublicConfigResponse = z.infer<typeof publicConfigResponseSchema>;

export const demoTargetParamsSchema = z.object({ secret: z.string().min(1).max(100) });
export const demoTargetResponseSchema = z.object({ kd: z.number().int(), code: z.string() });
export type DemoTargetResponse = z.infer<typeof demoTargetResponseSchema>;
