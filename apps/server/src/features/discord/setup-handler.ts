import { recordAudit } from '../audit/service.ts';
import type { HandlerDeps } from './handler-deps.ts';
import {
  type Interaction,
  type InteractionResponse,
  interactionUser,
  MANAGE_GUILD,
  optionValue,
  privateNote,
} from './protocol.ts';
import { guildBinding, redeemSetupCode } from './store.ts';

/**
 * `/setup code:`: binds the server to the code's kingdom. The code proves the kingdom's admin made it; Manage Server
 * proves the person may change this server. Either alone is not enough: a code leaked to another server's member, or
 * a server manager without a code, binds nothing.
 */
export async function handleSetup(deps: HandlerDeps, interaction: Interaction): Promise<InteractionResponse> {
  const user = interactionUser(interaction);
  if (!interaction.guild_id || !interaction.member || !user) {
    return privateNote('/setup binds a server: run it in your kingdom’s Discord server.');
  }
  if ((BigInt(interaction.member.permissions ?? '0') & MANAGE_GUILD) === 0n) {
    const previous = await guildBinding(deps.db, interaction.guild_id);
    await recordAudit(deps.db, {
      userId: null,
      action: 'discord.setup.refuse',
      kingdomKd: previous?.kingdom_kd ?? null,
      after: { guildId: interaction.guild_id, discordUserId: user.id, reason: 'no Manage Server permission' },
    });
    return privateNote('Only members who may manage this server can run /setup.');
  }
  const code = String(optionValue(interaction, 'code') ?? '');
  const webhook = optionValue(interaction, 'announce_webhook');
  const webhookUrl = webhook === undefined ? null : String(webhook).trim();
  if (webhookUrl !== null && !deps.rest.isWebhookUrl(webhookUrl)) {
    return privateNote(
      'announce_webhook must be a Discord webhook URL (https://discord.com/api/webhooks/…).',
    );
  }
  const id = (name: string) => {
    const value = optionValue(interaction, name);
    return value === undefined ? null : String(value);
  };
  const bound = await redeemSetupCode(deps.db, {
    code,
    guildId: interaction.guild_id,
    discordUserId: user.id,
    settings: {
      adminRoleId: id('admin_role'),
      adminChannelId: id('admin_channel'),
      announceChannelId: id('announce_channel'),
      announceWebhookUrl: webhookUrl,
    },
  });
  const where = webhookUrl ? 'the webhook' : id('announce_channel') ? `<#${id('announce_channel')}>` : null;
  return privateNote(
    `This server is now bound to ${bound.name ? `${bound.name} (#${bound.kd})` : `kingdom #${bound.kd}`}. ` +
      (where
        ? `Imports are announced in ${where}.`
        : 'Imports are not announced (no announce channel or webhook).'),
  );
}
