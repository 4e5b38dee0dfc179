import { Client, GatewayDispatchEvents } from '@discordjs/core';
import { REST } from '@discordjs/rest';
import { WebSocketManager } from '@discordjs/ws';
import type { DiscordConfig } from '../../discord-config.ts';
import type { DiscordHandlers } from './handlers.ts';
import type { Interaction } from './protocol.ts';
import { ANSWER_BUDGET_MS, answerInTime, type FollowUpLog } from './respond.ts';

export interface GatewayConnection {
  close(): Promise<void>;
}

/**
 * Gateway mode's one step: an interaction Discord delivered over the gateway is answered by the same handlers as the
 * HTTP endpoint's, in the same time budget, and the answer posted to its callback URL (Discord's rule for gateway
 * interactions). Exported so that tests drive it without a gateway.
 */
export async function answerGatewayInteraction(input: {
  interaction: Interaction;
  handlers: DiscordHandlers;
  log: FollowUpLog;
  budgetMs?: number;
}): Promise<void> {
  const { interaction, handlers } = input;
  const response = await answerInTime({
    interaction,
    work: handlers.handle(interaction),
    budgetMs: input.budgetMs ?? ANSWER_BUDGET_MS,
    rest: handlers.deps.rest,
    log: input.log,
  });
  await handlers.deps.rest.answerInteraction(interaction.id, interaction.token, response);
}

/**
 * Connects to Discord's gateway as the bot (no intents: interactions need none) and answers each interaction. For
 * hosts without a public HTTPS address; docs/discord.md. The token goes to Discord only.
 */
export async function startGateway(
  config: DiscordConfig,
  handlers: DiscordHandlers,
  log: FollowUpLog & { info(message: string): void },
): Promise<GatewayConnection> {
  if (!config.botToken) throw new Error('Gateway mode needs DISCORD_BOT_TOKEN');
  const versioned = /^(.*)\/v(\d+)$/.exec(config.apiUrl);
  const rest = new REST({
    api: versioned ? (versioned[1] as string) : config.apiUrl,
    version: versioned ? (versioned[2] as string) : '10',
  }).setToken(config.botToken);
  const gateway = new WebSocketManager({ token: config.botToken, intents: 0, rest });
  const client = new Client({ rest, gateway });
  client.on(GatewayDispatchEvents.InteractionCreate, ({ data }) => {
    answerGatewayInteraction({ interaction: data as unknown as Interaction, handlers, log }).catch(
      (error: Error) => log.warn({ why: error.message }, 'discord interaction not answered'),
    );
  });
  client.once(GatewayDispatchEvents.Ready, () => log.info('Discord gateway connected'));
  await gateway.connect();
  return {
    close: async () => {
      await gateway.destroy();
    },
  };
}
