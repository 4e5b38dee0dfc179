import { expect, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';
import { GovernorPage, governorJson } from '../pages/GovernorPage.ts';
import { kdDashboardJson } from '../pages/KdDashboardPage.ts';

// The governor page (issue 13 item 1) on the demo kingdom: header, charts and their read-outs, the season/war table,
// the histories, and its wrong-code and unknown-governor states. Runs at 1366 px and at 375 px (touch).

const formatted = (value: number) => value.toLocaleString('en-US');

test.describe('governor page', () => {
  test('shows the KvK DKP leader: header, charts with shading and read-outs, the season row, histories', async ({
    page,
    request,
  }, testInfo) => {
    const target = await demoTarget(request);
    const kvk = await kdDashboardJson(request, target);
    const leader = kvk.playerData[0]!;
    const id = Number(leader['Governor ID']);
    const api = await governorJson(request, target, id);
    const governor = new GovernorPage(page, target);
    await governor.open(id);

    await governor.expectHeading(api.header!.name);
    await expect(governor.header).toContainText(formatted(api.header!.power!));
    await expect(governor.header).toContainText(String(api.scans.length));

    // The read-out starts on the latest scan; pointing at the chart's left edge reads the first scan.
    const readout = governor.readout('power');
    const lastDay = new Date(api.scans.at(-1)!.takenAt * 1000).toISOString().slice(0, 10);
    const firstDay = new Date(api.scans[0]!.takenAt * 1000).toISOString().slice(0, 10);
    await expect(readout).toContainText(lastDay);
    await expect(readout).toContainText(formatted(api.scans.at(-1)!.power!));
    const plot = governor.chart('power').locator('.u-over');
    const box = (await plot.boundingBox())!;
    if (testInfo.project.name === 'mobile') await plot.tap({ position: { x: 2, y: box.height / 2 } });
    else await plot.hover({ position: { x: 2, y: box.height / 2 } });
    await expect(readout).toContainText(firstDay);
    await expect(readout).toContainText(formatted(api.scans[0]!.power!));

    // Gains per scan: the first scan has no gain.
    await governor.modeButton('Gains per scan').click();
    await expect(governor.modeButton('Gains per scan')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('gained per scan').first()).toBeVisible();

    // The season row is the KvK DKP table's row for this governor: its DKP and rank 1.
    const season = api.seasons.find((s) => s.result?.rank === 1)!;
    const row = governor.periodTable.getByRole('row', { name: new RegExp(`^KvK ${season.kvkNumber}\\b`) });
    await expect(row).toContainText(formatted(Number(leader['DKP Score'])));
    await expect(row).toContainText(`1 of ${kvk.playerData.length}`);
    for (const war of api.wars) {
      await expect(
        governor.periodTable.getByRole('rowheader', { name: new RegExp(`^${war.name}`) }),
      ).toBeVisible();
    }
    await expect(governor.history('Names').getByRole('listitem').first()).toContainText(api.header!.name);

    await governor.expectNoSidewaysScroll();
    await page.screenshot({ path: testInfo.outputPath('governor-page.png'), fullPage: true });
  });

  test('a governor no scan has gets the empty state', async ({ page, request }) => {
    const target = await demoTarget(request);
    const governor = new GovernorPage(page, target);
    await governor.open(1);
    await expect(page.getByRole('heading', { name: 'No scans of this governor' })).toBeVisible();
    await expect(page.getByText('has a governor with ID 1')).toBeVisible();
  });

  test('a wrong access code gets the shared not-valid screen', async ({ page, request }) => {
    const target = await demoTarget(request);
    const governor = new GovernorPage(page, target);
    await governor.open(1, 'wrong-code-governor');
    const panel = page.getByTestId('invalid-link');
    await expect(panel.getByRole('heading', { name: 'This link is not valid' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });
});
