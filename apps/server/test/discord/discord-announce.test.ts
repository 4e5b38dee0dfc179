import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { type AuthWorld, auditActions, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { APPLICATION_ID, command, DiscordStandIn, makeSigner, postSigned } from './discord-support.ts';

/**
 * Slow answers and announcements (docs/discord.md): with no time to answer at once, a command is deferred and its
 * answer sent as a follow-up; every import is announced through the server's webhook, retried, and a failure that
 * outlasts the retries shows in the kingdom's Recent changes, never in the import.
 */
const MANAGER = { userId: '800000000000000009', name: 'leader', permissions: String(0x20) };

describe('Discord: deferred answers and announcements', () => {
  let t: TestApp;
  let world: AuthWorld;
  let send: (body: unknown) => ReturnType<typeof postSigned>;
  const discord = new DiscordStandIn();
  let scanNumber = 0;

  const importScan = (day: number) =>
    importScanFile(t.database.db, {
      kingdomKd: world.kd,
      filePath: `kd${world.kd}-announce${++scanNumber}.csv`,
      content: Buffer.from(
        `Governor ID,Name,Power,T4 Kills,T5 Kills\n${[1, 2, 3, 4, 5, 6]
          .map((id) => `${id},Gov ${id},${1_000_000 * id},${id * day * 10},${id * day}`)
          .join('\n')}\n`,
      ),
      at: `2026-09-${String(day).padStart(2, '0')}T00:00:00Z`,
    });

  beforeAll(async () => {
    await discord.start();
    const signer = makeSigner();
    t = await createTestApp({
      discord: {
        applicationId: APPLICATION_ID,
        publicKey: signer.publicKeyHex,
        botToken: 'test-bot-token',
        apiUrl: discord.url,
        mode: 'http',
        answerBudgetMs: 0,
        retry: { attempts: 3, firstDelayMs: 5 },
      },
    });
    send = (body) => postSigned(t.app, signer.privateKey, body);
    world = await createAuthWorld(t.database.db, 3201, 3202);
    await importScan(1);
    const code = (
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/kingdoms/${world.kd}/discord/setup-code`,
        headers: bearer(world.kingdomAdmin),
      })
    ).json().code;
    // Deferred too (budget 0): the binding's answer arrives as a follow-up.
    await send(
      command('setup', { code, announce_webhook: `${discord.url}/webhooks/555/hook-token` }, MANAGER),
    );
    await discord.waitFor('PATCH', `/webhooks/${APPLICATION_ID}/`);
  });
  afterAll(async () => {
    await t?.close();
    await discord.close();
  });

  it('defers a slow answer and sends it as an edit of the original message', async () => {
    const before = discord.sent('PATCH', `/webhooks/${APPLICATION_ID}/`).length;
    const asked = command('stats', { governor: 'Gov 3' });
    const res = await send(asked);
    expect(res.json()).toEqual({ type: 5 });
    const edits = await discord.waitFor('PATCH', `/webhooks/${APPLICATION_ID}/`, before + 1);
    const edit = edits.at(-1)!;
    expect(edit.path).toBe(`/webhooks/${APPLICATION_ID}/${asked.token}/messages/@original`);
    expect((edit.body as { embeds: { title: string }[] }).embeds[0]!.title).toBe('Gov 3 (3)');

    const me = await send(command('me'));
    expect(me.json()).toEqual({ type: 5, data: { flags: 64 } });
  });

  it('announces an import through the webhook, retrying a failed post, without delaying the import', async () => {
    discord.fail('/webhooks/555/', [500]);
    const result = await importScan(5);
    expect(result.scans[0]!.status).toBe('imported');
    const posts = await discord.waitFor('POST', '/webhooks/555/hook-token', 2);
    expect(posts).toHaveLength(2);
    const embed = (
      posts[1]!.body as { embeds: { title: string; description: string; fields: { value: string }[] }[] }
    ).embeds[0]!;
    expect(embed.title).toBe('New data for Home (#3201)');
    expect(embed.description).toContain('2026-09-05 00:00 UTC · 6 governors');
    // Five largest DKP gains, the largest first.
    const lines = embed.fields[0]!.value.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^1\. Gov 6 \(6\) — /);
    expect(posts[1]!.authorization).toBeUndefined();
  });

  it('tells the admins’ channel how many values of an import wait for review, with the review page', async () => {
    const code = (
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/kingdoms/${world.kd}/discord/setup-code`,
        headers: bearer(world.kingdomAdmin),
      })
    ).json().code;
    await send(
      command(
        'setup',
        {
          code,
          admin_channel: '920000000000000001',
          announce_webhook: `${discord.url}/webhooks/555/hook-token`,
        },
        MANAGER,
      ),
    );
    // Governor 6's T4 kills fall from 660 to 1: a counter that never falls, so a misread to review.
    const result = await importScanFile(t.database.db, {
      kingdomKd: world.kd,
      filePath: `kd${world.kd}-misread.csv`,
      content: Buffer.from(
        `Governor ID,Name,Power,T4 Kills,T5 Kills\n${[1, 2, 3, 4, 5, 6]
          .map((id) => `${id},Gov ${id},${1_000_000 * id},${id === 6 ? 1 : id * 120},${id * 12}`)
          .join('\n')}\n`,
      ),
      at: '2026-09-12T00:00:00Z',
    });
    expect(result.misreads?.count).toBeGreaterThan(0);
    const [review] = await discord.waitFor('POST', '/channels/920000000000000001/messages');
    expect(review!.authorization).toBe('Bot test-bot-token');
    expect((review!.body as { content: string }).content).toBe(
      `kd${world.kd}-misread.csv: ${result.misreads!.count} value${result.misreads!.count === 1 ? '' : 's'} wait for review: ` +
        `http://localhost:3000${result.misreads!.reviewPath}`,
    );
  });

  it('shows a post that failed every retry in Recent changes, and the import still succeeds', async () => {
    discord.fail('/webhooks/555/', [500, 502, 503]);
    const result = await importScan(9);
    expect(result.scans[0]!.status).toBe('imported');
    const started = Date.now();
    while (!(await auditActions(t.database.db, world.kd)).includes('discord.announce.fail')) {
      if (Date.now() - started > 5_000) throw new Error('no discord.announce.fail in the audit log');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const recent = await t.app.inject({
      url: `/api/admin/kingdoms/${world.kd}/${await world.codeOf(world.kd)}`,
      headers: bearer(world.kingdomAdmin),
    });
    expect(JSON.stringify(recent.json())).toContain('discord.announce.fail');
    const row = await t.database.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('action', '=', 'discord.announce.fail')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.after_json!)).toMatchObject({
      via: 'webhook',
      reason: 'Discord answered 503 (webhook)',
    });
    expect(row.after_json).not.toContain('hook-token');
  });

  it('announces in the server’s language once Discord has said it (guild_locale)', async () => {
    await send(command('kvk', {}, { locale: 'en-US', guildLocale: 'vi' }));
    const before = discord.sent('POST', '/webhooks/555/hook-token').length;
    await importScan(14);
    const posts = await discord.waitFor('POST', '/webhooks/555/hook-token', before + 1);
    const embed = (posts.at(-1)!.body as { embeds: { title: string; description: string }[] }).embeds[0]!;
    expect(embed.title).toBe('Dữ liệu mới cho Home (#3201)');
    expect(embed.description).toContain('2026-09-14 00:00 UTC · 6 Thống Đốc');
  });
});
