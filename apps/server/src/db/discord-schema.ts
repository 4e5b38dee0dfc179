import type { Generated } from 'kysely';

// The Discord tables (migration 0015, docs/discord.md), apart from schema.ts's core tables.

/** A Discord server bound to one kingdom (docs/discord.md). announce_webhook_url holds a secret: never answered. */
export interface DiscordGuildTable {
  guild_id: string;
  kingdom_kd: number;
  admin_role_id: string | null;
  admin_channel_id: string | null;
  announce_channel_id: string | null;
  announce_webhook_url: string | null;
  bound_at: number;
  bound_by: number | null;
}

/** One-time `/setup` codes; only a SHA-256 hash of each is kept. */
export interface DiscordSetupCodeTable {
  code_hash: string;
  kingdom_kd: number;
  created_at: number;
  expires_at: number;
  created_by: number | null;
}

/** A Discord user acting as a staff account (the account whose setup code the user redeemed). */
export interface DiscordStaffLinkTable {
  discord_user_id: string;
  user_id: number;
  linked_at: number;
}

export type DiscordLinkStatus = 'pending' | 'approved' | 'refused';

/** A Discord user's claim on one of a kingdom's governors (`/link`). */
export interface DiscordGovernorLinkTable {
  id: Generated<number>;
  kingdom_kd: number;
  governor_id: number;
  discord_user_id: string;
  discord_username: string;
  status: DiscordLinkStatus;
  requested_at: number;
  decided_at: number | null;
}
