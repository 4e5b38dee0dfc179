import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { commandDefinitions } from '../../src/features/discord/commands.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { APPLICATION_ID, command, DiscordStandIn, GUILD, makeSigner, postSigned } from './discord-support.ts';

const MANAGER = { userId: '800000000000000009', name: 'leader', permissions: String(0x20) };

/**
 * The CLI's Discord commands through the CLI's entry (in this process, test/support/run-cli.ts), against a local
 * stand-in for Discord's API, which keeps answering while a command waits for it.
 */
describe('npm run cli -- discord …', () => {
  let database: TestDatabase;
  let dir: string;
  let app: FastifyInstance;
  const discord = new DiscordStandIn();
  const signer = makeSigner();
  let env: NodeJS.ProcessEnv;

  const cli = async (args: string[], extraEnv: NodeJS.ProcessEnv = {}) => {
    const result = await runCli(database.url, args, undefined, { ...env, ...extraEnv });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  beforeAll(async () => {
    await discord.start();
    dir = mkdtempSync(join(tmpdir(), 'ks-discord-cli-'));
    database = await createTestDatabase({ sqliteFile: join(dir, 'cli.sqlite') });
    await addKingdom(database.db, { kd: 3301, code: 'code-3301', name: 'Cli Home' });
    env = {
      DATABASE_URL: database.url,
      DISCORD_APPLICATION_ID: APPLICATION_ID,
      DISCORD_PUBLIC_KEY: signer.publicKeyHex,
      DISCORD_BOT_TOKEN: 'cli-bot-token',
      DISCORD_API_URL: discord.url,
    };
    app = await buildApp(
      {
        loginEnabled: false,
        logLevel: 'silent',
        webDistDir: undefined,
        discord: {
          applicationId: APPLICATION_ID,
          publicKey: signer.publicKeyHex,
          botToken: 'cli-bot-token',
          apiUrl: discord.url,
          mode: 'http',
        },
      },
      database,
    );
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await discord.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('register sends every command definition to the application with the bot token', async () => {
    const result = await cli(['discord', 'register']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('Registered 7 commands: /setup /stats /me /link /top /kvk /compare\n');
    const [put] = discord.sent('PUT', `/applications/${APPLICATION_ID}/commands`);
    expect(put!.authorization).toBe('Bot cli-bot-token');
    expect(put!.body).toEqual(commandDefinitions());
    expect(result.stdout).not.toContain('cli-bot-token');
  });

  it('register says what is missing without a bot token', async () => {
    const result = await cli(['discord', 'register'], { DISCORD_BOT_TOKEN: '' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'Error: discord register needs DISCORD_APPLICATION_ID and DISCORD_BOT_TOKEN\n',
    );
  });

  it('bind prints a code that binds a server once; a scan imported by the CLI is announced in the server’s language', async () => {
    // The CLI has heard no interaction: it asks Discord for the server's language, with the bot token.
    discord.answer(`/guilds/${GUILD}`, { id: GUILD, preferred_locale: 'fr' });
    const bound = await cli(['discord', 'bind', '3301']);
    expect(bound.stderr).toBe('');
    const code = bound.stdout.match(/KS-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/)?.[0];
    expect(code).toBeDefined();
    const setup = await postSigned(
      app,
      signer.privateKey,
      command('setup', { code: code!, announce_webhook: `${discord.url}/webhooks/777/cli-hook` }, MANAGER),
    );
    expect(setup.json().data.content).toContain('now bound to Cli Home (#3301)');

    writeFileSync(join(dir, 'kd3301-2026-09-03.csv'), 'Governor ID,Name,Power\n1,One,100\n2,Two,200\n');
    const imported = await cli([
      'scan',
      'import',
      '3301',
      join(dir, 'kd3301-2026-09-03.csv'),
      '--at',
      '2026-09-03T00:00:00Z',
    ]);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    // (The CLI runs in this process: the earlier command that failed for want of a bot token left its import
    // listener behind, which posts too, in English, since without a token it cannot ask.)
    const posts = discord.sent('POST', '/webhooks/777/cli-hook').map((post) => JSON.stringify(post.body));
    expect(posts.find((body) => body.includes('Nouvelles données pour Cli Home (#3301)'))).toContain(
      '2026-09-03 00:00 UTC · 2 gouverneurs',
    );
    expect(discord.sent('GET', `/guilds/${GUILD}`)[0]?.authorization).toBe('Bot cli-bot-token');
  });
});
