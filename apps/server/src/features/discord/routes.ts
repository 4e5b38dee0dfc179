import {
  discordKingdomParamsSchema,
  discordLinkDecisionBodySchema,
  discordLinkParamsSchema,
  discordLinkSchema,
  discordSetupCodeResponseSchema,
  discordStatusResponseSchema,
} from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { requireKingdomAdmin } from '../../plugins/auth.ts';
import { MemoryCounterStore } from '../../plugins/counter-store.ts';
import { FailureCounter } from '../../plugins/failure-counter.ts';
import { refuseTooMany, TOO_MANY_ATTEMPTS } from '../../plugins/rate-limit.ts';
import { nowSeconds } from '../../time.ts';
import type { DiscordHandlers } from './handlers.ts';
import type { Interaction } from './protocol.ts';
import { ANSWER_BUDGET_MS, answerInTime } from './respond.ts';
import { checkSignature, ed25519PublicKey, SeenSignatures } from './signature.ts';
import { createSetupCode, decideLink, guildsOfKingdom, pendingLinks } from './store.ts';

export interface DiscordRouteOptions {
  handlers: DiscordHandlers;
  /** The application's public key (hex); without it the interactions endpoint is not served (gateway mode, off). */
  publicKey: string | null;
  /** Tests shorten it to see deferred answers; Discord allows 3 seconds. */
  answerBudgetMs?: number;
  /** Failed signatures per client address per minute before 429. */
  badSignaturesPerMinute?: number;
}

/** The body the endpoint reads: Discord's JSON, kept as bytes, since the signature covers the exact bytes sent. */
const INTERACTION_BODY_LIMIT = 256 * 1024;

export const discordRoutes: FastifyPluginAsyncZod<DiscordRouteOptions> = async (app, options) => {
  const { handlers } = options;

  // In a scope of its own: its JSON parser keeps raw bytes, which the admin calls below must not get.
  await app.register(async (scope) => {
    if (options.publicKey === null) return;
    const publicKey = ed25519PublicKey(options.publicKey);
    const seen = new SeenSignatures();
    const badSignatures = new FailureCounter(
      options.badSignaturesPerMinute ?? 30,
      60_000,
      new MemoryCounterStore(),
      'discord-signature',
    );
    // Only in this plugin's scope: the raw bytes, for the signature, instead of parsed JSON.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );

    // Who: Discord, proven by the request's Ed25519 signature. Anything else is 401 in the API's one error shape.
    scope.post('/discord/interactions', { bodyLimit: INTERACTION_BODY_LIMIT }, async (request, reply) => {
      const wait = await badSignatures.blockedFor(request.ip);
      if (wait > 0) refuseTooMany(reply, wait, TOO_MANY_ATTEMPTS);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = header(request.headers['x-signature-ed25519']);
      const now = nowSeconds();
      const check = checkSignature({
        publicKey,
        signature,
        timestamp: header(request.headers['x-signature-timestamp']),
        body,
        nowSeconds: now,
      });
      if (!check.ok || !seen.firstTime(signature ?? '', now)) {
        await badSignatures.fail(request.ip);
        throw new AppError('UNAUTHORIZED', check.ok ? 'The request was already received' : check.reason);
      }
      let interaction: Interaction;
      try {
        interaction = JSON.parse(body.toString('utf8')) as Interaction;
      } catch {
        throw new AppError('BAD_REQUEST', 'The interaction is not JSON');
      }
      if (typeof interaction !== 'object' || interaction === null || typeof interaction.type !== 'number') {
        throw new AppError('BAD_REQUEST', 'The interaction has no type');
      }
      return answerInTime({
        interaction,
        work: handlers.handle(interaction),
        budgetMs: options.answerBudgetMs ?? ANSWER_BUDGET_MS,
        rest: handlers.deps.rest,
        log: request.log,
      });
    });
  });

  // Who: an admin of the kingdom, or a superadmin. The code is in this answer only.
  app.post(
    '/admin/kingdoms/:kd/discord/setup-code',
    { schema: { params: discordKingdomParamsSchema, response: { 200: discordSetupCodeResponseSchema } } },
    async (request, reply) => {
      const kd = Number(request.params.kd);
      const user = requireKingdomAdmin(request, kd);
      reply.header('Cache-Control', 'no-store');
      return createSetupCode(app.db, { kd, userId: user.id });
    },
  );

  // Who: an admin of the kingdom, or a superadmin.
  app.get(
    '/admin/kingdoms/:kd/discord',
    { schema: { params: discordKingdomParamsSchema, response: { 200: discordStatusResponseSchema } } },
    async (request) => {
      const kd = Number(request.params.kd);
      requireKingdomAdmin(request, kd);
      const [guilds, pending] = await Promise.all([guildsOfKingdom(app.db, kd), pendingLinks(app.db, kd)]);
      return {
        guilds: guilds.map((guild) => ({
          guildId: guild.guild_id,
          boundAt: Number(guild.bound_at),
          announce: guild.announce_webhook_url
            ? ('webhook' as const)
            : guild.announce_channel_id
              ? ('channel' as const)
              : ('none' as const),
          adminRoleId: guild.admin_role_id,
          adminChannelId: guild.admin_channel_id,
        })),
        pending,
      };
    },
  );

  // Who: an admin of the kingdom, or a superadmin.
  app.post(
    '/admin/kingdoms/:kd/discord/links/:id',
    {
      schema: {
        params: discordLinkParamsSchema,
        body: discordLinkDecisionBodySchema,
        response: { 200: discordLinkSchema },
      },
    },
    async (request) => {
      const kd = Number(request.params.kd);
      const user = requireKingdomAdmin(request, kd);
      const link = await decideLink(app.db, {
        kd,
        linkId: Number(request.params.id),
        decision: request.body.decision,
        userId: user.id,
        via: 'site',
      });
      const { kd: _kd, ...answer } = link;
      return answer;
    },
  );
};

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
