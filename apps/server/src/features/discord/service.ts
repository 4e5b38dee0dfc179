import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DiscordConfig } from '../../discord-config.ts';
import type { KdDashboardService } from '../kd-dashboard/service.ts';
import { DiscordAnnouncer } from './announce.ts';
import { GuildLocales } from './guild-locales.ts';
import { DiscordHandlers } from './handlers.ts';
import { DEFAULT_RETRY, DiscordRest, type RetryPolicy } from './rest.ts';

/** DiscordConfig plus what tests tune: the answer budget (deferrals), the retry policy and the site's address. */
export interface DiscordOptions extends DiscordConfig {
  answerBudgetMs?: number;
  retry?: RetryPolicy;
}

export interface DiscordParts {
  rest: DiscordRest;
  handlers: DiscordHandlers;
  announcer: DiscordAnnouncer;
}

type Log = { warn(object: object, message: string): void };

/** The pieces both ways in share: one REST client, one set of handlers, one announcer. */
export function createDiscord(input: {
  db: Kysely<Database>;
  kdDashboard: KdDashboardService;
  options: DiscordOptions;
  siteUrl: string;
  log: Log;
}): DiscordParts {
  const rest = new DiscordRest(input.options, input.options.retry ?? DEFAULT_RETRY);
  const guildLocales = new GuildLocales(rest);
  const handlers = new DiscordHandlers({
    db: input.db,
    kdDashboard: input.kdDashboard,
    rest,
    siteUrl: input.siteUrl,
    log: input.log,
    guildLocales,
  });
  const announcer = new DiscordAnnouncer({
    rest,
    siteUrl: input.siteUrl,
    log: input.log,
    guildLocales,
    view: (_db, kingdom) => input.kdDashboard.data({ kd: String(kingdom.kd), code: kingdom.access_code }, {}),
  });
  return { rest, handlers, announcer };
}
