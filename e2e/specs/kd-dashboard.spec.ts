import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { demoTarget } from '../pages/DashboardPage.ts';
import { isKdDataCall, KdDashboardPage, kdDashboardJson } from '../pages/KdDashboardPage.ts';
import { signIn } from '../support/users.ts';

// The KD DKP dashboard on the demo kingdom (KvK active, two wars, pre-KvK points).

test.describe('KD DKP dashboard', () => {
  test('period header: dates, a start after the end is refused, Apply prepares and reads the period', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const api = await kdDashboardJson(request, target);
    const dashboard = new KdDashboardPage(page, target);
    await dashboard.openLoaded();
    await expect(dashboard.startSelect.locator('option')).toHaveCount(api.dates.length);
    await expect(dashboard.startSelect).toHaveValue(api.selectedDates.start);
    await expect(dashboard.endSelect).toHaveValue(api.selectedDates.end);
    await expect(dashboard.applyButton).toBeDisabled();

    const first = api.dates[0]!;
    const last = api.dates.at(-1)!;
    await dashboard.startSelect.selectOption(String(last.timestamp));
    await dashboard.endSelect.selectOption(String(first.timestamp));
    await dashboard.applyButton.click();
    await expect.poll(() => dashboard.alerts).toEqual(['Start date cannot be later than end date']);

    const start = api.dates[1]!;
    await dashboard.startSelect.selectOption(String(start.timestamp));
    await dashboard.endSelect.selectOption(String(last.timestamp));
    const update = page.waitForRequest((call) => call.url().endsWith('/api/kd-dashboard/update-data'));
    const read = page.waitForRequest(
      (call) =>
        isKdDataCall(new URL(call.url())) &&
        new URL(call.url()).searchParams.get('start_date') === String(start.timestamp),
    );
    await dashboard.applyButton.click();
    expect((await update).postDataJSON()).toMatchObject({ start_date: String(start.timestamp) });
    await read;
    await expect(dashboard.applyButton).toHaveText('Apply');
    await expect(dashboard.applyButton).toBeDisabled();
  });

  test('a failed Apply says so', async ({ page, request }) => {
    const target = await demoTarget(request);
    const api = await kdDashboardJson(request, target);
    const dashboard = new KdDashboardPage(page, target);
    await page.route('**/api/kd-dashboard/update-data', (route) => route.fulfill({ status: 500, json: {} }));
    await dashboard.openLoaded();
    await dashboard.startSelect.selectOption(String(api.dates[1]!.timestamp));
    await dashboard.applyButton.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to update KD dashboard data' }),
    ).toBeVisible();
  });

  test("the formula banner; Edit for whoever can save: the kingdom's admins and superadmins", async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const api = await kdDashboardJson(request, target);
    const dashboard = new KdDashboardPage(page, target);
    await dashboard.openLoaded();
    await expect(dashboard.formulaBanner).toContainText('DKP FORMULA :');
    for (const term of api.formulaString.split(' + '))
      await expect(dashboard.formulaBanner).toContainText(term);
    await expect(dashboard.editLink).toHaveCount(0);

    // Issue 14: a superadmin can save the formula, so Edit is there for them too.
    await signIn(page, 'superadmin');
    await dashboard.openLoaded();
    await expect(dashboard.editLink).toHaveCount(1);

    await signIn(page, 'kingdomAdmin');
    await dashboard.openLoaded();
    await dashboard.editLink.click();
    // The rules of the season on screen (docs/dkp.md, "Each season's rules"): the demo's KvK 7.
    await expect(page).toHaveURL(new RegExp(`/${target.kd}/formula/${target.code}\\?season=7$`));
  });

  test('the table: DKP Score descending, 20 a page, sorting, search by name, id or alliance resets the page', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const api = await kdDashboardJson(request, target);
    const dashboard = new KdDashboardPage(page, target);
    await dashboard.openLoaded();
    await expect(dashboard.rows).toHaveCount(20);
    await expect(dashboard.range).toHaveText(
      `Showing 1–20 of ${api.playerData.length.toLocaleString('en-US')} governors`,
    );
    const scoreHeader = dashboard.headerCell('DKP Score');
    await expect(scoreHeader).toHaveAttribute('aria-sort', 'descending');
    const top = api.playerData[0]!;
    await expect(dashboard.rows.first()).toContainText(String(top.Name));

    await dashboard.header('DKP Score').click();
    await expect(scoreHeader).toHaveAttribute('aria-sort', 'ascending');
    const lowest = [...api.playerData].sort(
      (a, b) => Number(a['DKP Score'] ?? Infinity) - Number(b['DKP Score'] ?? Infinity),
    )[0]!;
    await expect(dashboard.rows.first()).toContainText(String(lowest['Governor ID']));
    await dashboard.header('Current Power').click();
    const strongest = [...api.playerData].sort(
      (a, b) => Number(b['Current Power']) - Number(a['Current Power']),
    )[0]!;
    await expect(dashboard.rows.first()).toContainText(String(strongest['Governor ID']));

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(dashboard.range).toContainText('Showing 21–40');
    await dashboard.search.fill(String(top['Governor ID']));
    await expect(dashboard.rows).toHaveCount(1);
    await expect(dashboard.range).toHaveText('Showing 1–1 of 1 governor');
    await dashboard.search.fill(String(top.Name).toUpperCase());
    await expect(dashboard.rows.first()).toContainText(String(top.Name));
    const alliance = String(top.Alliance);
    await dashboard.search.fill(alliance.toLowerCase());
    const count = api.playerData.filter(
      (row) =>
        String(row.Alliance ?? '')
          .toLowerCase()
          .includes(alliance.toLowerCase()) ||
        String(row.Name).toLowerCase().includes(alliance.toLowerCase()) ||
        String(row['Governor ID']).includes(alliance.toLowerCase()),
    ).length;
    await expect(dashboard.range).toHaveText(`Showing 1–${Math.min(20, count)} of ${count} governors`);
  });

  test('Reached colours change at 25, 50, 75 and 100 percent; a cell that cannot be drawn shows Error', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const dashboard = new KdDashboardPage(page, target);
    const reached = [120, 100, 99.99, 75, 74, 50, 49, 25, 24.5, 0];
    await page.route(isKdDataCall, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.playerData = body.playerData
        .slice(0, reached.length + 1)
        .map((row: Record<string, unknown>, i: number) => ({
          ...row,
          'DKP Score': 1000 - i,
          Reached: i < reached.length ? reached[i] : row.Reached,
          'Current Power': i === reached.length ? { broken: true } : row['Current Power'],
        }));
      await route.fulfill({ response, json: body });
    });
    await dashboard.openLoaded();
    const bands = dashboard.rows.getByTestId('reached');
    await expect(bands).toHaveCount(reached.length + 1);
    const expected = ['done', 'done', 'most', 'most', 'half', 'half', 'quarter', 'quarter', 'low', 'low'];
    for (const [i, band] of expected.entries()) await expect(bands.nth(i)).toHaveAttribute('data-band', band);
    await expect(dashboard.rows.nth(reached.length).locator('td[data-col="Current Power"]')).toHaveText(
      'Error',
    );
  });

  for (const [status, text, tableShown] of [
    ['single', 'comparison stats show 0 until more scans', true],
    ['error', 'data may be incomplete', true],
    ['no_scans_in_kvk', 'No Scans Available', false],
    ['offseason_no_scans', 'Offseason Period', false],
  ] as const) {
    test(`scanStatus ${status}`, async ({ page, request }) => {
      const dashboard = new KdDashboardPage(page, await demoTarget(request));
      await page.route(isKdDataCall, async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.scanStatus = status;
        await route.fulfill({ response, json: body });
      });
      await dashboard.open();
      await expect(page.getByText(text)).toBeVisible();
      await expect(dashboard.table).toHaveCount(tableShown ? 1 : 0);
    });
  }

  test('a failed load shows SPEC’s message', async ({ page, request }) => {
    const dashboard = new KdDashboardPage(page, await demoTarget(request));
    await page.route(isKdDataCall, (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
    await dashboard.open();
    await expect(page.getByText('Failed to fetch KD dashboard data')).toBeVisible({ timeout: 20_000 });
  });

  test('Player Performance export: columns, #,##0 and the file name', async ({ page, request }) => {
    const target = await demoTarget(request);
    const api = await kdDashboardJson(request, target);
    const dashboard = new KdDashboardPage(page, target);
    await dashboard.openLoaded();
    const download = page.waitForEvent('download');
    await dashboard.exportButton.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^kd${target.kd}-performance-\\w+-to-\\w+\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.getWorksheet('Player Performance')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 9)).toEqual([
      'Gov ID',
      'Name',
      'Alliance',
      'DKP Score',
      'DKP Goal',
      'Reached',
      'Current Power',
      'Base Power',
      'Power Change',
    ]);
    expect(headers).toContain('T4 Kills');
    expect(sheet.rowCount).toBe(api.playerData.length + 1);
    const top = api.playerData[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe(top['Governor ID']);
    expect(sheet.getRow(2).getCell(4).value).toBe(top['DKP Score']);
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('#,##0');

    await dashboard.search.fill(String(top.Name));
    const searched = page.waitForEvent('download');
    await dashboard.exportButton.click();
    expect((await searched).suggestedFilename()).toMatch(/-search\.xlsx$/);
  });
});
