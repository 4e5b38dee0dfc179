import { describe, expect, it } from 'vitest';
import { discordConfigFromEnv } from './discord-config.ts';

const KEY = 'ab'.repeat(32);

describe('discordConfigFromEnv', () => {
  it('is off without an application ID, Discord’s API by default', () => {
    expect(discordConfigFromEnv({})).toEqual({
      applicationId: null,
      publicKey: null,
      botToken: null,
      apiUrl: 'https://discord.com/api/v10',
      mode: 'off',
    });
  });

  it('serves HTTP interactions with a public key, connects to the gateway with a bot token alone', () => {
    const id = { DISCORD_APPLICATION_ID: '123456789012345678' };
    expect(discordConfigFromEnv({ ...id, DISCORD_PUBLIC_KEY: KEY, DISCORD_BOT_TOKEN: 't' }).mode).toBe(
      'http',
    );
    expect(discordConfigFromEnv({ ...id, DISCORD_BOT_TOKEN: 't' }).mode).toBe('gateway');
    expect(
      discordConfigFromEnv({
        ...id,
        DISCORD_PUBLIC_KEY: KEY,
        DISCORD_BOT_TOKEN: 't',
        DISCORD_MODE: 'gateway',
      }).mode,
    ).toBe('gateway');
    expect(discordConfigFromEnv({ ...id, DISCORD_API_URL: 'http://127.0.0.1:9/api/v10/' }).apiUrl).toBe(
      'http://127.0.0.1:9/api/v10',
    );
  });

  it('refuses values that would only fail at Discord’s first request, without echoing a secret', () => {
    expect(() => discordConfigFromEnv({ DISCORD_APPLICATION_ID: 'my-app' })).toThrow(/numeric ID/);
    expect(() => discordConfigFromEnv({ DISCORD_PUBLIC_KEY: 'secret-token-pasted-here' })).toThrow(
      /^DISCORD_PUBLIC_KEY must be the 64 hex characters of the application’s public key$/,
    );
    expect(() => discordConfigFromEnv({ DISCORD_MODE: 'http' })).toThrow(/needs DISCORD_APPLICATION_ID/);
    expect(() => discordConfigFromEnv({ DISCORD_MODE: 'webhook' })).toThrow(/http, gateway or off/);
  });
});
