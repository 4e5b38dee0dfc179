import { claimGovernor } from '../../../src/features/discord/store.ts';
import type { RouteContext, RouteRule } from '../route-table.ts';

let claimant = 0;

/** A new pending claim on a governor, for the decision call (each probe decides its own). */
async function freshClaim(c: RouteContext): Promise<number> {
  const { link } = await claimGovernor(c.db, {
    kd: c.kd,
    governorId: 900_000 + ++claimant,
    discordUserId: String(100_000 + claimant),
    username: `claimant-${claimant}`,
  });
  return link.id;
}

/**
 * Kingdom Stats in Discord, the settings page's calls (docs/discord.md). The interactions endpoint is Discord's,
 * served only with DISCORD_PUBLIC_KEY set and checked by its signature: apps/server/test/discord.
 */
export const DISCORD_ROUTES: RouteRule[] = [
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/discord/setup-code',
    access: 'kingdom-admin',
    feature: 'discord',
    request: (c) => ({ url: `/api/admin/kingdoms/${c.kd}/discord/setup-code` }),
    note: 'a one-time code for /setup, shown this once; audited',
  },
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/discord',
    access: 'kingdom-admin',
    feature: 'discord',
    request: (c) => ({ url: `/api/admin/kingdoms/${c.kd}/discord` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/discord/links/:id',
    access: 'kingdom-admin',
    feature: 'discord',
    request: async (c) => ({
      url: `/api/admin/kingdoms/${c.kd}/discord/links/${await freshClaim(c)}`,
      payload: { decision: 'refused' },
    }),
    note: 'approve or refuse a governor claim; audited',
  },
];
