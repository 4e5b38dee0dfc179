import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashToken } from '../../auth/sessions.ts';
import type { Database, DiscordGuildTable, DiscordLinkStatus } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowSeconds } from '../../time.ts';
import { recordAudit } from '../audit/service.ts';
import { requireKingdom } from '../kingdoms/service.ts';
import { DiscordRefusal } from './i18n.ts';

/** Long enough to walk from the settings page to Discord, short enough that a leaked code soon stops working. */
export const SETUP_CODE_LIFETIME_SECONDS = 60 * 60;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A one-time code that binds a Discord server to kingdom kd (`/setup code:`). Shown this once; only its hash is
 * kept. Made by a staff account, the Discord user who redeems it then acts as that account in Discord.
 */
export async function createSetupCode(
  db: Kysely<Database>,
  input: { kd: number; userId: number | null; now?: number },
): Promise<{ code: string; expiresAt: number }> {
  const now = input.now ?? nowSeconds();
  const bytes = randomBytes(12);
  const letters = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  const code = `KS-${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8, 12)}`;
  const expiresAt = now + SETUP_CODE_LIFETIME_SECONDS;
  await db.transaction().execute(async (trx) => {
    await requireKingdom(trx, input.kd);
    await trx.deleteFrom('discord_setup_codes').where('expires_at', '<', now).execute();
    await trx
      .insertInto('discord_setup_codes')
      .values({
        code_hash: hashToken(normaliseCode(code)),
        kingdom_kd: input.kd,
        created_at: now,
        expires_at: expiresAt,
        created_by: input.userId,
      })
      .execute();
    await recordAudit(
      trx,
      {
        userId: input.userId,
        action: 'discord.setup-code.create',
        kingdomKd: input.kd,
        after: { expiresAt },
      },
      now,
    );
  });
  return { code, expiresAt };
}

export interface GuildSettings {
  adminRoleId: string | null;
  adminChannelId: string | null;
  announceChannelId: string | null;
  announceWebhookUrl: string | null;
}

/** Redeems a setup code in Discord server guildId: binds it (again) to the code's kingdom. */
export async function redeemSetupCode(
  db: Kysely<Database>,
  input: { code: string; guildId: string; discordUserId: string; settings: GuildSettings; now?: number },
): Promise<{ kd: number; name: string | null }> {
  const now = input.now ?? nowSeconds();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('discord_setup_codes')
      .where('code_hash', '=', hashToken(normaliseCode(input.code)))
      .returningAll()
      .executeTakeFirst();
    if (!row || Number(row.expires_at) < now) {
      throw new DiscordRefusal('UNAUTHORIZED', 'setup.badCode');
    }
    const kingdom = await requireKingdom(trx, row.kingdom_kd);
    const previous = await trx
      .selectFrom('discord_guilds')
      .select('kingdom_kd')
      .where('guild_id', '=', input.guildId)
      .executeTakeFirst();
    const values = {
      kingdom_kd: kingdom.kd,
      admin_role_id: input.settings.adminRoleId,
      admin_channel_id: input.settings.adminChannelId,
      announce_channel_id: input.settings.announceChannelId,
      announce_webhook_url: input.settings.announceWebhookUrl,
      bound_at: now,
      bound_by: row.created_by,
    };
    await trx
      .insertInto('discord_guilds')
      .values({ guild_id: input.guildId, ...values })
      .onConflict((oc) => oc.column('guild_id').doUpdateSet(values))
      .execute();
    if (row.created_by !== null) {
      await trx
        .insertInto('discord_staff_links')
        .values({ discord_user_id: input.discordUserId, user_id: row.created_by, linked_at: now })
        .onConflict((oc) => oc.columns(['discord_user_id', 'user_id']).doNothing())
        .execute();
    }
    // The webhook URL is a secret: the audit says whether there is one, not what it is.
    await recordAudit(
      trx,
      {
        userId: row.created_by,
        action: 'discord.guild.bind',
        kingdomKd: kingdom.kd,
        before: previous ? { kd: previous.kingdom_kd } : undefined,
        after: {
          guildId: input.guildId,
          discordUserId: input.discordUserId,
          adminRoleId: input.settings.adminRoleId,
          adminChannelId: input.settings.adminChannelId,
          announceChannelId: input.settings.announceChannelId,
          announceWebhook: input.settings.announceWebhookUrl !== null,
        },
      },
      now,
    );
    return { kd: kingdom.kd, name: kingdom.name };
  });
}

/** Codes are read aloud and typed: case and spaces do not matter. */
function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

export function guildBinding(db: Kysely<Database>, guildId: string): Promise<DiscordGuildTable | undefined> {
  return db.selectFrom('discord_guilds').selectAll().where('guild_id', '=', guildId).executeTakeFirst();
}

export function guildsOfKingdom(db: Kysely<Database>, kd: number): Promise<DiscordGuildTable[]> {
  return db
    .selectFrom('discord_guilds')
    .selectAll()
    .where('kingdom_kd', '=', kd)
    .orderBy('guild_id')
    .execute();
}

/**
 * Whether a Discord user may act as kingdom kd's admin in a server: a staff account of the kingdom (or a superadmin)
 * redeemed a setup code as this user, or the user holds the role the server's binding names.
 */
export async function isDiscordStaff(
  db: Kysely<Database>,
  input: { kd: number; discordUserId: string; roles: readonly string[]; adminRoleId: string | null },
): Promise<{ staff: boolean; userId: number | null }> {
  const account = await db
    .selectFrom('discord_staff_links as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .leftJoin('user_kingdoms as k', (join) =>
      join.onRef('k.user_id', '=', 'u.id').on('k.kingdom_kd', '=', input.kd),
    )
    .select(['u.id', 'u.role', 'k.kingdom_kd'])
    .where('l.discord_user_id', '=', input.discordUserId)
    .execute();
  const staff = account.find((a) => a.role === 'superadmin' || a.kingdom_kd !== null);
  if (staff) return { staff: true, userId: staff.id };
  const byRole = input.adminRoleId !== null && input.roles.includes(input.adminRoleId);
  return { staff: byRole, userId: null };
}

export interface GovernorLink {
  id: number;
  kd: number;
  governorId: number;
  discordUserId: string;
  discordUsername: string;
  status: DiscordLinkStatus;
  requestedAt: number;
  /** Another Discord user claims the same governor (pending or approved). */
  contested: boolean;
}

export type ClaimOutcome = 'requested' | 'already-pending' | 'already-approved' | 'was-refused';

/** `/link`: a claim on a governor, pending until an admin decides. Claiming again answers where the claim stands. */
export async function claimGovernor(
  db: Kysely<Database>,
  input: { kd: number; governorId: number; discordUserId: string; username: string; now?: number },
): Promise<{ outcome: ClaimOutcome; link: GovernorLink }> {
  const now = input.now ?? nowSeconds();
  const existing = await db
    .selectFrom('discord_governor_links')
    .select(['id', 'status'])
    .where('kingdom_kd', '=', input.kd)
    .where('governor_id', '=', input.governorId)
    .where('discord_user_id', '=', input.discordUserId)
    .executeTakeFirst();
  let outcome: ClaimOutcome = 'requested';
  let id: number;
  if (existing) {
    id = existing.id;
    outcome =
      existing.status === 'approved'
        ? 'already-approved'
        : existing.status === 'refused'
          ? 'was-refused'
          : 'already-pending';
  } else {
    const inserted = await db
      .insertInto('discord_governor_links')
      .values({
        kingdom_kd: input.kd,
        governor_id: input.governorId,
        discord_user_id: input.discordUserId,
        discord_username: input.username.slice(0, 100),
        status: 'pending',
        requested_at: now,
        decided_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = inserted.id;
  }
  const link = await readLink(db, input.kd, id);
  if (!link) throw new AppError('INTERNAL', 'The claim was not stored');
  return { outcome, link };
}

export async function readLink(
  db: Kysely<Database>,
  kd: number,
  id: number,
): Promise<GovernorLink | undefined> {
  const [link] = await selectLinks(db, kd, (q) => q.where('l.id', '=', id));
  return link;
}

/** The claims waiting for an admin, oldest first. */
export function pendingLinks(db: Kysely<Database>, kd: number): Promise<GovernorLink[]> {
  return selectLinks(db, kd, (q) => q.where('l.status', '=', 'pending'));
}

/** A Discord user's approved governors in kingdom kd (`/me`). */
export function approvedLinksOf(
  db: Kysely<Database>,
  kd: number,
  discordUserId: string,
): Promise<GovernorLink[]> {
  return selectLinks(db, kd, (q) =>
    q.where('l.discord_user_id', '=', discordUserId).where('l.status', '=', 'approved'),
  );
}

/** The Discord names approved as a governor's player, for its page. */
export async function approvedPlayerNames(
  db: Kysely<Database>,
  kd: number,
  governorId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('discord_governor_links')
    .select('discord_username')
    .where('kingdom_kd', '=', kd)
    .where('governor_id', '=', governorId)
    .where('status', '=', 'approved')
    .orderBy('decided_at')
    .execute();
  return rows.map((row) => row.discord_username);
}

type LinkQuery = ReturnType<typeof linkQuery>;

function linkQuery(db: Kysely<Database>, kd: number) {
  return db
    .selectFrom('discord_governor_links as l')
    .selectAll('l')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('discord_governor_links as o')
            .select('o.id')
            .whereRef('o.kingdom_kd', '=', 'l.kingdom_kd')
            .whereRef('o.governor_id', '=', 'l.governor_id')
            .whereRef('o.discord_user_id', '<>', 'l.discord_user_id')
            .where('o.status', '<>', 'refused'),
        )
        .as('contested'),
    )
    .where('l.kingdom_kd', '=', kd);
}

async function selectLinks(
  db: Kysely<Database>,
  kd: number,
  narrow: (query: LinkQuery) => LinkQuery,
): Promise<GovernorLink[]> {
  const rows = await narrow(linkQuery(db, kd)).orderBy('l.requested_at').orderBy('l.id').execute();
  return rows.map((row) => ({
    id: row.id,
    kd: row.kingdom_kd,
    governorId: Number(row.governor_id),
    discordUserId: row.discord_user_id,
    discordUsername: row.discord_username,
    status: row.status,
    requestedAt: Number(row.requested_at),
    // SQLite answers 0/1, PostgreSQL true/false.
    contested: Boolean(row.contested),
  }));
}

/**
 * An admin's decision on a claim (a button in Discord or the settings page), audited. Approving a governor another
 * Discord user holds approved is refused: the admin refuses that link first, so a governor has one player.
 */
export async function decideLink(
  db: Kysely<Database>,
  input: {
    kd: number;
    linkId: number;
    decision: 'approved' | 'refused';
    userId: number | null;
    via: 'discord' | 'site' | 'cli';
    discordUserId?: string;
    now?: number;
  },
): Promise<GovernorLink> {
  const now = input.now ?? nowSeconds();
  return db.transaction().execute(async (trx) => {
    const link = await readLink(trx, input.kd, input.linkId);
    if (!link) throw new DiscordRefusal('NOT_FOUND', 'link.gone');
    if (input.decision === 'approved') {
      const holder = await trx
        .selectFrom('discord_governor_links')
        .select('discord_username')
        .where('kingdom_kd', '=', input.kd)
        .where('governor_id', '=', link.governorId)
        .where('discord_user_id', '<>', link.discordUserId)
        .where('status', '=', 'approved')
        .executeTakeFirst();
      if (holder) {
        throw new DiscordRefusal('CONFLICT', 'link.held', {
          id: String(link.governorId),
          holder: holder.discord_username,
        });
      }
    }
    await trx
      .updateTable('discord_governor_links')
      .set({ status: input.decision, decided_at: now })
      .where('id', '=', link.id)
      .execute();
    await recordAudit(
      trx,
      {
        userId: input.userId,
        action: input.decision === 'approved' ? 'discord.link.approve' : 'discord.link.refuse',
        kingdomKd: input.kd,
        before: { status: link.status },
        after: {
          governorId: link.governorId,
          discordUserId: link.discordUserId,
          discordUsername: link.discordUsername,
          via: input.via,
          ...(input.discordUserId ? { decidedBy: input.discordUserId } : {}),
        },
      },
      now,
    );
    return { ...link, status: input.decision };
  });
}
