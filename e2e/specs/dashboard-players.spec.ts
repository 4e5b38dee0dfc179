import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DashboardPage, dashboardJson, demoTarget, isDataCall } from '../pages/DashboardPage.ts';

// The player table of the main dashboard: what the rows show, and search, filters, sorting, paging and export,
// which the server does; the browser sends them as query parameters.

const number = DashboardPage.number;
const fmt = (value: number) => value.toLocaleString('en-US');

function params(url: string): URLSearchParams {
  return new URL(url).searchParams;
}

async function goToPage(dashboard: DashboardPage, n: number) {
  const asked = dashboard.nextDataRequest((url) => url.searchParams.get('page') === String(n));
  await dashboard.pager.getByRole('button', { name: `Page ${n}`, exact: true }).click();
  await asked;
  await dashboard.settled();
}

test.describe('player rows', () => {
  test("show avatar initials, full numbers, '-' for unknown values and the partial-period mark", async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const api = await dashboardJson(request, target, { page: 1, pageSize: 20 });
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();

    const first = api.playerData[0]!;
    const row = dashboard.playerRows.first();
    await expect(dashboard.playerName(row)).toHaveText(first.Name);
    await expect(row.locator('td[data-col="Power"]')).toHaveText(fmt(first.Power!));
    await expect(row.locator('td[data-col="DKP"]')).toHaveText(fmt(first.DKP!));
    await expect(row.locator('td[data-col="rank"]')).toHaveText('1');

    // A governor without an alliance: '-' and initials from the name.
    const all = await dashboardJson(request, target, { page: 1, pageSize: 50000 });
    const loner = all.playerData.find(
      (player) => player.Alliance === null && /^[A-Za-z]{2}/.test(player.Name),
    )!;
    await dashboard.searchInput.fill(String(loner['Gov ID']));
    await dashboard.searchInput.press('Enter');
    await expect(dashboard.playerRows).toHaveCount(1);
    const lonerRow = dashboard.playerRows.first();
    await expect(lonerRow.locator('td[data-col="Alliance"]')).toHaveText('-');
    await expect(lonerRow.locator('[data-avatar]')).toHaveText(loner.Name.slice(0, 2).toUpperCase());

    // A governor missing from the period's first or last scan is marked, with the dates in the tooltip.
    const partial = all.playerData.find((player) => !player['Full Period'])!;
    await dashboard.searchInput.fill(String(partial['Gov ID']));
    await dashboard.searchInput.press('Enter');
    await expect(dashboard.playerRows).toHaveCount(1);
    const mark = dashboard.playerRows.first().locator('[data-partial-period]');
    await expect(mark).toBeVisible();
    await expect(mark).toHaveAttribute('title', /^Partial period: gains run from .+ UTC to .+ UTC$/);
    await expect(dashboard.playerSection.getByTestId('partial-legend')).toContainText(
      'Partial period: the governor is missing',
    );
    await expect(dashboard.playerSection.getByTestId('partial-legend')).toContainText(
      'hover the mark for the dates',
    );
  });
});

test.describe('search', () => {
  test('applies on Enter, on blur, with the button and after typing stops; clears; goes back to page 1', async ({
    page,
    request,
  }) => {
    const api = await dashboardJson(request, await demoTarget(request), { page: 1, pageSize: 20 });
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    await goToPage(dashboard, 2);

    // Enter
    let asked = dashboard.nextDataRequest((url) => url.searchParams.has('search'));
    await dashboard.searchInput.fill('ku');
    await dashboard.searchInput.press('Enter');
    const call = params((await asked).url());
    expect(call.get('search')).toBe('ku');
    expect(call.get('page')).toBe('1');
    await dashboard.settled();

    // Blur
    asked = dashboard.nextDataRequest((url) => url.searchParams.get('search') === 'Kurt');
    await dashboard.searchInput.fill('Kurt');
    await dashboard.searchInput.blur();
    await asked;
    await dashboard.settled();
    await expect(dashboard.playerName(dashboard.playerRows.first())).toContainText('Kurt');

    // Button
    asked = dashboard.nextDataRequest((url) => url.searchParams.get('search') === 'John');
    await dashboard.searchInput.fill('John');
    await dashboard.searchButton.click();
    await asked;
    await dashboard.settled();

    // Typing alone applies after the 500 ms debounce.
    const typedAt = Date.now();
    asked = dashboard.nextDataRequest((url) => url.searchParams.get('search') === 'Hugo');
    await dashboard.searchInput.fill('Hugo');
    await asked;
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(450);
    await dashboard.settled();

    // Clear
    asked = dashboard.nextDataRequest((url) => !url.searchParams.has('search'));
    await dashboard.clearSearchButton.click();
    await asked;
    await expect(dashboard.searchInput).toHaveValue('');
    await expect(dashboard.range).toContainText(`of ${fmt(api.totalPlayers)} governors`);
  });
});

test.describe('filters', () => {
  test('KD, camp and top-N filters reset the page; Clear filters undoes them', async ({ page, request }) => {
    const target = await demoTarget(request);
    const api = await dashboardJson(request, target, { page: 1, pageSize: 20 });
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    await expect(dashboard.clearFiltersButton).toBeDisabled();
    await goToPage(dashboard, 2);

    const kd = String(api.playerData.find((row) => row.KD !== null)!.KD);
    let asked = dashboard.nextDataRequest((url) => url.searchParams.get('kd') === kd);
    await dashboard.kdSelect.selectOption(kd);
    expect(params((await asked).url()).get('page')).toBe('1');
    await dashboard.settled();
    expect(new Set(await dashboard.playerColumn('KD'))).toEqual(new Set([kd]));

    await dashboard.clearFiltersButton.click();
    await dashboard.settled();
    await expect(dashboard.kdSelect).toHaveValue('all');

    const camp = api.availableCamps[1]!;
    asked = dashboard.nextDataRequest((url) => url.searchParams.get('camp') === camp);
    await dashboard.campSelect.selectOption(camp);
    await asked;
    await dashboard.settled();
    expect(new Set(await dashboard.playerColumn('Camp'))).toEqual(new Set([camp.toUpperCase()]));

    asked = dashboard.nextDataRequest((url) => url.searchParams.get('top') === '100');
    await dashboard.topSelect.selectOption('100');
    await asked;
    await dashboard.settled();
    const top = await dashboardJson(request, target, { camp, top: 100, page: 1, pageSize: 20 });
    await expect(dashboard.range).toContainText(`of ${fmt(top.totalPlayers)} governors`);

    asked = dashboard.nextDataRequest(
      (url) => !url.searchParams.has('camp') && !url.searchParams.has('top') && !url.searchParams.has('kd'),
    );
    await dashboard.clearFiltersButton.click();
    await asked;
    await expect(dashboard.campSelect).toHaveValue('all');
    await expect(dashboard.topSelect).toHaveValue('all');
    await expect(dashboard.range).toContainText(`of ${fmt(api.totalPlayers)} governors`);
    await expect(dashboard.clearFiltersButton).toBeDisabled();
  });

  test('the filter modal adds conditions, shows them as chips and removes them @phone', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    await goToPage(dashboard, 3);

    await dashboard.filtersButton.click();
    const dialog = dashboard.filterDialog;
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await dialog.getByLabel('Condition 1 column').selectOption('Power');
    await dialog.getByLabel('Condition 1 operator').selectOption('greater');
    await dialog.getByLabel('Condition 1 value').fill('250M');
    await dialog.getByRole('button', { name: '+ Add condition' }).click();
    await dialog.getByLabel('Condition 2 column').selectOption('Alliance');
    await expect(dialog.getByLabel('Condition 2 operator').locator('option')).toHaveText([
      'contains',
      'equals',
    ]);
    await dialog.getByRole('button', { name: 'Remove condition 2' }).click();
    // The dialog fits the screen.
    const box = (await dialog.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);

    const asked = dashboard.nextDataRequest((url) => url.searchParams.has('filters'));
    await dialog.getByRole('button', { name: 'Apply filters' }).click();
    const call = params((await asked).url());
    expect(JSON.parse(call.get('filters')!)).toEqual([
      { column: 'Power', operator: 'greater', value: '250M' },
    ]);
    expect(call.get('page')).toBe('1');
    await expect(dialog).toBeHidden();
    await dashboard.settled();
    for (const power of await dashboard.playerColumn('Power'))
      expect(number(power)).toBeGreaterThan(250_000_000);
    await expect(dashboard.filtersButton).toHaveAccessibleName('Filters (1 active)');
    const chips = dashboard.playerSection.getByRole('list', { name: 'Active filters' });
    await expect(chips.getByRole('listitem')).toHaveText(['Power > 250M']);

    // Escape closes the modal without changing anything.
    await dashboard.filtersButton.click();
    await expect(dialog.getByLabel('Condition 1 value')).toHaveValue('250M');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const cleared = dashboard.nextDataRequest((url) => !url.searchParams.has('filters'));
    await chips.getByRole('button', { name: 'Remove filter Power > 250M' }).click();
    await cleared;
    await expect(chips).toBeHidden();
  });
});

test.describe('sorting and paging', () => {
  test('a header cycles ascending, descending, off; shift-click adds a column with priorities', async ({
    page,
  }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    await goToPage(dashboard, 2);
    const section = dashboard.playerSection;
    const power = dashboard.header(section, 'Power');
    const sortsOf = async (asked: Promise<{ url(): string }>) =>
      JSON.parse(params((await asked).url()).get('sorts') ?? '[]') as unknown[];

    let asked = dashboard.nextDataRequest((url) => url.searchParams.has('sorts'));
    await power.getByRole('button').click();
    expect(await sortsOf(asked)).toEqual([{ key: 'Power', direction: 'asc', priority: 1 }]);
    await dashboard.settled();
    await expect(power).toHaveAttribute('aria-sort', 'ascending');
    await expect(dashboard.range).toContainText('Showing 1–20');
    let values = (await dashboard.playerColumn('Power')).map(number);
    expect(values).toEqual([...values].sort((a, b) => a - b));

    asked = dashboard.nextDataRequest((url) => (url.searchParams.get('sorts') ?? '').includes('desc'));
    await power.getByRole('button').click();
    expect(await sortsOf(asked)).toEqual([{ key: 'Power', direction: 'desc', priority: 1 }]);
    await dashboard.settled();
    values = (await dashboard.playerColumn('Power')).map(number);
    expect(values).toEqual([...values].sort((a, b) => b - a));

    asked = dashboard.nextDataRequest((url) => !url.searchParams.has('sorts'));
    await power.getByRole('button').click();
    await asked;
    await expect(power).toHaveAttribute('aria-sort', 'none');

    await dashboard.headerButton(section, 'Alliance').click();
    asked = dashboard.nextDataRequest((url) => (url.searchParams.get('sorts') ?? '').includes('T4 Kills'));
    await dashboard.headerButton(section, 'T4 Kills').click({ modifiers: ['Shift'] });
    expect(await sortsOf(asked)).toEqual([
      { key: 'Alliance', direction: 'asc', priority: 1 },
      { key: 'T4 Kills', direction: 'asc', priority: 2 },
    ]);
    await expect(dashboard.header(section, 'Alliance').locator('[data-sort-priority]')).toHaveText('1');
    await expect(dashboard.header(section, 'T4 Kills').locator('[data-sort-priority]')).toHaveText('2');
  });

  test('page sizes 10 to 1000, a pager with ellipses, and a page size change back to page 1', async ({
    page,
    request,
  }) => {
    const api = await dashboardJson(request, await demoTarget(request), { page: 1, pageSize: 20 });
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    await expect(dashboard.pageSizeSelect.locator('option')).toHaveText([
      '10',
      '20',
      '25',
      '50',
      '100',
      '250',
      '500',
      '1000',
    ]);
    await expect(dashboard.pageSizeSelect).toHaveValue('20');
    await expect(dashboard.playerRows).toHaveCount(20);
    const pages = Math.ceil(api.totalPlayers / 20);
    await expect(dashboard.pager.getByRole('button', { name: `Page ${pages}`, exact: true })).toBeVisible();
    await expect(dashboard.pager.getByText('…')).toHaveCount(1);
    await expect(dashboard.pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await goToPage(dashboard, 3);
    await expect(dashboard.pager.getByRole('button', { name: 'Page 3', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(dashboard.playerRows.first().locator('td[data-col="rank"]')).toHaveText('41');
    await expect(dashboard.range).toContainText(`Showing 41–60 of ${fmt(api.totalPlayers)} governors`);
    await dashboard.pager.getByRole('button', { name: 'Next page' }).click();
    await expect(dashboard.range).toContainText('Showing 61–80');

    const asked = dashboard.nextDataRequest((url) => url.searchParams.get('pageSize') === '50');
    await dashboard.pageSizeSelect.selectOption('50');
    expect(params((await asked).url()).get('page')).toBe('1');
    await dashboard.settled();
    await expect(dashboard.playerRows).toHaveCount(50);
    await expect(dashboard.range).toContainText(`Showing 1–50 of ${fmt(api.totalPlayers)} governors`);
  });

  test('keeps the scroll position when the page or the sort changes @phone', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    // Where the window was when the click landed (Playwright may scroll to reach the target first).
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        () => Object.assign(window, { scrollAtClick: window.scrollY }),
        true,
      );
    });
    const scrollAtClick = () =>
      page.evaluate(() => (window as unknown as { scrollAtClick: number }).scrollAtClick);
    const scrollNow = () => page.evaluate(() => window.scrollY);

    await dashboard.pager.scrollIntoViewIfNeeded();
    await goToPage(dashboard, 2);
    await page.waitForTimeout(400);
    expect(await scrollAtClick()).toBeGreaterThan(200);
    expect(Math.abs((await scrollNow()) - (await scrollAtClick()))).toBeLessThanOrEqual(5);

    const asked = dashboard.nextDataRequest((url) => url.searchParams.has('sorts'));
    await dashboard.headerButton(dashboard.playerSection, 'DKP').click();
    await asked;
    await dashboard.settled();
    await page.waitForTimeout(400);
    expect(Math.abs((await scrollNow()) - (await scrollAtClick()))).toBeLessThanOrEqual(5);
  });
});

/** Routes the export's big request (pageSize 50000) through `handle`. */
async function routeExport(page: Page, handle: Parameters<Page['route']>[1]) {
  await page.route((url) => isDataCall(url) && url.searchParams.get('pageSize') === '50000', handle);
}

test.describe('player export', () => {
  test('needs a specific KD, then downloads an xlsx with the numbers the API gives', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const scripts: string[] = [];
    page.on('request', (call) => {
      if (call.resourceType() === 'script') scripts.push(call.url());
    });
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    // The spreadsheet library is only downloaded when someone exports.
    expect(scripts.filter((url) => /exceljs/i.test(url))).toEqual([]);

    await dashboard.exportButton.click();
    await expect.poll(() => dashboard.alerts).toEqual(['Please select a specific KD to export data.']);

    const kd = String(target.kd);
    await dashboard.kdSelect.selectOption(kd);
    await dashboard.settled();
    await dashboard.headerButton(dashboard.playerSection, 'DKP').click();
    await dashboard.headerButton(dashboard.playerSection, 'DKP').click();
    await dashboard.settled();

    // Hold the export's request a moment to see the busy label.
    await routeExport(page, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    const download = page.waitForEvent('download');
    await dashboard.exportButton.click();
    await expect(dashboard.playerSection.getByRole('button', { name: 'Exporting...' })).toBeDisabled();
    const file = await download;
    await expect(dashboard.exportButton).toHaveText(/Export$/);
    expect(scripts.filter((url) => /exceljs/i.test(url))).toHaveLength(1);
    expect(file.suggestedFilename()).toMatch(
      new RegExp(
        `^kd${kd}-stats-\\d{1,2}[a-z]{3}\\d{1,2}(am|pm)-to-\\d{1,2}[a-z]{3}\\d{1,2}(am|pm)-sorted\\.xlsx$`,
      ),
    );

    const expected = await dashboardJson(request, target, {
      page: 1,
      pageSize: 50000,
      kd,
      sorts: JSON.stringify([{ key: 'DKP', direction: 'desc', priority: 1 }]),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.getWorksheet('Player Stats')!;
    expect(sheet).toBeDefined();
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    for (const name of [
      'Gov ID',
      'Name',
      'Current Power',
      'DKP Score',
      'T4+T5 KP',
      'Deads',
      'Alliance Helps',
    ]) {
      expect(header).toContain(name);
    }
    expect(header).toContain('Rss Gathered');
    expect(sheet.rowCount).toBe(expected.playerData.length + 1);
    const cell = (row: number, column: string) => sheet.getRow(row).getCell(header.indexOf(column) + 1);
    const top = expected.playerData[0]!;
    expect(cell(2, 'Gov ID').value).toBe(top['Gov ID']);
    expect(cell(2, 'Name').value).toBe(top.Name);
    expect(cell(2, 'Current Power').value).toBe(top.Power);
    expect(cell(2, 'DKP Score').value).toBe(top.DKP);
    expect(cell(2, 'T4+T5 KP').value).toBe(top['KP (T4+T5)']);
    expect(cell(2, 'Deads').value).toBe(top.Dead);
    expect(cell(2, 'Current Power').numFmt).toBe('#,##0');
  });

  test('neutralises formula-like text, and alerts when there is nothing to export or it fails', async ({
    page,
  }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    await dashboard.kdSelect.selectOption({ index: 1 });
    await dashboard.settled();

    // Governor names are chosen by players: a name that looks like a formula must stay text.
    await routeExport(page, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.playerData[0].Name = '=HYPERLINK("http://evil.example","Click")';
      body.playerData[0].Alliance = '@SUM(1+1)';
      body.playerData[1].Name = '-2+3';
      await route.fulfill({ response, json: body });
    });
    const download = page.waitForEvent('download');
    await dashboard.exportButton.click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await (await download).path());
    const sheet = workbook.getWorksheet('Player Stats')!;
    // In xlsx they are text cells, which a spreadsheet never evaluates: no formula, and no quote to show (issue 14).
    expect(sheet.getRow(2).getCell(2).value).toBe('=HYPERLINK("http://evil.example","Click")');
    expect(sheet.getRow(2).getCell(3).value).toBe('@SUM(1+1)');
    expect(sheet.getRow(3).getCell(2).value).toBe('-2+3');
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(2).formula).toBeUndefined();
    await page.unrouteAll();

    await routeExport(page, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, playerData: [], totalPlayers: 0 } });
    });
    await dashboard.exportButton.click();
    await expect.poll(() => dashboard.alerts.at(-1)).toBe('No data available to export');
    await page.unrouteAll();

    await routeExport(page, (route) =>
      route.fulfill({
        status: 500,
        json: { statusCode: 500, code: 'INTERNAL', error: 'Boom', message: 'Boom', detail: 'Boom' },
      }),
    );
    await dashboard.exportButton.click();
    await expect.poll(() => dashboard.alerts.at(-1)).toBe('Failed to export data. Please try again.');
    await expect(dashboard.exportButton).toBeEnabled();

    // Nothing on screen: the button is disabled.
    await dashboard.searchInput.fill('no governor has this name 0000');
    await dashboard.searchInput.press('Enter');
    await expect(
      dashboard.playerSection.getByText('No governors match the current search and filters.'),
    ).toBeVisible();
    await expect(dashboard.exportButton).toBeDisabled();
  });
});
