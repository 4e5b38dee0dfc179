import { expect, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';
import { FarmLinksPage } from '../pages/FarmLinksPage.ts';
import { GovernorPage } from '../pages/GovernorPage.ts';
import { KdDashboardPage, kdDashboardJson } from '../pages/KdDashboardPage.ts';
import { BASE_URL } from '../support/env.ts';
import { accessCode, perProject, signIn } from '../support/users.ts';

const HERO_SCROLLS = new URL('../../fixtures/scans/hero-scrolls/', import.meta.url).pathname;

// Farm and alt accounts (issue 13 item 3, docs/farms.md): the admin page's link flow and policy, and the governor
// page's linked accounts (also at 375 px, touch: the tests tagged @phone).

interface FarmsJson {
  policy: { mode: string; weightPct: number };
  links: { farmId: number; farmName: string | null; mainId: number; mainName: string | null }[];
}

test.describe('farm links', () => {
  test('an admin links a farm by ID with its name looked up, sets the policy and removes the link', async ({
    page,
  }, testInfo) => {
    // The demo kingdom, whose scans hold the map; the test leaves its links and policy as it found them.
    const kd = 2101;
    const code = await accessCode(page, kd);
    const session = await signIn(page, 'superadmin');
    const auth = { authorization: `Bearer ${session.token}` };
    const api = `${BASE_URL}/api/admin/kingdoms/${kd}/${code}/farms`;
    const before = (await (await page.request.get(api, { headers: auth })).json()) as FarmsJson;
    // Two governors of the kingdom that no link names yet, from its KD DKP table (the kingdom's own governors).
    const kvk = await page.request.get(`${BASE_URL}/api/kd-dashboard/${kd}/data/${code}`);
    expect(kvk.status()).toBe(200);
    const rows = (await kvk.json()).playerData as {
      'Governor ID': number;
      Name: string;
      'Current Power': number;
    }[];
    const linked = new Set(before.links.flatMap((l) => [l.farmId, l.mainId]));
    const free = rows
      .filter((row) => !linked.has(row['Governor ID']))
      .map((row) => ({ 'Gov ID': row['Governor ID'], Name: row.Name, Power: row['Current Power'] ?? 0 }))
      .sort((a, b) => b.Power - a.Power);
    const main = free[0]!;
    const farm = free.at(-1)!;

    const settings = new FarmLinksPage(page);
    await settings.open(kd, code);
    await expect(settings.farms.getByRole('heading', { level: 2, name: 'Farm accounts' })).toBeVisible();
    await settings.farmIdInput.fill(String(farm['Gov ID']));
    await settings.mainIdInput.fill(String(main['Gov ID']));
    await settings.linkForm.getByRole('button', { name: 'Look up names' }).click();
    await expect(settings.linkForm).toContainText(`In the scans: ${farm.Name}`);
    await expect(settings.linkForm).toContainText(`In the scans: ${main.Name}`);
    // Keyboard: Enter in the last field submits the form.
    await settings.mainIdInput.press('Enter');
    await expect(settings.linkForm.getByRole('status')).toHaveText(
      `${farm['Gov ID']} is now a farm of ${main['Gov ID']}`,
    );
    const row = settings.link(farm['Gov ID']);
    await expect(row).toContainText(farm.Name);
    await expect(row).toContainText(`Farm of ${main.Name}`);

    // A chain is refused in the server's words.
    await settings.farmIdInput.fill(String(main['Gov ID']));
    await settings.mainIdInput.fill(String(free[1]!['Gov ID']));
    await settings.linkForm.getByRole('button', { name: 'Link farm' }).click();
    await expect(settings.linkForm.getByRole('alert')).toHaveText(
      `Governor ${main['Gov ID']} is a main account with farms of its own; a farm cannot have farms.`,
    );

    await settings.policyForm.getByRole('radio', { name: /Rolled into the main's kills and deaths/ }).check();
    await settings.policyForm.getByLabel('Weight (%)').fill('20');
    await settings.policyForm.getByRole('button', { name: 'Save policy' }).click();
    await expect(settings.policyForm.getByRole('status')).toHaveText('Farm policy saved');
    await settings.farms.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('farm-links.png'), fullPage: false });

    await page.reload();
    await expect(settings.policyForm.getByRole('radio', { name: /Rolled into/ })).toBeChecked();
    await expect(settings.policyForm.getByLabel('Weight (%)')).toHaveValue('20');
    const saved = (await (await page.request.get(api, { headers: auth })).json()) as FarmsJson;
    expect(saved.policy).toEqual({ mode: 'rolled-up', weightPct: 20 });

    await settings.farms.getByRole('button', { name: `Remove the link of ${farm.Name}` }).click();
    await expect(settings.link(farm['Gov ID'])).toHaveCount(0);
    await settings.policyForm.getByRole('radio', { name: /Counted like any governor/ }).check();
    await settings.policyForm.getByRole('button', { name: 'Save policy' }).click();
    await expect(settings.policyForm.getByRole('status')).toHaveText('Farm policy saved');
    const after = (await (await page.request.get(api, { headers: auth })).json()) as FarmsJson;
    expect(after.links).toEqual(before.links);
    expect(after.policy.mode).toBe('counted');
  });

  test('the governor page lists a main’s farms and a farm’s main, each linking to the other @phone', async ({
    page,
    request,
  }, testInfo) => {
    const target = await demoTarget(request);
    const session = await signIn(page, 'superadmin');
    const answer = await page.request.get(
      `${BASE_URL}/api/admin/kingdoms/${target.kd}/${target.code}/farms`,
      {
        headers: { authorization: `Bearer ${session.token}` },
      },
    );
    const { links } = (await answer.json()) as FarmsJson;
    const link = links.find((l) => l.farmName && l.mainName)!;
    const governor = new GovernorPage(page, target);
    await governor.open(link.mainId);
    const section = page.locator('section#linked-accounts');
    await expect(section.getByRole('heading', { name: 'Linked accounts' })).toBeVisible();
    const farmLink = section
      .getByRole('list', { name: 'Farm accounts' })
      .getByRole('link', { name: link.farmName! });
    await expect(farmLink).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('governor-linked.png') });
    await governor.expectNoSidewaysScroll();
    await farmLink.click();
    await expect(page).toHaveURL(new RegExp(`/governor/${link.farmId}/`));
    await expect(page.locator('section#linked-accounts')).toContainText(`Farm of ${link.mainName}`);
  });

  test('with farms shown apart, KD DKP marks a farm and gives it no goal', async ({ page, request }) => {
    const target = await demoTarget(request);
    const session = await signIn(page, 'superadmin');
    const auth = { authorization: `Bearer ${session.token}` };
    const policy = `${BASE_URL}/api/admin/kingdoms/${target.kd}/${target.code}/farms/policy`;
    await page.request.post(policy, { headers: auth, data: { mode: 'apart', weightPct: 100 } });
    try {
      const kvk = await kdDashboardJson(request, target);
      const farm = kvk.playerData.find((row) => row['Farm Of'] !== undefined)!;
      expect(farm['DKP Goal']).toBeNull();
      // Every main comes before every farm.
      const firstFarm = kvk.playerData.findIndex((row) => row['Farm Of'] !== undefined);
      expect(kvk.playerData.slice(firstFarm).every((row) => row['Farm Of'] !== undefined)).toBe(true);
      const dkp = new KdDashboardPage(page, target);
      await dkp.openLoaded();
      await dkp.search.fill(String(farm['Governor ID']));
      await expect(dkp.rows).toHaveCount(1);
      // Named after its main, as on the main dashboard.
      const main = kvk.playerData.find((row) => row['Governor ID'] === farm['Farm Of'])!;
      await expect(dkp.rows.first()).toContainText(`Farm of ${main.Name}`);
    } finally {
      await page.request.post(policy, { headers: auth, data: { mode: 'counted', weightPct: 100 } });
    }
  });

  test('a Hero Scrolls upload suggests its Rolled Up farms; one accepted becomes a link, one dismissed goes', async ({
    page,
  }, testInfo) => {
    const kd = perProject(testInfo, 2105, 2106);
    const code = await accessCode(page, kd);
    await signIn(page, 'superadmin');
    const settings = new FarmLinksPage(page);
    await settings.open(kd, code);
    const file = 'kingdom_scan_baseline_data.xlsx';
    await settings.uploadScans(`${HERO_SCROLLS}${file}`);
    await expect(settings.uploadResult(file)).toBeVisible({ timeout: 30_000 });

    const suggested = settings.farms.getByRole('list', { name: 'Suggested links' });
    await expect(suggested.locator('[data-suggestion="100870734"]')).toContainText('Farm of ˢᵖ Fateフェイト');
    await expect(suggested.locator('[data-suggestion="67174744"]')).toContainText('Farm of ᴺᴷLincLonc');
    await settings.farms.getByRole('button', { name: 'Dismiss the suggestion for ˢᵖShibainu' }).click();
    await expect(suggested.locator('[data-suggestion="67174744"]')).toHaveCount(0);
    await settings.farms
      .getByRole('button', { name: 'Accept: ˢᵖFateRyoshu is a farm of ˢᵖ Fateフェイト' })
      .click();
    await expect(settings.link(100870734)).toContainText(
      'Farm of ˢᵖ Fateフェイト (89666025) · from a Rolled Up sheet',
    );
    await expect(settings.farms).toContainText('None waiting.');
  });
});
