import type { DkpRow } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database, DiscordGuildTable, KingdomTable } from '../../db/schema.ts';
import type { KdDashboardService } from '../kd-dashboard/service.ts';
import type { GuildLocales } from './guild-locales.ts';
import type { Translator } from './i18n.ts';
import type { DiscordRest } from './rest.ts';

// What every command handler is given and shares (handlers.ts, link-handlers.ts, setup-handler.ts), apart from
// the dispatcher, so that the handlers' files need not import each other.

export interface HandlerDeps {
  db: Kysely<Database>;
  kdDashboard: KdDashboardService;
  rest: DiscordRest;
  /** The site's address, for links to governor pages (PUBLIC_URL). */
  siteUrl: string;
  log: { warn(object: object, message: string): void };
  /** Each server's language, learned from its interactions, for the messages its channels read. */
  guildLocales: GuildLocales;
}

/** A bound server's kingdom and what its viewer link shows, as every kingdom command needs it. */
export interface BoundKingdom {
  guild: DiscordGuildTable;
  kingdom: KingdomTable;
  /** The kingdom's name in the answer's language: 'Home (#3101)', 'Kingdom #3101'. */
  label: string;
}

export function kingdomLabel(kingdom: Pick<KingdomTable, 'kd' | 'name'>, tr: Translator): string {
  return kingdom.name
    ? tr.t('kingdom.named', { name: kingdom.name, kd: kingdom.kd })
    : tr.t('kingdom.unnamed', { kd: kingdom.kd });
}

/** By ID first, then by exact name, then by a name containing what was typed (only when that names one governor). */
export function findGovernor(rows: readonly DkpRow[], asked: string): DkpRow | undefined {
  const wanted = asked.trim().replace(/^#/, '');
  if (/^\d{1,12}$/.test(wanted)) {
    const byId = rows.find((row) => row['Governor ID'] === Number(wanted));
    if (byId) return byId;
  }
  const lower = wanted.toLowerCase();
  if (lower === '') return undefined;
  const exactName = rows.filter((row) => row.Name.toLowerCase() === lower);
  if (exactName.length === 1) return exactName[0];
  const containing = rows.filter((row) => row.Name.toLowerCase().includes(lower));
  return containing.length === 1 ? containing[0] : undefined;
}
