import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerGatewayInteraction } from '../../src/features/discord/gateway.ts';
import { translatorFor } from '../../src/features/discord/i18n.ts';
import { createDiscord, type DiscordParts } from '../../src/features/discord/service.ts';
import { createSetupCode } from '../../src/features/discord/store.ts';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { KdDashboardService } from '../../src/features/kd-dashboard/service.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { APPLICATION_ID, command, DiscordStandIn, type interaction } from './discord-support.ts';

/**
 * Gateway mode at its handler boundary (docs/discord.md): an interaction as the gateway delivers it is answered by
 * the same handlers as the HTTP endpoint's, and the answer posted to Discord's callback URL.
 */
describe('Discord gateway mode', () => {
  let t: TestApp;
  let discord: DiscordParts;
  const standIn = new DiscordStandIn();
  const log = { warn: () => {} };
  const gatewayConfig = () => ({
    applicationId: APPLICATION_ID,
    publicKey: null,
    botToken: 'gateway-bot-token',
    apiUrl: standIn.url,
    mode: 'gateway' as const,
  });

  beforeAll(async () => {
    await standIn.start();
    t = await createTestApp({ discord: gatewayConfig() });
    await addKingdom(t.database.db, { kd: 3401, code: 'code-3401', name: 'Gate' });
    await importScanFile(t.database.db, {
      kingdomKd: 3401,
      filePath: 'kd3401.csv',
      content: Buffer.from('Governor ID,Name,Power\n11,Eleven,1100\n12,Twelve,1200\n'),
      at: '2026-09-01T00:00:00Z',
    });
    discord = createDiscord({
      db: t.database.db,
      kdDashboard: new KdDashboardService(t.database.db),
      options: gatewayConfig(),
      siteUrl: 'https://stats.example.org',
      log,
    });
  });
  afterAll(async () => {
    await t?.close();
    await standIn.close();
  });

  const answer = async (body: ReturnType<typeof interaction>) => {
    await answerGatewayInteraction({ interaction: body, handlers: discord.handlers, log });
    const [callback] = standIn.sent('POST', `/interactions/${body.id}/`);
    expect(callback!.path).toBe(`/interactions/${body.id}/${body.token}/callback`);
    return callback!.body as { type: number; data: { content?: string; embeds?: { title: string }[] } };
  };

  it('serves no HTTP endpoint without a public key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/discord/interactions', payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it('answers through the callback URL with the same handlers: unbound, /setup, then /stats', async () => {
    expect((await answer(command('stats', { governor: '11' }))).data.content).toBe(
      translatorFor('en-US').t('error.notBound'),
    );
    const { code } = await createSetupCode(t.database.db, { kd: 3401, userId: null });
    const setup = await answer(command('setup', { code }, { userId: '42', permissions: '32' }));
    expect(setup.data.content).toContain('now bound to Gate (#3401)');
    const stats = await answer(command('stats', { governor: 'twelve' }));
    expect(stats.type).toBe(4);
    expect(stats.data.embeds![0]!.title).toBe('Twelve (12)');
  });

  it('answers a sentence, not a failed interaction, when reading the numbers fails, and logs why', async () => {
    const warnings: string[] = [];
    const failing = createDiscord({
      db: t.database.db,
      kdDashboard: {
        data: () => Promise.reject(new Error('database gone')),
      } as unknown as KdDashboardService,
      options: gatewayConfig(),
      siteUrl: 'https://stats.example.org',
      log: { warn: (object) => warnings.push(JSON.stringify(object)) },
    });
    const response = await failing.handlers.handle(command('kvk'));
    expect(response).toMatchObject({
      type: 4,
      data: { flags: 64, content: 'Something went wrong while answering. Please try again.' },
    });
    expect(warnings).toEqual([JSON.stringify({ command: 'kvk', why: 'database gone' })]);
  });
});
