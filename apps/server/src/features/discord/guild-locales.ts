import type { DiscordRest } from './rest.ts';

/**
 * The language each Discord server prefers, for what its whole channel reads (announcements, the admins' link
 * requests). Discord sends it with every interaction (`guild_locale`), which is remembered here; a server not heard
 * from since this process started (after a restart, or in the CLI) is asked once with the bot token
 * (`GET /guilds/{id}`, its `preferred_locale`). Without a bot token and before any command, it is unknown: English.
 */
export class GuildLocales {
  private readonly known = new Map<string, string | null>();

  constructor(private readonly rest: DiscordRest) {}

  remember(guildId: string, locale: string): void {
    this.known.set(guildId, locale);
  }

  async of(guildId: string): Promise<string | null> {
    if (this.known.has(guildId)) return this.known.get(guildId) ?? null;
    if (!this.rest.canPostAsBot) return null;
    // A failed look-up is remembered as unknown too: an announcement never waits on it twice.
    const locale = await this.rest.guildLocale(guildId).catch(() => null);
    if (!this.known.has(guildId)) this.known.set(guildId, locale);
    return this.known.get(guildId) ?? null;
  }
}
