import { z } from 'zod';

/**
 * Kingdom Stats in Discord, the settings page's calls (docs/discord.md; admin of the kingdom or superadmin):
 * - POST /api/admin/kingdoms/{kd}/discord/setup-code → discordSetupCodeResponseSchema (the code is in this answer only)
 * - GET  /api/admin/kingdoms/{kd}/discord → discordStatusResponseSchema (bound servers, claims waiting)
 * - POST /api/admin/kingdoms/{kd}/discord/links/{id} discordLinkDecisionBodySchema → discordLinkSchema
 * Discord itself posts to POST /api/discord/interactions (signed; the protocol is Discord's own).
 */
export const discordKingdomParamsSchema = z.object({
  kd: z.string().regex(/^\d{1,5}$/, 'must be a kingdom number'),
});

export const discordLinkParamsSchema = discordKingdomParamsSchema.extend({
  id: z.string().regex(/^\d{1,12}$/, 'must be a link request number'),
});

export const discordSetupCodeResponseSchema = z.object({
  code: z.string(),
  /** Unix seconds; the code binds one server once, before this. */
  expiresAt: z.number().int(),
});

export const discordLinkSchema = z.object({
  id: z.number().int(),
  governorId: z.number().int(),
  discordUserId: z.string(),
  discordUsername: z.string(),
  status: z.enum(['pending', 'approved', 'refused']),
  requestedAt: z.number().int(),
  /** Another Discord user claims the same governor: approve one, refuse the other. */
  contested: z.boolean(),
});
export type DiscordLink = z.infer<typeof discordLinkSchema>;

export const discordStatusResponseSchema = z.object({
  guilds: z.array(
    z.object({
      guildId: z.string(),
      boundAt: z.number().int(),
      /** Where imports are announced: a webhook (its URL is a secret, never answered), a channel, or nowhere. */
      announce: z.enum(['webhook', 'channel', 'none']),
      adminRoleId: z.string().nullable(),
      adminChannelId: z.string().nullable(),
    }),
  ),
  pending: z.array(discordLinkSchema),
});
export type DiscordStatusResponse = z.infer<typeof discordStatusResponseSchema>;

export const discordLinkDecisionBodySchema = z.object({ decision: z.enum(['approved', 'refused']) });
