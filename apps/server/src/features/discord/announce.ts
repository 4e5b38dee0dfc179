import { formatUtcMinute } from '@kingdom-stats/core';
import type { KdDashboardResponse, ScanFileResult } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database, DiscordGuildTable, KingdomTable } from '../../db/schema.ts';
import { recordAudit } from '../audit/service.ts';
import type { ImportedEvent } from '../imports/after-import.ts';
import { rankBy } from './cards.ts';
import type { GuildLocales } from './guild-locales.ts';
import { kingdomLabel } from './handler-deps.ts';
import { type Translator, translatorFor } from './i18n.ts';
import type { Embed, MessageData } from './protocol.ts';
import type { DiscordRest } from './rest.ts';
import { guildsOfKingdom } from './store.ts';

export const ANNOUNCE_FAILED_ACTION = 'discord.announce.fail';

export interface AnnouncerDeps {
  rest: DiscordRest;
  siteUrl: string;
  /** The KD DKP dashboard's viewer answer for a kingdom's current period. */
  view: (db: Kysely<Database>, kingdom: KingdomTable) => Promise<KdDashboardResponse>;
  log: { warn(object: object, message: string): void };
  /** Each server's language: its channels read the announcements in it (English when unknown). */
  guildLocales: GuildLocales;
}

/**
 * After each import, a summary in every bound server's announcement channel (webhook or bot) and, in its admins'
 * channel, how many values wait for review. Runs beside the import, never inside it: each post is retried with
 * backoff (DiscordRest), and a post that still fails is written to the audit log, which the kingdom's Recent changes
 * show. Nothing here throws to the importer.
 */
export class DiscordAnnouncer {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: AnnouncerDeps) {}

  /** The import listener (features/imports/after-import.ts): starts the posts and returns at once. */
  announce(event: ImportedEvent): void {
    const stored = event.result.scans.filter((scan) => scan.status !== 'already-imported');
    if (stored.length === 0) return;
    const work = this.post(event).catch((error: Error) =>
      this.deps.log.warn({ kd: event.kingdomKd, why: error.message }, 'discord announcement failed'),
    );
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  /** Resolves when every announcement started so far has been delivered or given up (the CLI waits before exit). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async post(event: ImportedEvent): Promise<void> {
    const { db, kingdomKd, result } = event;
    const guilds = await guildsOfKingdom(db, kingdomKd);
    const announced = guilds.filter(
      (g) => g.announce_webhook_url || (g.announce_channel_id && this.deps.rest.canPostAsBot),
    );
    const reviewed = guilds.filter(
      (g) => g.admin_channel_id && result.misreads && this.deps.rest.canPostAsBot,
    );
    if (announced.length === 0 && reviewed.length === 0) return;
    const kingdom = await db
      .selectFrom('kingdoms')
      .selectAll()
      .where('kd', '=', kingdomKd)
      .executeTakeFirstOrThrow();
    const answer = await this.deps.view(db, kingdom);
    const language = async (guild: DiscordGuildTable) =>
      translatorFor(await this.deps.guildLocales.of(guild.guild_id));
    await Promise.all([
      ...announced.map(async (guild) =>
        this.deliver(
          db,
          guild,
          'announcement',
          summaryMessage(kingdom, result, answer, await language(guild)),
        ),
      ),
      ...reviewed.map(async (guild) =>
        this.deliver(
          db,
          guild,
          'review',
          reviewMessage(result, this.deps.siteUrl, await language(guild)),
          guild.admin_channel_id,
        ),
      ),
    ]);
  }

  private async deliver(
    db: Kysely<Database>,
    guild: DiscordGuildTable,
    what: 'announcement' | 'review',
    data: MessageData,
    channelId: string | null = guild.announce_channel_id,
  ): Promise<void> {
    const byWebhook = what === 'announcement' && guild.announce_webhook_url !== null;
    try {
      if (byWebhook) await this.deps.rest.postToWebhook(guild.announce_webhook_url as string, data);
      else if (channelId) await this.deps.rest.postToChannel(channelId, data);
    } catch (error) {
      // Only the channel or "webhook", never its URL (a secret).
      await recordAudit(db, {
        userId: null,
        action: ANNOUNCE_FAILED_ACTION,
        kingdomKd: guild.kingdom_kd,
        after: {
          guildId: guild.guild_id,
          what,
          via: byWebhook ? 'webhook' : `channel ${channelId}`,
          reason: (error as Error).message,
        },
      });
    }
  }
}

function summaryMessage(
  kingdom: KingdomTable,
  result: ScanFileResult,
  answer: KdDashboardResponse,
  tr: Translator,
): MessageData {
  const scans = result.scans
    .filter((scan) => scan.status !== 'already-imported')
    .map((scan) =>
      tr.t('announce.scan', {
        name: scan.name,
        at: formatUtcMinute(scan.takenAt),
        rows: scan.rows,
        rowsText: tr.number(scan.rows),
      }),
    );
  const top = rankBy(answer.playerData, 'dkp')
    .filter((row) => row['DKP Score'] !== null)
    .slice(0, 5)
    .map((row, i) => `${i + 1}. ${row.Name} (${row['Governor ID']}) — ${tr.number(row['DKP Score'])}`);
  const embed: Embed = {
    title: tr.t('announce.title', { kingdom: kingdomLabel(kingdom, tr) }),
    description: scans.join('\n'),
    color: 0x22c55e,
    fields: top.length > 0 ? [{ name: tr.t('announce.topGains'), value: top.join('\n') }] : [],
  };
  return { embeds: [embed], allowed_mentions: { parse: [] } };
}

function reviewMessage(result: ScanFileResult, siteUrl: string, tr: Translator): MessageData {
  const count = result.misreads?.count ?? 0;
  const path = result.misreads?.reviewPath ?? '';
  return {
    content: tr.t('announce.review', {
      file: result.fileName,
      count,
      countText: tr.number(count),
      url: `${siteUrl}${path}`,
    }),
    allowed_mentions: { parse: [] },
  };
}
