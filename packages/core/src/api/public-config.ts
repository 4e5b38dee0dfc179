import { z } from 'zod';

/** What the browser may know about how the server was started. */
export const publicConfigResponseSchema = z.object({
  loginEnabled: z.boolean(),
});
export type PublicConfigResponse = z.infer<typeof publicConfigResponseSchema>;

export const demoTargetParamsSchema = z.object({ secret: z.string().min(1).max(100) });
export const demoTargetResponseSchema = z.object({ kd: z.number().int(), code: z.string() });
export type DemoTargetResponse = z.infer<typeof demoTargetResponseSchema>;
