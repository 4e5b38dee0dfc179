import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { BASE_URL } from './env.ts';

export const E2E_DISCORD_APPLICATION_ID = '123456789012345678';

/**
 * The Discord application's key pair for this run, made when Playwright loads its config: the server started for
 * the run gets the public half (DISCORD_PUBLIC_KEY, so it serves /api/discord/interactions), the workers forked
 * after it the private half, to sign interactions as Discord would. Nothing is written down.
 */
export function ensureDiscordKeys(): void {
  if (process.env.E2E_DISCORD_PRIVATE_KEY) return;
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  process.env.E2E_DISCORD_PRIVATE_KEY = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  process.env.DISCORD_APPLICATION_ID = E2E_DISCORD_APPLICATION_ID;
  process.env.DISCORD_PUBLIC_KEY = Buffer.from(
    publicKey.export({ format: 'jwk' }).x as string,
    'base64url',
  ).toString('hex');
}

/** A slash command from a server member, signed and posted to the interactions endpoint; answers Discord's JSON. */
export async function discordCommand(
  request: APIRequestContext,
  input: {
    guildId: string;
    userId: string;
    username: string;
    name: string;
    options: Record<string, string>;
    permissions?: string;
  },
): Promise<{ type: number; data: { content?: string } }> {
  const pem = process.env.E2E_DISCORD_PRIVATE_KEY;
  if (!pem) throw new Error('No Discord key for this run: playwright.config.ts calls ensureDiscordKeys()');
  const user = { id: input.userId, username: input.username };
  const body = JSON.stringify({
    id: String(Date.now()) + Math.floor(Math.random() * 1000),
    application_id: E2E_DISCORD_APPLICATION_ID,
    type: 2,
    token: `e2e-${Date.now()}`,
    guild_id: input.guildId,
    channel_id: '900000000000000001',
    member: { user, roles: [], permissions: input.permissions ?? '0' },
    data: {
      name: input.name,
      options: Object.entries(input.options).map(([name, value]) => ({ name, type: 3, value })),
    },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(timestamp + body), createPrivateKey(pem)).toString('hex');
  const answer = await request.post(`${BASE_URL}/api/discord/interactions`, {
    headers: {
      'content-type': 'application/json',
      'x-signature-ed25519': signature,
      'x-signature-timestamp': timestamp,
    },
    data: body,
  });
  if (!answer.ok())
    throw new Error(`The interactions endpoint answered ${answer.status()}: ${await answer.text()}`);
  return answer.json();
}
