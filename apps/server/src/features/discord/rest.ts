import type { DiscordConfig } from '../../discord-config.ts';
import type { InteractionResponse, MessageData } from './protocol.ts';

export class DiscordRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'DiscordRequestError';
  }
}

export interface RetryPolicy {
  attempts: number;
  /** The first wait; each next one doubles (Discord's own retry_after wins when it answers 429). */
  firstDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, firstDelayMs: 1_000 };

/**
 * Discord's REST API, with the bot token where a call needs it. Errors name the call and the status, never the token
 * or a webhook's URL (both secrets).
 */
export class DiscordRest {
  constructor(
    private readonly config: Pick<DiscordConfig, 'apiUrl' | 'applicationId' | 'botToken'>,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {}

  get canPostAsBot(): boolean {
    return this.config.botToken !== null;
  }

  /** Replaces the application's global commands with `commands` (Discord's bulk overwrite). */
  async registerCommands(commands: unknown[]): Promise<{ name: string; id: string }[]> {
    const appId = this.requireApplicationId();
    const answer = await this.send('PUT', `/applications/${appId}/commands`, commands, { bot: true });
    return Array.isArray(answer) ? (answer as { name: string; id: string }[]) : [];
  }

  /** The follow-up of a deferred answer: replaces the "thinking…" message. */
  async editOriginal(token: string, data: MessageData): Promise<void> {
    const appId = this.requireApplicationId();
    await this.send('PATCH', `/webhooks/${appId}/${encodeURIComponent(token)}/messages/@original`, data);
  }

  /** Gateway mode's answer to an interaction (over HTTP, as Discord asks). */
  async answerInteraction(id: string, token: string, response: InteractionResponse): Promise<void> {
    await this.send('POST', `/interactions/${id}/${encodeURIComponent(token)}/callback`, response);
  }

  /** A server's preferred locale (`en-US`, `vi`…), as its settings in Discord say; the bot must be in it. */
  async guildLocale(guildId: string): Promise<string | null> {
    const guild = (await this.send('GET', `/guilds/${guildId}`, undefined, { bot: true })) as {
      preferred_locale?: unknown;
    } | null;
    return typeof guild?.preferred_locale === 'string' ? guild.preferred_locale : null;
  }

  async postToChannel(channelId: string, data: MessageData): Promise<void> {
    await this.withRetries(() => this.send('POST', `/channels/${channelId}/messages`, data, { bot: true }));
  }

  async postToWebhook(url: string, data: MessageData): Promise<void> {
    await this.withRetries(() => this.sendTo('POST', url, 'webhook', data, {}));
  }

  /** Whether `url` is a Discord webhook this server may post to: Discord's own, or one of the configured API's. */
  isWebhookUrl(url: string): boolean {
    const allowed = [
      'https://discord.com/api/webhooks/',
      'https://discordapp.com/api/webhooks/',
      'https://ptb.discord.com/api/webhooks/',
      'https://canary.discord.com/api/webhooks/',
      `${this.config.apiUrl}/webhooks/`,
    ];
    return allowed.some((prefix) => url.startsWith(prefix)) && /\/webhooks\/\d+\/[\w-]+$/.test(url);
  }

  private requireApplicationId(): string {
    if (!this.config.applicationId) throw new Error('DISCORD_APPLICATION_ID is not set');
    return this.config.applicationId;
  }

  private send(method: string, path: string, body: unknown, options: { bot?: boolean } = {}) {
    return this.sendTo(
      method,
      `${this.config.apiUrl}${path}`,
      `${method} ${path.split('/')[1]}`,
      body,
      options,
    );
  }

  private async sendTo(
    method: string,
    url: string,
    what: string,
    body: unknown,
    options: { bot?: boolean },
  ): Promise<unknown> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.bot) {
      if (!this.config.botToken) throw new Error('DISCORD_BOT_TOKEN is not set');
      headers.authorization = `Bot ${this.config.botToken}`;
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new DiscordRequestError(0, `Discord could not be reached (${what}): ${(error as Error).name}`);
    }
    const text = await response.text();
    if (!response.ok) {
      const retryAfter = response.status === 429 ? retryAfterMs(text, response.headers) : null;
      throw new DiscordRequestError(
        response.status,
        `Discord answered ${response.status} (${what})`,
        retryAfter,
      );
    }
    return text === '' ? null : JSON.parse(text);
  }

  /** Tries again after 0 (network), 429 and 5xx answers, waiting longer each time. */
  private async withRetries<T>(attempt: () => Promise<T>): Promise<T> {
    let delay = this.retry.firstDelayMs;
    for (let tried = 1; ; tried++) {
      try {
        return await attempt();
      } catch (error) {
        const retriable =
          error instanceof DiscordRequestError &&
          (error.status === 0 || error.status === 429 || error.status >= 500);
        if (!retriable || tried >= this.retry.attempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, error.retryAfterMs ?? delay));
        delay *= 2;
      }
    }
  }
}

function retryAfterMs(body: string, headers: Headers): number | null {
  try {
    const seconds = Number((JSON.parse(body) as { retry_after?: unknown }).retry_after);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 60_000);
  } catch {
    // Not JSON: the header may say.
  }
  const header = Number(headers.get('retry-after'));
  return Number.isFinite(header) && header >= 0 ? Math.min(header * 1000, 60_000) : null;
}
