import type { KdDashboardResponse } from '@kingdom-stats/core/api';
import { selectLinkedAccounts } from '../farms/linked-accounts.ts';
import { type BoundKingdom, findGovernor, type HandlerDeps } from './handler-deps.ts';
import { type Translator, translatorFor } from './i18n.ts';
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
  tr: Translator,
  view: ReadView,
): Promise<InteractionResponse> {
  const user = interactionUser(interaction);
  if (!user) return privateNote(tr.t('error.whoAreYou'));
  const kd = bound.kingdom.kd;
  const [approved, pending] = await Promise.all([
    approvedLinksOf(deps.db, kd, user.id),
    pendingLinks(deps.db, kd).then((links) => links.filter((link) => link.discordUserId === user.id)),
  ]);
  if (approved.length === 0 && pending.length === 0) {
    return privateNote(tr.t('me.none', { kingdom: bound.label }));
  }
  const answer = await view(bound);
  const lines: string[] = [];
  for (const link of approved) {
    const row = answer.playerData.find((r) => r['Governor ID'] === link.governorId);
    const accounts = await selectLinkedAccounts(deps.db, kd, link.governorId);
    const role = accounts.main
      ? tr.t('me.farmOf', { main: accounts.main.name ?? accounts.main.governorId })
      : accounts.farms.length > 0
        ? tr.t('me.mainWithFarms', { farms: accounts.farms.map((f) => f.name ?? f.governorId).join(', ') })
        : tr.t('me.main');
    const who = {
      name: row?.Name ?? accounts.main?.name ?? String(link.governorId),
      id: String(link.governorId),
      role,
    };
    lines.push(
      row
        ? tr.t('me.lineWithNumbers', {
            ...who,
            power: tr.number(row['Current Power']),
            dkp: tr.number(row['DKP Score']),
          })
        : tr.t('me.line', who),
    );
  }
  for (const link of pending) lines.push(tr.t('me.waiting', { id: String(link.governorId) }));
  return message(
    { embeds: [{ title: tr.t('me.title', { kingdom: bound.label }), description: lines.join('\n') }] },
    true,
  );
}

/** `/link id:`: a claim for an admin to approve, announced in the admins' channel with buttons when there is one. */
export async function handleLink(
  deps: HandlerDeps,
  bound: BoundKingdom,
  interaction: Interaction,
  tr: Translator,
  view: ReadView,
): Promise<InteractionResponse> {
  const user = interactionUser(interaction);
  if (!user) return privateNote(tr.t('error.whoAreYou'));
  const asked = String(optionValue(interaction, 'id') ?? '').trim();
  const row = findGovernor((await view(bound)).playerData, asked);
  if (!row || !/^\d{1,12}$/.test(asked) || row['Governor ID'] !== Number(asked)) {
    return privateNote(tr.t('link.notInScans', { id: asked, kingdom: bound.label }));
  }
  const { outcome, link } = await claimGovernor(deps.db, {
    kd: bound.kingdom.kd,
    governorId: row['Governor ID'],
    discordUserId: user.id,
    username: user.global_name ?? user.username,
  });
  if (outcome === 'requested' && bound.guild.admin_channel_id && deps.rest.canPostAsBot) {
    // Not awaited: the asker's answer does not wait for the admins' message, and its failure is only logged. The
    // admins' channel reads the server's language.
    const admins = translatorFor(interaction.guild_locale);
    deps.rest
      .postToChannel(bound.guild.admin_channel_id, approvalMessage(link, row.Name, admins))
      .catch((error: Error) =>
        deps.log.warn({ kd: bound.kingdom.kd, why: error.message }, 'link request not posted'),
      );
  }
  const governor = { name: row.Name, id: String(link.governorId) };
  const said = tr.t(
    (
      {
        requested: 'link.requested',
        'already-pending': 'link.alreadyPending',
        'already-approved': 'link.alreadyApproved',
        'was-refused': 'link.wasRefused',
      } as const
    )[outcome],
    governor,
  );
  return privateNote(link.contested ? `${said} ${tr.t('link.contested')}` : said);
}

export function approvalMessage(link: GovernorLink, name: string, tr: Translator): MessageData {
  const claim = { user: link.discordUsername, name, id: String(link.governorId) };
  return {
    content: tr.t(link.contested ? 'link.claimContested' : 'link.claim', claim),
    allowed_mentions: { parse: [] },
    components: [
      {
        type: 1,
        components: [
          { type: 2, style: 3, label: tr.t('link.approve'), custom_id: `link:approve:${link.id}` },
          { type: 2, style: 4, label: tr.t('link.refuse'), custom_id: `link:refuse:${link.id}` },
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
  tr: Translator,
): Promise<InteractionResponse> {
  const user = interactionUser(interaction);
  const [, action, id] = parts;
  if (!user || (action !== 'approve' && action !== 'refuse') || !/^\d+$/.test(id ?? '')) {
    return privateNote(tr.t('error.staleButton'));
  }
  const { staff, userId } = await isDiscordStaff(deps.db, {
    kd: bound.kingdom.kd,
    discordUserId: user.id,
    roles: interaction.member?.roles ?? [],
    adminRoleId: bound.guild.admin_role_id,
  });
  if (!staff) return privateNote(tr.t('link.onlyAdmins', { kingdom: bound.label }));
  const link = await decideLink(deps.db, {
    kd: bound.kingdom.kd,
    linkId: Number(id),
    decision: action === 'approve' ? 'approved' : 'refused',
    userId,
    via: 'discord',
    discordUserId: user.id,
  });
  // The admins' channel message, in the server's language like the request it replaces.
  const admins = translatorFor(interaction.guild_locale);
  const decided = {
    user: link.discordUsername,
    id: String(link.governorId),
    by: user.global_name ?? user.username,
  };
  return {
    type: ResponseType.UpdateMessage,
    data: {
      content: admins.t(link.status === 'approved' ? 'link.approvedBy' : 'link.refusedBy', decided),
      components: [],
      allowed_mentions: { parse: [] },
    },
  };
}
