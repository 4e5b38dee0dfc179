import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DashboardPage, dashboardJson, demoTarget, isDataCall } from '../pages/DashboardPage.ts';

// The main dashboard's header, formula strip, diplomacy overview and summary tables, on the demo data.

test.describe('period header', () => {
  test('fills Start and End from the scans, refuses a start after the end, and applies a period', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const api = await dashboardJson(request, target);
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();

    await expect(dashboard.startSelect.locator('option')).toHaveCount(api.dates.length);
    await expect(dashboard.endSelect.locator('option')).toHaveCount(api.dates.length);
    await expect(dashboard.startSelect).toHaveValue(api.selectedDates.start);
    await expect(dashboard.endSelect).toHaveValue(api.selectedDates.end);
    // Nothing changed yet: Apply has nothing to do.
    await expect(dashboard.applyButton).toHaveText('Apply');
    await expect(dashboard.applyButton).toBeDisabled();

    const first = api.dates[0]!;
    const last = api.dates[api.dates.length - 1]!;
    await dashboard.startSelect.selectOption(String(last.timestamp));
    await dashboard.endSelect.selectOption(String(first.timestamp));
    await expect(dashboard.applyButton).toBeEnabled();
    const calls: string[] = [];
    page.on('request', (call) => {
      if (isDataCall(call.url()) || call.url().includes('/update-tables')) calls.push(call.url());
    });
    await dashboard.applyButton.click();
    await expect.poll(() => dashboard.alerts).toEqual(['Start date cannot be later than end date']);
    expect(calls).toEqual([]);
    await expect(dashboard.range).toContainText(`of ${api.totalPlayers.toLocaleString('en-US')} governors`);

    // A valid period: the answer is held back to see the busy label.
    const start = api.dates[10]!;
    const end = api.dates[20]!;
    await dashboard.startSelect.selectOption(String(start.timestamp));
    await dashboard.endSelect.selectOption(String(end.timestamp));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(isDataCall, async (route) => {
      await held;
      await route.continue();
    });
    const asked = dashboard.nextDataRequest(
      (url) => url.searchParams.get('start_date') === String(start.timestamp),
    );
    await dashboard.applyButton.click();
    const call = new URL((await asked).url());
    expect(call.searchParams.get('end_date')).toBe(String(end.timestamp));
    await expect(dashboard.applyButton).toHaveText('Updating');
    await expect(dashboard.applyButton).toBeDisabled();
    // Once released the gate stays open, so later calls pass straight through.
    release();

    const expected = await dashboardJson(request, target, {
      start_date: start.timestamp,
      end_date: end.timestamp,
      page: 1,
      pageSize: 20,
    });
    await expect(dashboard.applyButton).toHaveText('Apply');
    await expect(dashboard.applyButton).toBeDisabled();
    await expect(dashboard.range).toContainText(
      `of ${expected.totalPlayers.toLocaleString('en-US')} governors`,
    );
    await expect(dashboard.playerName(dashboard.playerRows.first())).toHaveText(expected.playerData[0]!.Name);
  });
});

test.describe('formula and points', () => {
  test('shows the DKP formula terms and the points legend', async ({ page, request }) => {
    const api = await dashboardJson(request, await demoTarget(request));
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    await expect(dashboard.formula).toContainText('DKP FORMULA :');
    for (const term of api.formulaString.split(' + ')) {
      await expect(dashboard.formula.getByText(term, { exact: true })).toBeVisible();
    }
    await expect(dashboard.pointsLegend.getByRole('listitem')).toHaveText([
      'KILL POINTS = T4 kills x 1 + T5 kills x 5',
      'DEATH POINTS = T4 dead x 1 + T5 dead x 5',
      'HEAL POINTS = T4 heal x 1 + T5 heal x 5',
    ]);
  });
});

test.describe('diplomatic overview', () => {
  test("'Diplo' is marked NEW, shows 'Loading...' and opens sortable camp cards @phone", async ({
    page,
    request,
  }) => {
    const api = await dashboardJson(request, await demoTarget(request));
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    await expect(dashboard.diploButton.getByText('NEW', { exact: true })).toBeVisible();

    // Record the button's labels and when the dialog appears, to see the ~100 ms loading state.
    await page.evaluate(() => {
      const seen: { text: string; at: number }[] = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        const button = document.querySelector('form[aria-label="Period"] button[type="button"]');
        seen.push({ text: button?.textContent ?? '', at: performance.now() });
        if (document.querySelector('dialog[open]')) seen.push({ text: 'DIALOG', at: performance.now() });
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const clickedAt = await page.evaluate(() => performance.now());
    await dashboard.diploButton.click();
    await expect(dashboard.diploDialog).toBeVisible();
    const seen = await page.evaluate(
      () => (window as unknown as { seen: { text: string; at: number }[] }).seen,
    );
    expect(seen.some((entry) => entry.text === 'Loading...')).toBe(true);
    const openedAt = seen.find((entry) => entry.text === 'DIALOG')!.at;
    expect(openedAt - clickedAt).toBeGreaterThanOrEqual(90);

    const dialog = dashboard.diploDialog;
    const iso = new Date(api.diplomOverview.timestamp! * 1000).toISOString();
    await expect(dialog.getByTestId('diplo-timestamp')).toContainText(
      `${iso.slice(0, 4)}, ${iso.slice(11, 16)} UTC`,
    );

    // Camps default to power, biggest first.
    const totals = Object.entries(api.diplomOverview.camps).map(([name, entries]) => ({
      name,
      power: (entries.total as { power: number }).power,
    }));
    const byPower = [...totals].sort((a, b) => b.power - a.power).map((camp) => camp.name);
    const cards = dialog.locator('[data-camp-card]');
    await expect(cards).toHaveCount(totals.length);
    expect(
      await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-camp-card'))),
    ).toEqual(byPower);
    const strongest = Object.entries(api.diplomOverview.camps).find(([name]) => name === byPower[0])![1]
      .total as {
      power: number;
      t4_kills: number;
      t5_kills: number;
      dead_troops: number;
    };
    await expect(cards.first().locator('[data-chip]')).toHaveText([/^Power/, /^Kills/, /^Dead/]);
    // Kills are T4 + T5 kills; chips abbreviate (e.g. '38.8B').
    const billions = (value: number) => `${(value / 1e9).toFixed(1)}B`;
    await expect(cards.first().locator('[data-chip="Power"]')).toContainText(billions(strongest.power));
    await expect(cards.first().locator('[data-chip="Kills"]')).toContainText(
      billions(strongest.t4_kills + strongest.t5_kills),
    );

    // Sort camps by name, then flip the direction.
    const names = totals.map((camp) => camp.name).sort();
    await dialog.getByLabel('Sort camps').selectOption({ label: 'Name' });
    await expect(dialog.getByLabel('Sort camps').locator('option')).toHaveText([
      'Name',
      'Power',
      'Kills',
      'Dead',
      'Healed',
    ]);
    expect(
      await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-camp-card'))),
    ).toEqual([...names].reverse());
    await dialog.getByRole('button', { name: /switch to ascending/ }).click();
    expect(
      await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-camp-card'))),
    ).toEqual(names);

    // One card's table: KD, Power, T4 Kills, T5 Kills, Dead, Healed; power descending by default, bars per column.
    const card = cards.first();
    await expect(card.locator('thead th')).toHaveText(
      ['KD', 'Power', 'T4 Kills', 'T5 Kills', 'Dead', 'Healed'],
      {
        ignoreCase: true,
      },
    );
    const power = card.locator('thead th').nth(1);
    await expect(power).toHaveAttribute('aria-sort', 'descending');
    await expect(
      card.locator('tbody tr').first().locator('td').first().locator('[data-bar-percent]'),
    ).toHaveAttribute('data-bar-percent', '100');
    const t4 = card.locator('thead th').nth(2);
    await t4.getByRole('button').click();
    await expect(t4).toHaveAttribute('aria-sort', 'descending');
    await expect(power).toHaveAttribute('aria-sort', 'none');
    await t4.getByRole('button').click();
    await expect(t4).toHaveAttribute('aria-sort', 'ascending');

    // One column on small screens, two on large ones.
    const boxes = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
    const width = page.viewportSize()!.width;
    if (width < 1024) expect(boxes[0]!.x).toBe(boxes[1]!.x);
    else expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x + 100);
    // The dialog fits the screen.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    // Escape closes it too, and focus goes back to the button.
    await dashboard.diploButton.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(dashboard.diploButton).toBeFocused();
  });
});

test.describe('camp wise performance', () => {
  test('upper-case camps, DKP highlighted, bars against the maximum, multi-column sort', async ({
    page,
    request,
  }) => {
    const api = await dashboardJson(request, await demoTarget(request));
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    const section = dashboard.campSection;
    await expect(section.getByRole('heading', { name: 'Camp Wise Performance' })).toBeVisible();
    await expect(section.locator('thead th')).toHaveText(api.campSummary.headers, { ignoreCase: true });
    const campNames = api.campSummary.data.map((row) => String(row[0]).toUpperCase());
    expect(await dashboard.columnTexts(section, 'CAMP NAME')).toEqual(campNames);
    await expect(dashboard.header(section, 'DKP')).toHaveAttribute('data-highlight', 'true');
    await expect(dashboard.header(section, 'Power')).not.toHaveAttribute('data-highlight', 'true');

    // The camp with the most power has a full bar; the others a shorter one.
    const powerIndex = api.campSummary.headers.indexOf('Power');
    const powers = api.campSummary.data.map((row) => row[powerIndex] as number);
    const strongest = powers.indexOf(Math.max(...powers));
    const bars = section.locator('tbody td[data-col="Power"] [data-bar-percent]');
    await expect(bars.nth(strongest)).toHaveAttribute('data-bar-percent', '100');
    const weakest = powers.indexOf(Math.min(...powers));
    const weakPercent = Number(await bars.nth(weakest).getAttribute('data-bar-percent'));
    expect(weakPercent).toBe(Math.round((powers[weakest]! / powers[strongest]!) * 100));

    // DKP: ascending, then descending, then back to the server's order.
    const dkpIndex = api.campSummary.headers.indexOf('DKP');
    const byDkp = [...api.campSummary.data]
      .sort((a, b) => (a[dkpIndex] as number) - (b[dkpIndex] as number))
      .map((row) => String(row[0]).toUpperCase());
    const dkp = dashboard.header(section, 'DKP');
    await dkp.getByRole('button').click();
    await expect(dkp).toHaveAttribute('aria-sort', 'ascending');
    expect(await dashboard.columnTexts(section, 'CAMP NAME')).toEqual(byDkp);
    await dkp.getByRole('button').click();
    await expect(dkp).toHaveAttribute('aria-sort', 'descending');
    expect(await dashboard.columnTexts(section, 'CAMP NAME')).toEqual([...byDkp].reverse());

    // Shift-click adds Power as the second sort: both show their priority.
    await dashboard.headerButton(section, 'Power').click({ modifiers: ['Shift'] });
    await expect(dkp.locator('[data-sort-priority]')).toHaveText('1');
    await expect(dashboard.header(section, 'Power').locator('[data-sort-priority]')).toHaveText('2');
    await expect(dashboard.header(section, 'Power')).toHaveAttribute('aria-sort', 'ascending');

    // A plain click on a descending column ends its cycle: the table is unsorted again.
    await dkp.getByRole('button').click();
    await expect(dkp).toHaveAttribute('aria-sort', 'none');
    await expect(dashboard.header(section, 'Power')).toHaveAttribute('aria-sort', 'none');
    expect(await dashboard.columnTexts(section, 'CAMP NAME')).toEqual(campNames);
  });

  test('exports the camp table as CSV and as Excel', async ({ page, request }) => {
    const api = await dashboardJson(request, await demoTarget(request));
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    const menuButton = dashboard.campSection.getByRole('button', { name: 'Export camp table' });
    await menuButton.click();
    const menu = page.getByRole('menu', { name: 'Export camp table' });
    await expect(menu.getByRole('menuitem')).toHaveText(['Export as CSV', 'Export as Excel']);

    const csvDownload = page.waitForEvent('download');
    await menu.getByRole('menuitem', { name: 'Export as CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^camp-performance-\d{1,2}[a-z]{3}\d{1,2}(am|pm)\.csv$/);
    const text = (await readFile(await csv.path())).toString('utf8').replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(api.campSummary.headers.join(','));
    expect(lines[1]).toBe(api.campSummary.data[0]!.map((cell) => cell ?? '').join(','));
    expect(lines).toHaveLength(api.campSummary.data.length + 1);

    await menuButton.click();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export as Excel' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/^camp-performance-\d{1,2}[a-z]{3}\d{1,2}(am|pm)\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsx.path());
    const sheet = workbook.getWorksheet('Data');
    expect(sheet).toBeDefined();
    expect((sheet!.getRow(1).values as unknown[]).slice(1)).toEqual(api.campSummary.headers);
    expect((sheet!.getRow(2).values as unknown[]).slice(1)).toEqual(api.campSummary.data[0]);
    expect(sheet!.getRow(2).getCell(3).numFmt).toBe('#,##0');
  });
});

test.describe('kingdom wise performance', () => {
  test('keeps camps together by default, sorts by the last column, colours rows by camp', async ({
    page,
    request,
  }) => {
    const api = await dashboardJson(request, await demoTarget(request));
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    const section = dashboard.kingdomSection;
    const headers = api.kdSummary.headers;
    const dkpIndex = headers.length - 1;
    const dkpOf = new Map(api.kdSummary.data.map((row) => [row[1] as number, row[dkpIndex] as number]));
    const campOf = new Map<number, string>();
    let camp = '';
    for (const row of api.kdSummary.data) {
      if (typeof row[0] === 'string') camp = row[0];
      campOf.set(row[1] as number, camp);
    }
    const kdsOnScreen = async () =>
      (await dashboard.columnTexts(section, 'KD')).map((text) => Number(text.split(/\s/)[0]));

    await expect(dashboard.keepCampsTogether).toHaveAttribute('aria-checked', 'true');
    const last = dashboard.header(section, headers[dkpIndex]!);
    await expect(last).toHaveAttribute('aria-sort', 'descending');

    // Camps stay in blocks (in name order), each block biggest DKP first.
    const together = await kdsOnScreen();
    expect(together).toHaveLength(api.kdSummary.data.length);
    const camps = together.map((kd) => campOf.get(kd)!);
    const blocks = camps.filter((name, i) => i === 0 || camps[i - 1] !== name);
    expect(blocks).toEqual([...new Set(camps)].sort());
    for (const name of blocks) {
      const values = together.filter((kd) => campOf.get(kd) === name).map((kd) => dkpOf.get(kd)!);
      expect(values).toEqual([...values].sort((a, b) => b - a));
    }

    // Each row carries its camp's badge and colour; camps differ in colour.
    const rows = dashboard.rowsOf(section);
    const first = rows.first();
    await expect(first.locator('[data-camp-badge]')).toHaveAttribute(
      'data-camp-badge',
      campOf.get(together[0]!)!,
    );
    const stripe = async (index: number) =>
      rows
        .nth(index)
        .locator('td')
        .first()
        .evaluate((cell) => getComputedStyle(cell).boxShadow);
    const lastIndex = together.length - 1;
    expect(await stripe(0)).toContain('rgb(56, 189, 248)'); // first camp by name: the palette's first colour
    expect(await stripe(0)).not.toBe(await stripe(lastIndex));

    // Off: every kingdom ranked as one list.
    await dashboard.keepCampsTogether.click();
    await expect(dashboard.keepCampsTogether).toHaveAttribute('aria-checked', 'false');
    const ranked = await kdsOnScreen();
    expect(ranked.map((kd) => dkpOf.get(kd)!)).toEqual([...dkpOf.values()].sort((a, b) => b - a));

    // A new column sorts descending first, a second click flips it.
    const power = dashboard.header(section, 'Power');
    await power.getByRole('button').click();
    await expect(power).toHaveAttribute('aria-sort', 'descending');
    await expect(last).toHaveAttribute('aria-sort', 'none');
    await power.getByRole('button').click();
    await expect(power).toHaveAttribute('aria-sort', 'ascending');
  });
});
