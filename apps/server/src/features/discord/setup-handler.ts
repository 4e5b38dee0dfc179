import { recordAudit } from '../audit/service.ts';
import { type HandlerDeps, kingdomLabel } from './handler-deps.ts';
import type { Translator } from './i18n.ts';
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
export async function handleSetup(
  deps: HandlerDeps,
  interaction: Interaction,
  tr: Translator,
): Promise<InteractionResponse> {
  const user = interactionUser(interaction);
  if (!interaction.guild_id || !interaction.member || !user) {
    return privateNote(tr.t('setup.guildOnly'));
  }
  if ((BigInt(interaction.member.permissions ?? '0') & MANAGE_GUILD) === 0n) {
    const previous = await guildBinding(deps.db, interaction.guild_id);
    await recordAudit(deps.db, {
      userId: null,
      action: 'discord.setup.refuse',
      kingdomKd: previous?.kingdom_kd ?? null,
      after: { guildId: interaction.guild_id, discordUserId: user.id, reason: 'no Manage Server permission' },
    });
    return privateNote(tr.t('setup.needsManage'));
  }
  const code = String(optionValue(interaction, 'code') ?? '');
  const webhook = optionValue(interaction, 'announce_webhook');
  const webhookUrl = webhook === undefined ? null : String(webhook).trim();
  if (webhookUrl !== null && !deps.rest.isWebhookUrl(webhookUrl)) {
    return privateNote(tr.t('setup.badWebhook'));
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
  const kingdom = kingdomLabel(bound, tr);
  const channel = id('announce_channel');
  return privateNote(
    webhookUrl
      ? tr.t('setup.boundWebhook', { kingdom })
      : channel
        ? tr.t('setup.boundChannel', { kingdom, channel: `<#${channel}>` })
        : tr.t('setup.boundSilent', { kingdom }),
  );
}
