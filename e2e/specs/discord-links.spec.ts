import { expect, test } from '@playwright/test';
import { KingdomSettingsPage } from '../pages/KingdomSettingsPage.ts';
import { discordCommand } from '../support/discord.ts';
import { BASE_URL } from '../support/env.ts';
import { accessCode, perProject, signIn } from '../support/users.ts';

// Kingdom Stats in Discord on the settings page (docs/discord.md): a setup code made on the page binds a server
// (a signed /setup, as Discord sends it), a player's /link claim waits there, and the admin approves it, at 1366 px
// and at 375 px (touch). Each project uses its own server, player and governor.

test.describe('Discord on the settings page', () => {
  test('an admin makes a setup code, a player claims a governor in Discord, and the admin approves the claim', async ({
    page,
  }, testInfo) => {
    // Two page loads of the whole settings page and four signed calls: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    const kd = 2101;
    const code = await accessCode(page, kd);
    const guildId = `71000000000000000${perProject(testInfo, 1, 2)}`;
    const player = { userId: `81000000000000000${perProject(testInfo, 1, 2)}` };
    const username = `e2e-player-${testInfo.project.name}`;
    const kvk = await page.request.get(`${BASE_URL}/api/kd-dashboard/${kd}/data/${code}`);
    const rows = (await kvk.json()).playerData as { 'Governor ID': number; Name: string }[];
    const governor = rows[perProject(testInfo, 3, 4)]!;

    await signIn(page, 'kingdomAdmin');
    const settings = new KingdomSettingsPage(page);
    await settings.open(kd, code);
    const discord = settings.section('discord');
    // The settings page's first load reads the whole kingdom: on a busy machine it takes a while.
    await expect(discord.getByRole('heading', { name: 'Discord' })).toBeVisible({ timeout: 30_000 });
    await discord.getByRole('button', { name: 'Make a setup code' }).click();
    const shown = discord.getByText(/^Setup code:/);
    await expect(shown).toBeVisible({ timeout: 15_000 });
    const setupCode = (await shown.textContent())?.match(/KS-[A-Z0-9-]{14}/)?.[0];
    expect(setupCode).toBeDefined();

    const bound = await discordCommand(page.request, {
      guildId,
      userId: '820000000000000001',
      username: 'e2e-leader',
      name: 'setup',
      options: { code: setupCode! },
      permissions: '32',
    });
    expect(bound.data.content).toContain('now bound to');
    const claim = await discordCommand(page.request, {
      guildId,
      userId: player.userId,
      username,
      name: 'link',
      options: { id: String(governor['Governor ID']) },
    });
    expect(claim.data.content).toBe(
      `Your claim on ${governor.Name} (${governor['Governor ID']}) waits for an admin’s approval.`,
    );

    await page.reload();
    const claims = discord.getByRole('list', { name: 'Governor claims waiting' });
    const row = claims.getByRole('listitem').filter({ hasText: username });
    await expect(row).toContainText(`claims governor ${governor['Governor ID']}`, { timeout: 30_000 });
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(row).toHaveCount(0, { timeout: 15_000 });
    await expect(settings.section('recent-changes')).toContainText('Governor claim approved', {
      timeout: 15_000,
    });

    // The governor's page names its approved Discord player.
    await page.goto(`/${kd}/governor/${governor['Governor ID']}/${encodeURIComponent(code)}`);
    await expect(page.locator('section#discord-players')).toContainText(username, { timeout: 30_000 });

    const me = await discordCommand(page.request, {
      guildId,
      userId: player.userId,
      username,
      name: 'me',
      options: {},
    });
    expect(JSON.stringify(me)).toContain(`(${governor['Governor ID']}) · `);
  });
});
