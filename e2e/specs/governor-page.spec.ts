import { expect, type Locator, type Page, test } from '@playwright/test';
import { DashboardPage, type DemoTarget, demoTarget } from '../pages/DashboardPage.ts';
import { GovernorPage, governorJson } from '../pages/GovernorPage.ts';
import { KdDashboardPage, kdDashboardJson } from '../pages/KdDashboardPage.ts';
import { RallyPage } from '../pages/RallyPage.ts';
import { PHONE_LAYOUT_KEY } from '../support/phone-layout.ts';

// The governor page (issue 13 item 1) on the demo kingdom: header, charts and their read-outs, the season/war table,
// the histories, and its wrong-code and unknown-governor states. The tests tagged @phone run at 375 px (touch) too.

const formatted = (value: number) => value.toLocaleString('en-US');

test.describe('governor page', () => {
  test('shows the KvK DKP leader: header, charts with shading and read-outs, the season row, histories @phone', async ({
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
    // The demo's first two scans are two days apart: on a phone's 220 px over six months that is 2.5 px.
    const plot = governor.chart('power').locator('.u-over');
    const box = (await plot.boundingBox())!;
    if (testInfo.project.name === 'mobile') await plot.tap({ position: { x: 1, y: box.height / 2 } });
    else await plot.hover({ position: { x: 1, y: box.height / 2 } });
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
    // The demo's season has its two wars saved: the season row says what it counts.
    expect(api.wars.length).toBeGreaterThan(0);
    await expect(governor.periodTable.getByTestId('period-scope').first()).toHaveText(
      'Kills, dead and DKP over its wars only; power change over the whole season',
    );
    await expect(governor.history('Names').getByRole('listitem').first()).toContainText(api.header!.name);

    await governor.expectNoSidewaysScroll();
    await page.screenshot({ path: testInfo.outputPath('governor-page.png'), fullPage: true });
  });

  test('one season on its own: the charts show only its scans, with the read-out on its first and last @phone', async ({
    page,
    request,
  }, testInfo) => {
    const target = await demoTarget(request);
    const kvk = await kdDashboardJson(request, target);
    const id = Number(kvk.playerData[0]!['Governor ID']);
    const api = (await (await request.get(`/api/governor/${target.kd}/${id}/${target.code}`)).json()) as {
      scans: { takenAt: number; power: number | null }[];
      seasons: { kvkNumber: number; openTime: number; closeTime: number }[];
    };
    // The demo's KvK DKP leader has scans in both of the demo's seasons, months apart.
    const earlier = api.seasons.find((s) => s.kvkNumber === 6)!;
    const inside = api.scans.filter((s) => s.takenAt >= earlier.openTime && s.takenAt <= earlier.closeTime);
    expect(inside.length).toBeGreaterThan(1);
    expect(inside.length).toBeLessThan(api.scans.length);
    const day = (scan: { takenAt: number }) => new Date(scan.takenAt * 1000).toISOString().slice(0, 10);
    const governor = new GovernorPage(page, target);
    await governor.open(id);

    const readout = governor.readout('power');
    await expect(readout).toContainText(day(api.scans.at(-1)!));
    await expect(page.getByRole('button', { name: 'All scans' })).toHaveAttribute('aria-pressed', 'true');
    // A finger on a phone (a mouse click there would leave the chart's cursor to the mouse, not the finger).
    const season = page.getByRole('button', { name: 'KvK 6', exact: true });
    await (testInfo.project.name === 'mobile' ? season.tap() : season.click());
    await expect(page.getByRole('button', { name: 'KvK 6', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The read-out moves to the season's last scan; the chart's left edge is the season's first scan.
    await expect(readout).toContainText(day(inside.at(-1)!));
    await expect(readout).toContainText(formatted(inside.at(-1)!.power!));
    const plot = governor.chart('power').locator('.u-over');
    const box = (await plot.boundingBox())!;
    if (testInfo.project.name === 'mobile') await plot.tap({ position: { x: 2, y: box.height / 2 } });
    else await plot.hover({ position: { x: 2, y: box.height / 2 } });
    await expect(readout).toContainText(day(inside[0]!));
    await expect(readout).toContainText(formatted(inside[0]!.power!));
    // And back to every scan.
    const all = page.getByRole('button', { name: 'All scans' });
    await (testInfo.project.name === 'mobile' ? all.tap() : all.click());
    await expect(readout).toContainText(day(api.scans.at(-1)!));
    await governor.expectNoSidewaysScroll();
  });

  test('on a phone the season table scrolls sideways under its Period column, which stays in view @phone-only', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const kvk = await kdDashboardJson(request, target);
    const id = Number(kvk.playerData[0]!['Governor ID']);
    const governor = new GovernorPage(page, target);
    await governor.open(id);
    const scroller = governor.periodTable.locator('xpath=..');
    const season = governor.periodTable.getByRole('rowheader', { name: /^KvK 7\b/ });
    const rank = governor.periodTable
      .getByRole('row', { name: /^KvK 7\b/ })
      .getByRole('cell')
      .last();
    await expect(rank).toContainText(`1 of ${kvk.playerData.length}`, { timeout: 15_000 });
    await scroller.scrollIntoViewIfNeeded();
    await scroller.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    const frame = (await scroller.boundingBox())!;
    const label = (await season.boundingBox())!;
    const rankBox = (await rank.boundingBox())!;
    // The rank (the table's last column) is in view, and so is the row's label at the left edge.
    expect(rankBox.x + rankBox.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
    expect(label.x).toBeGreaterThanOrEqual(frame.x - 1);
    expect(label.x).toBeLessThan(frame.x + 20);
    // The label is on top: what the browser finds at its centre is the label, not a number passing under it.
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('th')?.textContent ?? '',
      [label.x + label.width / 2, label.y + 8],
    );
    expect(onTop).toContain('KvK 7');
  });

  test('a chart is read with the keys: Tab to it, arrows step scan by scan, Home and End', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const kvk = await kdDashboardJson(request, target);
    const id = Number(kvk.playerData[0]!['Governor ID']);
    const api = await governorJson(request, target, id);
    const day = (scan: { takenAt: number }) => new Date(scan.takenAt * 1000).toISOString().slice(0, 10);
    const governor = new GovernorPage(page, target);
    await governor.open(id);
    const readout = governor.readout('power');
    await expect(readout).toContainText(day(api.scans.at(-1)!), { timeout: 15_000 });
    // From the last button above the charts, Tab reaches the power chart next.
    await page.getByRole('button', { name: 'KvK 7', exact: true }).focus();
    await page.keyboard.press('Tab');
    const chart = page.getByRole('slider', { name: /^Power chart/ });
    await expect(chart).toBeFocused();
    await page.keyboard.press('Home');
    await expect(readout).toContainText(day(api.scans[0]!));
    await expect(readout).toContainText(formatted(api.scans[0]!.power!));
    await page.keyboard.press('ArrowRight');
    await expect(readout).toContainText(formatted(api.scans[1]!.power!));
    await expect(chart).toHaveAttribute('aria-valuenow', '2');
    await page.keyboard.press('End');
    await expect(readout).toContainText(formatted(api.scans.at(-1)!.power!));
    // The focus is visible: an outline around the chart.
    expect(await chart.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
  });

  test('an address whose governor ID is not a number says so, with nothing to retry', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const governor = new GovernorPage(page, target);
    await governor.open('12ab');
    await expect(page.getByRole('heading', { name: 'This is not a governor ID' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('"12ab" in this address is not a governor ID')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
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

test.describe('every governor name links to the governor page', () => {
  /** Clicks the first governor link inside `scope` and checks the governor page it opens. */
  async function follow(page: Page, scope: Locator, target: DemoTarget): Promise<void> {
    // On a phone the cards are shown and the table is hidden (and the other way round): the visible one's link.
    const link = scope.locator('[data-governor-link]:visible').first();
    await expect(link).toBeVisible({ timeout: 15_000 });
    const id = (await link.getAttribute('data-governor-link'))!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/${target.kd}/governor/${id}/${target.code}$`));
    // The page's chunk and its data load after the click (a busy machine: allow them time).
    await expect(page.getByText(`Governor ID ${id}`)).toBeVisible({ timeout: 15_000 });
  }

  test('from the main dashboard’s player table @phone', async ({ page, request }) => {
    const target = await demoTarget(request);
    const dashboard = new DashboardPage(page);
    // Phones get the cards, as a phone user does by default (the page object picks the table for the table specs).
    await page.addInitScript((key) => window.localStorage.setItem(key, 'cards'), PHONE_LAYOUT_KEY);
    await dashboard.open();
    await follow(page, dashboard.playerSection, target);
    await expect(page.getByTestId('governor-header')).toBeVisible();
  });

  test('from the KvK DKP table and the pre-KvK rankings', async ({ page, request }) => {
    const target = await demoTarget(request);
    const kd = new KdDashboardPage(page, target);
    await kd.openLoaded();
    await follow(page, page.locator('main'), target);
    await expect(page.getByTestId('governor-header')).toBeVisible();
    await kd.openLoaded();
    await kd.prekvkButton.click();
    await follow(page, kd.prekvkDialog, target);
  });

  test('from the rally ranking @phone', async ({ page, request }) => {
    const target = await demoTarget(request);
    const rally = new RallyPage(page);
    await rally.open(target.kd, target.code);
    await follow(page, page.locator('main'), target);
  });

  test('from the autarch view', async ({ page, request }) => {
    const target = await demoTarget(request);
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    await page.getByRole('switch', { name: 'Autarch mode' }).click();
    const detailed = page.locator('section', {
      has: page.getByRole('heading', { name: 'Autarch Detailed Stats' }),
    });
    await follow(page, detailed, target);
  });
});
