/** How interactions reach the server: Discord posts them (http), the server connects to Discord (gateway), or none. */
export type DiscordMode = 'http' | 'gateway' | 'off';

export interface DiscordConfig {
  applicationId: string | null;
  /** The application's Ed25519 public key, 64 hex characters; checks every interaction's signature. */
  publicKey: string | null;
  /** A secret: sent to Discord only, never logged or answered. */
  botToken: string | null;
  /** Discord's REST API, without a trailing slash. */
  apiUrl: string;
  mode: DiscordMode;
}

export const DEFAULT_DISCORD_API_URL = 'https://discord.com/api/v10';

export const DISCORD_OFF: DiscordConfig = {
  applicationId: null,
  publicKey: null,
  botToken: null,
  apiUrl: DEFAULT_DISCORD_API_URL,
  mode: 'off',
};

/** DISCORD_* → DiscordConfig, refusing values that would only fail later, at Discord's first request. */
export function discordConfigFromEnv(env: NodeJS.ProcessEnv): DiscordConfig {
  const applicationId = text(env.DISCORD_APPLICATION_ID);
  if (applicationId !== null && !/^\d{5,25}$/.test(applicationId)) {
    throw new Error(`DISCORD_APPLICATION_ID must be the application's numeric ID (got "${applicationId}")`);
  }
  const publicKey = text(env.DISCORD_PUBLIC_KEY)?.toLowerCase() ?? null;
  if (publicKey !== null && !/^[0-9a-f]{64}$/.test(publicKey)) {
    // The value is a public key, so naming it is safe; a token pasted here by mistake would not be, so it is not shown.
    throw new Error('DISCORD_PUBLIC_KEY must be the 64 hex characters of the application’s public key');
  }
  const botToken = text(env.DISCORD_BOT_TOKEN);
  const apiUrl = (text(env.DISCORD_API_URL) ?? DEFAULT_DISCORD_API_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(apiUrl)) {
    throw new Error(`DISCORD_API_URL must be an http:// or https:// address (got "${apiUrl}")`);
  }
  const mode = discordMode(text(env.DISCORD_MODE), { applicationId, publicKey, botToken });
  return { applicationId, publicKey, botToken, apiUrl, mode };
}

function discordMode(
  given: string | null,
  keys: { applicationId: string | null; publicKey: string | null; botToken: string | null },
): DiscordMode {
  if (given !== null) {
    const mode = given.toLowerCase();
    if (mode !== 'http' && mode !== 'gateway' && mode !== 'off') {
      throw new Error(`DISCORD_MODE must be http, gateway or off (got "${given}")`);
    }
    if (mode === 'http' && (keys.publicKey === null || keys.applicationId === null)) {
      throw new Error('DISCORD_MODE=http needs DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY');
    }
    if (mode === 'gateway' && (keys.botToken === null || keys.applicationId === null)) {
      throw new Error('DISCORD_MODE=gateway needs DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN');
    }
    return mode;
  }
  if (keys.applicationId === null) return 'off';
  if (keys.publicKey !== null) return 'http';
  return keys.botToken !== null ? 'gateway' : 'off';
}

function text(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
