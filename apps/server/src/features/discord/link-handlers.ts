import type { KdDashboardResponse } from '@kingdom-stats/core/api';
import { selectLinkedAccounts } from '../farms/linked-accounts.ts';
import { exact } from './cards.ts';
import { type BoundKingdom, findGovernor, type HandlerDeps } from './handler-deps.ts';
import {
  type Interaction,
  type InteractionResponse,
  interactionUser,
  type MessageData,
  message,
  optionValue,
  privateNote,
  ResponseType,
} from './protocol.ts';
import {
  approvedLinksOf,
  claimGovernor,
  decideLink,
  type GovernorLink,
  isDiscordStaff,
  pendingLinks,
} from './store.ts';

/** `/me`: the asker's approved governors (main and farms as the kingdom links them) and claims still waiting. */
/** The viewer's KD DKP answer for a bound kingdom's current period (DiscordHandlers.view). */
export type ReadView = (bound: BoundKingdom) => Promise<KdDashboardResponse>;

export async function handleMe(
  deps: HandlerDeps,
  bound: BoundKingdom,
  interaction: Interaction,
  view: ReadView,
): Promise<InteractionResponse> {
  const user = interactionUser(interaction);
  if (!user) return privateNote('Discord did not say who you are.');
  const kd = bound.kingdom.kd;
  const [approved, pending] = await Promise.all([
    approvedLinksOf(deps.db, kd, user.id),
    pendingLinks(deps.db, kd).then((links) => links.filter((link) => link.discordUserId === user.id)),
  ]);
  if (approved.length === 0 && pending.length === 0) {
    return privateNote(
      `You have no governors linked in ${bound.label}. Claim yours with /link id:<governor ID>.`,
    );
  }
  const answer = await view(bound);
  const lines: string[] = [];
  for (const link of approved) {
    const row = answer.playerData.find((r) => r['Governor ID'] === link.governorId);
    const accounts = await selectLinkedAccounts(deps.db, kd, link.governorId);
    const role = accounts.main
      ? `farm of ${accounts.main.name ?? accounts.main.governorId}`
      : accounts.farms.length > 0
        ? `main · farms: ${accounts.farms.map((f) => f.name ?? f.governorId).join(', ')}`
        : 'main';
    const numbers = row ? ` — power ${exact(row['Current Power'])}, DKP ${exact(row['DKP Score'])}` : '';
    lines.push(
      `**${row?.Name ?? accounts.main?.name ?? link.governorId}** (${link.governorId}) · ${role}${numbers}`,
    );
  }
  for (const link of pending) lines.push(`${link.governorId}: waiting for an admin’s approval`);
  return message(
    { embeds: [{ title: `Your governors in ${bound.label}`, description: lines.join('\n') }] },
    true,
  );
}

/** `/link id:`: a claim for an admin to approve, announced in the admins' channel with buttons when there is one. */
export async function handleLink(
  deps: HandlerDeps,
  bound: BoundKingdom,
  interaction: Interaction,
  view: ReadView,
): Promise<InteractionResponse> {
  const user = interactionUser(interaction);
  if (!user) return privateNote('Discord did not say who you are.');
  const asked = String(optionValue(interaction, 'id') ?? '').trim();
  const row = findGovernor((await view(bound)).playerData, asked);
  if (!row || !/^\d{1,12}$/.test(asked) || row['Governor ID'] !== Number(asked)) {
    return privateNote(
      `Governor ${asked} is not in ${bound.label}'s scans. Check the ID in your game profile.`,
    );
  }
  const { outcome, link } = await claimGovernor(deps.db, {
    kd: bound.kingdom.kd,
    governorId: row['Governor ID'],
    discordUserId: user.id,
    username: user.global_name ?? user.username,
  });
  if (outcome === 'requested' && bound.guild.admin_channel_id && deps.rest.canPostAsBot) {
    // Not awaited: the asker's answer does not wait for the admins' message, and its failure is only logged.
    deps.rest
      .postToChannel(bound.guild.admin_channel_id, approvalMessage(link, row.Name))
      .catch((error: Error) =>
        deps.log.warn({ kd: bound.kingdom.kd, why: error.message }, 'link request not posted'),
      );
  }
  const contested = link.contested
    ? ' Another Discord user claims this governor too: an admin decides between you.'
    : '';
  const said = {
    requested: `Your claim on ${row.Name} (${link.governorId}) waits for an admin’s approval.`,
    'already-pending': `Your claim on ${row.Name} (${link.governorId}) is still waiting for an admin.`,
    'already-approved': `${row.Name} (${link.governorId}) is already linked to you.`,
    'was-refused': `An admin refused your claim on ${row.Name} (${link.governorId}). Ask your kingdom’s admins.`,
  }[outcome];
  return privateNote(`${said}${contested}`);
}

export function approvalMessage(link: GovernorLink, name: string): MessageData {
  return {
    content: `${link.discordUsername} claims governor **${name}** (${link.governorId}).${link.contested ? ' ⚠ Another user claims it too.' : ''}`,
    allowed_mentions: { parse: [] },
    components: [
      {
        type: 1,
        components: [
          { type: 2, style: 3, label: 'Approve', custom_id: `link:approve:${link.id}` },
          { type: 2, style: 4, label: 'Refuse', custom_id: `link:refuse:${link.id}` },
        ],
      },
    ],
  };
}

/** The Approve/Refuse buttons: only the kingdom's staff (a linked staff account or the named role) may press them. */
export async function handleLinkButton(
  deps: HandlerDeps,
  bound: BoundKingdom,
  interaction: Interaction,
  parts: string[],
): Promise<InteractionResponse> {
  const user = interactionUser(interaction);
  const [, action, id] = parts;
  if (!user || (action !== 'approve' && action !== 'refuse') || !/^\d+$/.test(id ?? '')) {
    return privateNote('That button is no longer in use.');
  }
  const { staff, userId } = await isDiscordStaff(deps.db, {
    kd: bound.kingdom.kd,
    discordUserId: user.id,
    roles: interaction.member?.roles ?? [],
    adminRoleId: bound.guild.admin_role_id,
  });
  if (!staff) return privateNote(`Only ${bound.label}'s admins can approve or refuse links.`);
  const link = await decideLink(deps.db, {
    kd: bound.kingdom.kd,
    linkId: Number(id),
    decision: action === 'approve' ? 'approved' : 'refused',
    userId,
    via: 'discord',
    discordUserId: user.id,
  });
  const verb = link.status === 'approved' ? 'approved' : 'refused';
  return {
    type: ResponseType.UpdateMessage,
    data: {
      content: `${link.discordUsername}'s claim on governor ${link.governorId} was ${verb} by ${user.global_name ?? user.username}.`,
      components: [],
      allowed_mentions: { parse: [] },
    },
  };
}
