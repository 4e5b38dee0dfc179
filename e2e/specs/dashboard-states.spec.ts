import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DashboardPage, dashboardJson, demoTarget, isDataCall } from '../pages/DashboardPage.ts';

// Loading, failure, empty and autarch states of the main dashboard, and its layout at the current width.

const isAutarchCall = (url: URL) => /\/api\/dashboard\/\d+\/autarch-data\//.test(url.pathname);

test.describe('loading, errors and the empty period', () => {
  test('shows a spinner while the first answer loads', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(isDataCall, async (route) => {
      await held;
      await route.continue();
    });
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await expect(page.getByRole('status').filter({ hasText: 'Loading dashboard...' })).toBeVisible();
    release();
    await expect(dashboard.playerRows.first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading dashboard...' })).toBeHidden();
  });

  test('shows the server error with Retry, and Retry loads the dashboard', async ({ page }) => {
    // Queries retry three times (SPEC §4) before the error shows, so the server fails until the panel is up.
    test.setTimeout(60_000);
    let failing = true;
    let failures = 0;
    await page.route(isDataCall, async (route) => {
      if (!failing) return route.continue();
      failures++;
      return route.fulfill({
        status: 500,
        json: {
          statusCode: 500,
          code: 'INTERNAL',
          error: 'Database is unavailable',
          message: 'Database is unavailable',
          detail: 'Database is unavailable',
        },
      });
    });
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    const panel = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(panel).toContainText('Database is unavailable');
    expect(failures).toBeGreaterThanOrEqual(1);

    failing = false;
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(dashboard.playerRows.first()).toBeVisible();
    await expect(panel).toBeHidden();
  });

  test('says in French that the period has no data', async ({ page }) => {
    await page.route(isDataCall, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({
        response,
        json: {
          ...body,
          playerData: [],
          totalPlayers: 0,
          campSummary: { ...body.campSummary, data: [], maxValues: {} },
          kdSummary: { ...body.kdSummary, data: [], maxValues: {}, campData: {} },
        },
      });
    });
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await expect(page.getByText('Aucune donnée disponible pour la période sélectionnée')).toBeVisible();
    await expect(page.getByText('Essayez une autre période.')).toBeVisible();
    // The period can still be changed.
    await expect(dashboard.startSelect).toBeVisible();
    await expect(dashboard.campSection).toHaveCount(0);
  });

  test('says what fills the screen when the kingdom has no scan at all', async ({ page }) => {
    await page.route(isDataCall, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({
        response,
        json: { ...body, dates: [], playerData: [], totalPlayers: 0 },
      });
    });
    await new DashboardPage(page).open();
    await expect(page.getByRole('heading', { name: 'No scans yet' })).toBeVisible();
    await expect(page.getByText('a kingdom admin imports a scanner file')).toBeVisible();
    await expect(page.getByText('Essayez une autre période.')).toHaveCount(0);
  });

  test("says 'Failed to update tables' when the period cannot be prepared", async ({ page, request }) => {
    const api = await dashboardJson(request, await demoTarget(request));
    await page.route('**/api/dashboard/update-tables', (route) =>
      route.fulfill({
        status: 500,
        json: { statusCode: 500, code: 'INTERNAL', error: 'x', message: 'x', detail: 'x' },
      }),
    );
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    await dashboard.startSelect.selectOption(String(api.dates[5]!.timestamp));
    await dashboard.applyButton.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to update tables' })).toBeVisible();
    // Nothing was applied: the table still covers the whole default period.
    await expect(dashboard.range).toContainText(`of ${api.totalPlayers.toLocaleString('en-US')} governors`);
  });

  test('falls back to the kingdoms of the answer when the KD list fails', async ({ page, request }) => {
    const api = await dashboardJson(request, await demoTarget(request));
    await page.route('**/api/dashboard/*/all-kds', (route) =>
      route.fulfill({
        status: 500,
        json: { statusCode: 500, code: 'INTERNAL', error: 'x', message: 'x', detail: 'x' },
      }),
    );
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    const kds = [...new Set(api.playerData.map((row) => row.KD))].length;
    expect(kds).toBeGreaterThan(0);
    const options = await dashboard.kdSelect.locator('option').allInnerTexts();
    expect(options[0]).toBe('All KDs');
    expect(options.length).toBeGreaterThan(1);
  });
});

test.describe('autarch mode', () => {
  test('the switch shows the autarch tables, their camp chips, sorting and export', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const api = await dashboardJson(request, target);
    expect(api.showAutarchSwitcher).toBe(true);
    const autarchCalls: string[] = [];
    page.on('request', (call) => {
      if (isAutarchCall(new URL(call.url()))) autarchCalls.push(call.url());
    });
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    // Autarch data loads only while the mode is on.
    expect(autarchCalls).toEqual([]);

    const modeSwitch = page.getByRole('switch', { name: 'Autarch mode' });
    await expect(modeSwitch).toHaveAttribute('aria-checked', 'false');
    await modeSwitch.click();
    await expect(modeSwitch).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('autarch-updated')).toContainText(/Last updated .+ UTC\)/);
    expect(new URL(autarchCalls[0]!).searchParams.get('pageSize')).toBe('1000');
    for (const title of [
      'Autarch Camp Performance',
      'Autarch Kingdom Performance',
      'Autarch Detailed Stats',
    ]) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(dashboard.campSection).toHaveCount(0);

    // Camp chips with counts filter the kingdom table.
    const kingdoms = page.locator('#autarchKingdomPerformance');
    const chips = kingdoms.getByRole('button', { pressed: false });
    const all = kingdoms.getByRole('button', { name: /^All camps \(\d+\)$/ });
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    const rowCount = await kingdoms.locator('tbody tr').count();
    await expect(all).toHaveText(`All camps (${rowCount})`);
    const chipText = (
      await chips
        .filter({ hasText: /\(\d+\)$/ })
        .first()
        .innerText()
    ).trim();
    const [, camp, count] = /^(.+) \((\d+)\)$/.exec(chipText)!;
    const chip = kingdoms.getByRole('button', { name: chipText, exact: true });
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(kingdoms.locator('tbody tr')).toHaveCount(Number(count));
    for (const value of await kingdoms
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-camp')))) {
      expect(value).toBe(camp);
    }
    // Its columns sort: descending first.
    const kill = kingdoms.locator('th[data-column="Kill Points"]');
    await kill.getByRole('button').click();
    await expect(kill).toHaveAttribute('aria-sort', 'descending');

    // The detailed table sorts on the server.
    const detailed = page.locator('#autarchDetailedStats');
    const asked = page.waitForRequest(
      (call) => isAutarchCall(new URL(call.url())) && new URL(call.url()).searchParams.has('sorts'),
    );
    await detailed.locator('th[data-column="Kill Points"]').getByRole('button').click();
    expect(JSON.parse(new URL((await asked).url()).searchParams.get('sorts')!)).toEqual([
      { key: 'Kill Points', direction: 'asc', priority: 1 },
    ]);
    await expect(detailed.locator('[aria-busy="true"]')).toHaveCount(0);

    const download = page.waitForEvent('download');
    await detailed.getByRole('button', { name: 'Export autarch stats to Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^autarch-kd${target.kd}-\\d{1,2}[a-z]{3}\\d{1,2}(am|pm)-sorted\\.xlsx$`),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.getWorksheet('Autarch Stats')!;
    expect(sheet).toBeDefined();
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Gov ID',
      'Name',
      'Alliance',
      'Kill Points',
      'Death Points',
      'Heal Points',
      'Total Points',
    ]);
    const first = await detailed
      .locator('tbody tr')
      .first()
      .locator('td[data-col="Kill Points"]')
      .innerText();
    expect(sheet.getRow(2).getCell(4).value).toBe(DashboardPage.number(first));

    await modeSwitch.click();
    await expect(dashboard.campSection).toBeVisible();
  });

  test('the switch is hidden when the server says so', async ({ page }) => {
    await page.route(isDataCall, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), showAutarchSwitcher: false } });
    });
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    await expect(page.getByRole('switch', { name: 'Autarch mode' })).toHaveCount(0);
  });
});

test.describe('layout at this width', () => {
  test('nothing overflows the page; wide tables scroll sideways inside their card @phone', async ({
    page,
  }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    const width = page.viewportSize()!.width;
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const table = page.locator('#playerTable');
    const scroll = await table.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
    }));
    // The player table always has more columns than fit; it scrolls inside its own box.
    expect(scroll.scroll).toBeGreaterThan(scroll.client);
    const box = (await table.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);

    // Every control of the toolbar is on screen and none covers another.
    const controls = [
      dashboard.searchInput,
      dashboard.kdSelect,
      dashboard.campSelect,
      dashboard.topSelect,
      dashboard.filtersButton,
      dashboard.clearFiltersButton,
      dashboard.exportButton,
    ];
    const boxes = [];
    for (const control of controls) {
      const controlBox = (await control.boundingBox())!;
      expect(controlBox.x).toBeGreaterThanOrEqual(0);
      expect(controlBox.x + controlBox.width).toBeLessThanOrEqual(width);
      boxes.push(controlBox);
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const overlaps =
          a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlaps, `controls ${i} and ${j} overlap`).toBe(false);
      }
    }

    // The sticky name column stays in view while the table scrolls sideways.
    await table.evaluate((element) => {
      element.scrollLeft = 400;
    });
    const name = dashboard.playerRows.first().locator('td[data-col="Name"]');
    const nameBox = (await name.boundingBox())!;
    expect(nameBox.x).toBeGreaterThanOrEqual(box.x - 1);

    // Keyboard focus is visible on the table's sort buttons.
    await dashboard.headerButton(dashboard.playerSection, 'KD').focus();
    await page.keyboard.press('Tab');
    const power = dashboard.headerButton(dashboard.playerSection, 'Power');
    await expect(power).toBeFocused();
    expect(await power.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
  });
});
