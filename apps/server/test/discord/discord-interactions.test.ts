import type { KeyObject } from 'node:crypto';
import { generateKeyPairSync } from 'node:crypto';
import { kdDashboardResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { utc } from '../import/import-support.ts';
import { type AuthWorld, auditActions, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  APPLICATION_ID,
  command,
  DiscordStandIn,
  GUILD,
  interaction,
  makeSigner,
  postSigned,
  signature,
} from './discord-support.ts';

/**
 * Kingdom Stats in Discord through the real interactions endpoint (docs/discord.md): every request signed with a key
 * pair made here, Discord's REST API played by a local stand-in that records what the server sends it.
 */
const MANAGER = { userId: '800000000000000009', name: 'leader', permissions: String(0x20) };
const ADMIN_ROLE = '600000000000000001';
const ADMIN_CHANNEL = '910000000000000001';
const SEASON = { open: utc('2026-09-01 00:00'), close: utc('2026-10-30 00:00') };
const SCAN_TIMES = [utc('2026-09-02 00:00'), utc('2026-09-10 00:00')];
/** Fifteen governors; 101 Alpha, 202 Bravo and 303 Charlie by name, 1001… by number. */
const GOVERNORS = [
  { id: 101, name: 'Alpha' },
  { id: 202, name: 'Bravo' },
  { id: 303, name: 'Charlie' },
  ...Array.from({ length: 12 }, (_, i) => ({ id: 1001 + i, name: `Filler ${i + 1}` })),
];

describe('Discord interactions endpoint', () => {
  let t: TestApp;
  let world: AuthWorld;
  let privateKey: KeyObject;
  const discord = new DiscordStandIn();
  const send = (body: unknown, options = {}) => postSigned(t.app, privateKey, body, options);

  beforeAll(async () => {
    await discord.start();
    const signer = makeSigner();
    privateKey = signer.privateKey;
    t = await createTestApp({
      discord: {
        applicationId: APPLICATION_ID,
        publicKey: signer.publicKeyHex,
        botToken: 'test-bot-token',
        apiUrl: discord.url,
        mode: 'http',
        retry: { attempts: 3, firstDelayMs: 5 },
      },
    });
    world = await createAuthWorld(t.database.db, 3101, 3102);
    for (const [i, at] of SCAN_TIMES.entries()) {
      const rows = GOVERNORS.map(
        ({ id, name }) =>
          `${id},${name},${50_000_000 + id * 1000 * (i + 1)},${id * 100 * (i + 1)},${id * 10 * (i + 1)},${id * (i + 1)},${id * 3 * (i + 1)},${id * 7 * (i + 1)}`,
      );
      await importScanFile(t.database.db, {
        kingdomKd: world.kd,
        filePath: `kd${world.kd}-scan${i + 1}.csv`,
        content: Buffer.from(
          `Governor ID,Name,Power,Kill Points,T4 Kills,T5 Kills,Dead,Healed\n${rows.join('\n')}\n`,
        ),
        at: new Date(at * 1000).toISOString(),
      });
    }
    await t.database.db
      .insertInto('kvk_seasons')
      .values({ kingdom_kd: world.kd, kvk_number: 9, open_time: SEASON.open, close_time: SEASON.close })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await discord.close();
  });

  async function setupCode(kd = world.kd): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kingdoms/${kd}/discord/setup-code`,
      headers: bearer(kd === world.kd ? world.kingdomAdmin : world.otherAdmin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json().code;
  }

  it('answers PING with PONG', async () => {
    const res = await send(interaction(1, undefined));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 1 });
  });

  it('refuses a missing, wrong, stale or replayed signature with 401 in the API’s error shape', async () => {
    const ping = interaction(1, undefined);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/discord/interactions',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(ping),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'The request is not signed' });

    const stranger = generateKeyPairSync('ed25519').privateKey;
    const wrong = await postSigned(t.app, stranger, ping);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The request signature is not valid');

    const stale = await send(ping, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe('The request signature is too old');

    // Signed for one body, sent with another.
    const timestampNow = String(Math.floor(Date.now() / 1000));
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/discord/interactions',
      headers: {
        'content-type': 'application/json',
        'x-signature-ed25519': signature(privateKey, timestampNow, JSON.stringify(ping)),
        'x-signature-timestamp': timestampNow,
      },
      payload: JSON.stringify({ ...ping, type: 2 }),
    });
    expect(tampered.statusCode).toBe(401);

    const timestamp = Math.floor(Date.now() / 1000);
    const first = await send(ping, { timestamp });
    expect(first.statusCode).toBe(200);
    const replay = await send(ping, { timestamp });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('The request was already received');
  });

  it('tells a server that is not bound to a kingdom how to bind it', async () => {
    const res = await send(command('stats', { governor: '101' }));
    expect(res.json()).toEqual({
      type: 4,
      data: expect.objectContaining({
        flags: 64,
        content: expect.stringContaining('not bound to a kingdom'),
      }),
    });
  });

  it('binds the server with a one-time code from a member who may manage it, and audits it', async () => {
    const code = await setupCode();
    const noPermission = await send(command('setup', { code }, { userId: '800000000000000002' }));
    expect(noPermission.json().data.content).toBe('Only members who may manage this server can run /setup.');

    const wrongCode = await send(command('setup', { code: 'KS-AAAA-BBBB-CCCC' }, MANAGER));
    expect(wrongCode.json().data.content).toContain('not valid or has expired');

    const bound = await send(
      command(
        'setup',
        { code: code.toLowerCase(), admin_role: ADMIN_ROLE, admin_channel: ADMIN_CHANNEL },
        MANAGER,
      ),
    );
    expect(bound.json().data).toMatchObject({
      flags: 64,
      content: expect.stringContaining('now bound to Home (#3101)'),
    });
    const again = await send(command('setup', { code }, MANAGER));
    expect(again.json().data.content).toContain('not valid or has expired');

    expect(await auditActions(t.database.db, world.kd)).toEqual(
      expect.arrayContaining(['discord.setup-code.create', 'discord.guild.bind']),
    );
    const status = await t.app.inject({
      url: `/api/admin/kingdoms/${world.kd}/discord`,
      headers: bearer(world.kingdomAdmin),
    });
    expect(status.json().guilds).toEqual([
      {
        guildId: GUILD,
        boundAt: expect.any(Number),
        announce: 'none',
        adminRoleId: ADMIN_ROLE,
        adminChannelId: ADMIN_CHANNEL,
      },
    ]);
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kingdoms/${world.kd}/discord/setup-code`,
      headers: bearer(world.otherAdmin),
    });
    expect(stranger.statusCode).toBe(403);
  });

  it('/stats shows the governor’s card with the KD DKP dashboard’s own numbers for the viewer', async () => {
    const code = await world.codeOf(world.kd);
    const board = kdDashboardResponseSchema.parse(
      (await t.app.inject(`/api/kd-dashboard/${world.kd}/data/${code}`)).json(),
    );
    const row = board.playerData.find((r) => r['Governor ID'] === 202)!;
    for (const asked of ['202', 'bravo', 'Brav']) {
      const res = await send(command('stats', { governor: asked }));
      expect(res.json().type).toBe(4);
      const [card] = res.json().data.embeds;
      expect(card.title).toBe('Bravo (202)');
      expect(card.url).toBe(`http://localhost:3000/${world.kd}/governor/202/${code}`);
      const field = (name: string) => card.fields.find((f: { name: string }) => f.name === name)?.value;
      expect(field('DKP')).toBe(Math.round(row['DKP Score']!).toLocaleString('en-US'));
      // T4 × 10 + T5 × 20 kill points: the gains 2,020 and 202.
      expect(field('Kill points (T4+T5)')).toBe('24,240');
      expect(field('T4 / T5 kills')).toBe('2,020 / 202');
      expect(field('Deaths')).toBe('606');
      expect(field('Healed')).toBe('1,414');
      expect(field('Rank')).toBe(`${board.playerData.indexOf(row) + 1} of ${GOVERNORS.length}`);
    }
    const unknown = await send(command('stats', { governor: 'Nobody' }));
    expect(unknown.json().data).toMatchObject({
      flags: 64,
      content: expect.stringContaining('No governor matches'),
    });
  });

  it('suggests governors by name or ID while typing', async () => {
    const res = await send(
      interaction(4, {
        name: 'stats',
        options: [{ name: 'governor', type: 3, value: 'char', focused: true }],
      }),
    );
    expect(res.json()).toEqual({ type: 8, data: { choices: [{ name: 'Charlie (303)', value: '303' }] } });
  });

  it('/top lists the top governors by a metric, ten a page, with buttons to page', async () => {
    const res = await send(command('top', { metric: 'kills', count: 12 }));
    const data = res.json().data;
    expect(data.embeds[0].title).toBe('Top 12 by Kill points (T4+T5)');
    const lines = data.embeds[0].description.split('\n').filter((l: string) => /^\*\*\d+\.\*\*/.test(l));
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('**1.** Filler 12 (1012) — 121,440');
    expect(data.embeds[0].footer.text).toBe('Page 1 of 2');
    const next = data.components[0].components[1];
    expect(next).toMatchObject({ label: 'Next ▶', disabled: false });

    const page2 = await send(interaction(3, { custom_id: next.custom_id, component_type: 2 }));
    expect(page2.json().type).toBe(7);
    const rows2 = page2
      .json()
      .data.embeds[0].description.split('\n')
      .filter((l: string) => /^\*\*\d+\.\*\*/.test(l));
    expect(rows2).toEqual(['**11.** Filler 2 (1002) — 120,240', '**12.** Filler 1 (1001) — 120,120']);
  });

  it('answers in the asker’s Discord language, with its number format; English for a language we lack', async () => {
    const field = (card: { fields: { name: string; value: string }[] }, name: string) =>
      card.fields.find((f) => f.name === name)?.value;
    const vi = (await send(command('stats', { governor: '202' }, { locale: 'vi' }))).json().data.embeds[0];
    expect(vi.title).toBe('Bravo (202)');
    expect(field(vi, 'Điểm Tiêu Diệt (T4+T5)')).toBe('24.240');
    expect(field(vi, 'Tiêu diệt T4 / T5')).toBe('2.020 / 202');
    expect(field(vi, 'Hồi phục')).toBe('1.414');
    expect(vi.description).toContain('KvK 9: 2026-09-02 00:00 UTC → 2026-09-10 00:00 UTC');
    expect(vi.footer.text).toBe('Mức tăng trong giai đoạn; — = không rõ trong các lần quét');
    const viMiss = (await send(command('stats', { governor: 'Nobody' }, { locale: 'vi' }))).json().data;
    expect(viMiss.content).toBe(
      'Không có Thống Đốc nào khớp với “Nobody” trong giai đoạn KvK 9 của Home (#3101).',
    );

    const ja = (await send(command('top', { metric: 'kills', count: 12 }, { locale: 'ja' }))).json().data;
    expect(ja.embeds[0].title).toBe('撃破ポイント (T4+T5) の上位 12 人');
    expect(ja.embeds[0].description).toContain('**1.** Filler 12 (1012) — 121,440');
    expect(ja.embeds[0].footer.text).toBe('1 / 2 ページ');
    const next = ja.components[0].components[1];
    expect(next.label).toBe('次へ ▶');
    // Paged by someone whose Discord speaks German: the shared message stays in Japanese.
    const page2 = await send(
      interaction(3, { custom_id: next.custom_id, component_type: 2 }, { locale: 'de' }),
    );
    expect(page2.json().data.embeds[0].footer.text).toBe('2 / 2 ページ');

    const polish = (await send(command('stats', { governor: '202' }, { locale: 'pl' }))).json().data
      .embeds[0];
    expect(field(polish, 'Kill points (T4+T5)')).toBe('24,240');
    expect(polish.footer.text).toBe('Gains over the period; — = unknown in the scans');
  });

  it('/kvk sums the kingdom’s governors and their goal progress; /compare sets governors side by side', async () => {
    const kvk = (await send(command('kvk'))).json().data.embeds[0];
    expect(kvk.title).toBe('KvK 9');
    const kills = GOVERNORS.reduce((sum, g) => sum + g.id * 120, 0);
    expect(kvk.fields.find((f: { name: string }) => f.name === 'Kill points (T4+T5)').value).toBe(
      kills.toLocaleString('en-US'),
    );
    expect(kvk.fields.find((f: { name: string }) => f.name === 'Governors').value).toBe('15');

    const compared = (await send(command('compare', { governor1: '101', governor2: 'Charlie' }))).json().data;
    expect(compared.embeds[0].title).toBe('Alpha · Charlie');
    const one = (await send(command('compare', { governor1: '101', governor2: 'Alpha' }))).json().data;
    expect(one.content).toBe('Compare needs two to six different governors.');
  });

  it('/link asks the admins; a second claimant is held until an admin decides; /me shows approved links', async () => {
    const player = { userId: '800000000000000021', name: 'player-a' };
    const rival = { userId: '800000000000000022', name: 'player-b' };
    const claim = (await send(command('link', { id: '101' }, player))).json().data;
    expect(claim).toMatchObject({
      flags: 64,
      content: 'Your claim on Alpha (101) waits for an admin’s approval.',
    });
    const [posted] = await discord.waitFor('POST', `/channels/${ADMIN_CHANNEL}/messages`);
    expect(posted!.authorization).toBe('Bot test-bot-token');
    const buttons = (posted!.body as { components: { components: { custom_id: string }[] }[] }).components[0]!
      .components;
    const rivalClaim = (await send(command('link', { id: '101' }, rival))).json().data;
    expect(rivalClaim.content).toContain('Another Discord user claims this governor too');

    const notAdmin = await send(
      interaction(3, { custom_id: buttons[0]!.custom_id, component_type: 2 }, rival),
    );
    expect(notAdmin.json().data.content).toBe("Only Home (#3101)'s admins can approve or refuse links.");

    const approved = await send(
      interaction(
        3,
        { custom_id: buttons[0]!.custom_id, component_type: 2 },
        { userId: '5', roles: [ADMIN_ROLE] },
      ),
    );
    expect(approved.json()).toMatchObject({
      type: 7,
      data: { content: expect.stringContaining('was approved'), components: [] },
    });

    // The rival's claim cannot be approved while player-a holds the governor.
    const pending = await t.app.inject({
      url: `/api/admin/kingdoms/${world.kd}/discord`,
      headers: bearer(world.kingdomAdmin),
    });
    const rivalLink = pending
      .json()
      .pending.find((l: { discordUsername: string }) => l.discordUsername === 'player-b');
    expect(rivalLink).toMatchObject({ governorId: 101, contested: true });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kingdoms/${world.kd}/discord/links/${rivalLink.id}`,
      headers: bearer(world.kingdomAdmin),
      payload: { decision: 'approved' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Governor 101 is already linked to player-a: refuse that link first');

    const me = (await send(command('me', {}, player))).json().data;
    expect(me.flags).toBe(64);
    expect(me.embeds[0].description).toContain('**Alpha** (101) · main');
    expect(await auditActions(t.database.db, world.kd)).toContain('discord.link.approve');
    // The governor page names its approved player; another governor's page names nobody.
    const code = await world.codeOf(world.kd);
    const page = (await t.app.inject(`/api/governor/${world.kd}/101/${code}`)).json();
    expect(page.discordPlayers).toEqual(['player-a']);
    expect(
      (await t.app.inject(`/api/governor/${world.kd}/202/${code}`)).json().discordPlayers,
    ).toBeUndefined();
  });

  it('answers an unknown command and a kingdom with no scans in words', async () => {
    const unknown = (await send(command('dance'))).json().data;
    expect(unknown.content).toBe('Kingdom Stats has no command /dance.');

    const emptyGuild = '700000000000000002';
    await addKingdom(t.database.db, { kd: 3103, code: 'code-3103', name: 'Empty' });
    await t.database.db
      .insertInto('user_kingdoms')
      .values({ user_id: world.kingdomAdmin.id, kingdom_kd: 3103 })
      .execute();
    const code = (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/kingdoms/3103/discord/setup-code',
        headers: bearer(world.superadmin),
      })
    ).json().code;
    await send(command('setup', { code }, { ...MANAGER, guild: emptyGuild }));
    for (const name of ['stats', 'top', 'kvk']) {
      const res = await send(command(name, { governor: '1', metric: 'dkp' }, { guild: emptyGuild }));
      expect(res.json().data.content, name).toBe('Empty (#3103) has no scans yet.');
    }
  });

  it('limits failed signatures per address', async () => {
    const remoteAddress = '10.20.5.5';
    const stranger = generateKeyPairSync('ed25519').privateKey;
    for (let i = 0; i < 30; i++) {
      expect(
        (await postSigned(t.app, stranger, interaction(1, undefined), { remoteAddress })).statusCode,
      ).toBe(401);
    }
    const blocked = await send(interaction(1, undefined), { remoteAddress });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
  });
});
