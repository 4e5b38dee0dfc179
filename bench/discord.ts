/**
 * Kingdom Stats in Discord (issue 39: a warm `/stats` and `/top` answered in under 100 ms p95): signed interactions
 * through the real endpoint, POST /api/discord/interactions, by `app.inject` on DESIGN.md's scale case, a Discord
 * server bound to the bench kingdom for the run. Warm: one command of each kind first (it fills the KD DKP
 * dashboard's cache for the current period), then the samples. Each sample is signed beforehand (Discord's work, not
 * the server's) and comes from its own Discord user, so that the per-user limit (20 a minute) never answers instead.
 * Part of `npm run bench` (bench/run.ts, rows "Discord …"); alone: `npx tsx bench/discord.ts [--samples N]` (SQLite)
 * or with BENCH_POSTGRES_URL (or TEST_DATABASE_URL) for PostgreSQL.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import type { DatabaseHandle } from '../apps/server/src/db/database.ts';
import { KD, openScaleData } from './scale-data.ts';
import { formatPair, loadAverage, type SampleSummary, sampleMany, summarize } from './stats.ts';

export interface DiscordBenchResult {
  governorId: number;
  /** Governors in the `/top` answer's first page. */
  topLines: number;
  stats: SampleSummary;
  top: SampleSummary;
}

const APPLICATION_ID = '100000000000000001';
/** A guild id no real server has: the bench binds it for the run and removes it after. */
const GUILD = '100000000000000039';

interface SignedRequest {
  payload: string;
  timestamp: string;
  signature: string;
}

function signedCommand(
  key: KeyObject,
  index: number,
  name: string,
  options: Record<string, string | number>,
) {
  const user = { id: String(200000000000000000n + BigInt(index)), username: `bench-${index}` };
  const payload = JSON.stringify({
    id: String(300000000000000000n + BigInt(index)),
    application_id: APPLICATION_ID,
    type: 2,
    token: `bench-token-${index}`,
    guild_id: GUILD,
    channel_id: '100000000000000002',
    locale: 'en-US',
    guild_locale: 'en-US',
    member: { user, roles: [], permissions: '0' },
    data: {
      name,
      options: Object.entries(options).map(([option, value]) => ({
        name: option,
        type: typeof value === 'number' ? 4 : 3,
        value,
      })),
    },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(timestamp + payload), key).toString('hex');
  return { payload, timestamp, signature } satisfies SignedRequest;
}

interface Embed {
  title: string;
  description?: string;
}

/** Posts one signed interaction; throws unless Discord would get an immediate message with an embed. */
async function answer(app: FastifyInstance, request: SignedRequest): Promise<Embed> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/discord/interactions',
    headers: {
      'content-type': 'application/json',
      'x-signature-ed25519': request.signature,
      'x-signature-timestamp': request.timestamp,
    },
    payload: request.payload,
  });
  const body = response.json() as { type?: number; data?: { embeds?: Embed[]; content?: string } };
  const embed = body.data?.embeds?.[0];
  if (response.statusCode !== 200 || body.type !== 4 || !embed) {
    throw new Error(`the interaction answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
  return embed;
}

async function governorOfLatestScan(handle: DatabaseHandle): Promise<number> {
  const row = await handle.db
    .selectFrom('governor_presence')
    .select('governor_id')
    .where('kingdom_kd', '=', KD)
    .where('last_at', 'is', null)
    .orderBy('governor_id')
    .executeTakeFirstOrThrow();
  return Number(row.governor_id);
}

export async function measureDiscord(
  handle: DatabaseHandle,
  options: { samples: number },
): Promise<DiscordBenchResult> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const publicKeyHex = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString(
    'hex',
  );
  const governorId = await governorOfLatestScan(handle);
  await handle.db.deleteFrom('discord_guilds').where('guild_id', '=', GUILD).execute();
  await handle.db
    .insertInto('discord_guilds')
    .values({
      guild_id: GUILD,
      kingdom_kd: KD,
      admin_role_id: null,
      admin_channel_id: null,
      announce_channel_id: null,
      announce_webhook_url: null,
      bound_at: Math.floor(Date.now() / 1000),
      bound_by: null,
    })
    .execute();
  const app = await buildApp(
    {
      loginEnabled: false,
      logLevel: 'warn',
      webDistDir: undefined,
      discord: {
        applicationId: APPLICATION_ID,
        publicKey: publicKeyHex,
        botToken: null,
        // Never called: a warm answer needs no follow-up.
        apiUrl: 'http://127.0.0.1:9/api/v10',
        mode: 'http',
      },
    },
    handle,
  );
  await app.ready();
  try {
    let next = 0;
    const statsRequests = () =>
      Array.from({ length: options.samples }, () =>
        signedCommand(privateKey, next++, 'stats', { governor: String(governorId) }),
      );
    const topRequests = () =>
      Array.from({ length: options.samples }, () =>
        signedCommand(privateKey, next++, 'top', { metric: 'dkp', count: 10 }),
      );
    const card = await answer(
      app,
      signedCommand(privateKey, next++, 'stats', { governor: String(governorId) }),
    );
    if (!card.title.includes(`(${governorId})`)) throw new Error(`/stats answered the card ${card.title}`);
    const list = await answer(app, signedCommand(privateKey, next++, 'top', { metric: 'dkp', count: 10 }));
    const topLines = (list.description ?? '')
      .split('\n')
      .filter((line) => /^\*\*\d+\.\*\*/.test(line)).length;
    if (topLines !== 10) throw new Error(`/top answered ${topLines} governors, not 10`);

    const forStats = statsRequests();
    const stats = await sampleMany(options.samples, (i) => answer(app, forStats[i]!));
    const forTop = topRequests();
    const top = await sampleMany(options.samples, (i) => answer(app, forTop[i]!));
    return { governorId, topLines, stats: summarize(stats), top: summarize(top) };
  } finally {
    await app.close();
    await handle.db.deleteFrom('discord_guilds').where('guild_id', '=', GUILD).execute();
  }
}

export function formatDiscordLine(result: DiscordBenchResult): string {
  return (
    `Discord, warm: /stats p50/p95 ${formatPair(result.stats.wall)} ms (CPU ${formatPair(result.stats.cpu)}), ` +
    `/top ${formatPair(result.top.wall)} ms (CPU ${formatPair(result.top.cpu)})`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL;
  const at = process.argv.indexOf('--samples');
  const samples = at > 0 ? Number(process.argv[at + 1]) : 30;
  const data = await openScaleData({ postgresUrl });
  try {
    const before = loadAverage();
    const result = await measureDiscord(data.handle, { samples });
    console.log(`${formatDiscordLine(result)}; load ${before.join(' ')} -> ${loadAverage().join(' ')}`);
  } finally {
    await data.handle.close();
  }
}
