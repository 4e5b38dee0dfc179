import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { type DemoTarget, demoTarget } from '../pages/DashboardPage.ts';

// Arrivals, departures and inactive governors (docs/movements.md) on the demo kingdom (the layout test at 375 px too).

interface MovementJson {
  governorId: number;
  name: string;
  reason: string;
  otherKd: number | null;
}
interface MovementsJson {
  dates: { timestamp: number; display: string }[];
  selectedDates: { start: string; end: string };
  inactiveScans: number;
  arrived: MovementJson[];
  left: MovementJson[];
  inactive: MovementJson[];
}

async function movementsJson(
  request: APIRequestContext,
  target: DemoTarget,
  query = '',
): Promise<MovementsJson> {
  const answer = await request.get(`/api/dashboard/${target.kd}/movements/${target.code}?${query}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as MovementsJson;
}

const isMovementsCall = (url: string) => /\/api\/dashboard\/\d+\/movements\//.test(url);
const section = (page: Page, title: string) =>
  page.getByRole('region', { name: new RegExp(`^${title} \\(`) });
const phone = (page: Page) => (page.viewportSize()?.width ?? 1366) < 640;

test.describe('arrivals and departures', () => {
  // The demo's whole-season answer and an export's library download take a while on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('reached from the kingdom bar; three tables as the API answers, names linking to the governor page @phone', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const api = await movementsJson(request, target);
    // The demo shows every kind of movement a kingdom has.
    const reasons = new Set([...api.arrived, ...api.left, ...api.inactive].map((row) => row.reason));
    for (const reason of ['new', 'migrated_in', 'left', 'migrated_out', 'inactive'])
      expect(reasons).toContain(reason);

    await page.goto(`/${target.kd}/dashboard/${target.code}`);
    await page
      .getByRole('navigation', { name: `Kingdom ${target.kd}` })
      .getByRole('link', { name: 'Arrivals & departures' })
      .click();
    await expect(page).toHaveURL(`/${target.kd}/movements/${target.code}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Arrivals & departures — Kingdom ${target.kd}`,
    );

    await expect(section(page, 'Arrived')).toContainText(`Arrived (${api.arrived.length})`);
    await expect(section(page, 'Left')).toContainText(`Left (${api.left.length})`);
    await expect(section(page, 'Inactive')).toContainText(`Inactive (${api.inactive.length})`);

    // The biggest arrival first, linked to its governor page; a migration says where the governor came from.
    const first = api.arrived[0]!;
    const link = section(page, 'Arrived').getByRole('link', { name: first.name }).first();
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', `/${target.kd}/governor/${first.governorId}/${target.code}`);
    // The first page of arrivals (ten) holds a migration in the demo.
    const migrant = api.arrived.slice(0, 10).find((row) => row.reason === 'migrated_in');
    expect(migrant).toBeDefined();
    await expect(section(page, 'Arrived')).toContainText(`Came from kingdom ${migrant!.otherKd}`);

    if (phone(page)) {
      // One column: cards, no table, nothing wider than the screen.
      await expect(section(page, 'Arrived').getByRole('table')).toBeHidden();
      await expect(section(page, 'Arrived').getByRole('listitem').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } else {
      const headers = section(page, 'Left').getByRole('columnheader');
      await expect(headers).toHaveText(['Name', 'ID', 'Alliance', 'Home KD', 'Power', 'When', 'Why']);
    }
  });

  test('the period and the inactivity window are chosen, kept in the address, and read again', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const api = await movementsJson(request, target);
    await page.goto(`/${target.kd}/movements/${target.code}`);
    await expect(section(page, 'Inactive')).toBeVisible();

    const read = page.waitForRequest(
      (call) => isMovementsCall(call.url()) && new URL(call.url()).searchParams.get('inactive_scans') === '5',
    );
    await page.getByLabel('Inactive after').selectOption('5');
    await read;
    await expect(page).toHaveURL(/inactive=5/);
    const five = await movementsJson(request, target, 'inactive_scans=5');
    await expect(section(page, 'Inactive')).toContainText(`Inactive (${five.inactive.length})`);
    await expect(section(page, 'Inactive')).toContainText('No change over 5 scans');

    // Start and end on the same scan: nobody arrived or left.
    const last = String(api.dates.at(-1)!.timestamp);
    await page.getByLabel('Start date').selectOption(last);
    await expect(page.getByLabel('End date')).toHaveValue(last);
    await expect(section(page, 'Arrived')).toContainText('No arrivals in this period');
    await expect(section(page, 'Left')).toContainText('No departures in this period');
    await page.reload();
    await expect(page.getByLabel('Start date')).toHaveValue(last);
    await expect(page.getByLabel('Inactive after')).toHaveValue('5');
  });

  test('each table exports to CSV and Excel', async ({ page, request }) => {
    const target = await demoTarget(request);
    const api = await movementsJson(request, target);
    await page.goto(`/${target.kd}/movements/${target.code}`);

    await section(page, 'Arrived').getByRole('button', { name: 'Export arrived' }).click();
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export as CSV' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^kd${target.kd}-arrived-\\w+-\\w+\\.csv$`));
    const lines = (await readFile(await csv.path()))
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Name,Gov ID,Alliance,Home KD,Power,When,Why');
    expect(lines).toHaveLength(api.arrived.length + 1);

    await section(page, 'Left').getByRole('button', { name: 'Export left' }).click();
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export as Excel' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(new RegExp(`^kd${target.kd}-left-\\w+-\\w+\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsx.path());
    const sheet = workbook.getWorksheet('Left')!;
    expect(sheet.rowCount).toBe(api.left.length + 1);
    expect(sheet.getRow(2).getCell(2).value).toBe(api.left[0]!.governorId);
  });

  test('a wrong code, a failing server and a kingdom without scans', async ({ page, request }) => {
    const target = await demoTarget(request);
    await page.goto(`/${target.kd}/movements/not-the-code`);
    await expect(page.getByTestId('invalid-link')).toBeVisible();
    // Alone, as on the other viewer screens: no page title, and no kingdom bar whose links carry the same wrong code.
    await expect(page.getByRole('heading', { name: /^Arrivals & departures/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'KvK DKP' })).toHaveCount(0);

    await page.route(
      (url) => isMovementsCall(url.href),
      (route) => route.fulfill({ status: 500, json: {} }),
    );
    await page.goto(`/${target.kd}/movements/${target.code}`);
    // 5xx answers are retried three times (1 s, 2 s, 4 s apart) before the screen gives up.
    await expect(page.getByRole('alert')).toContainText('Failed to fetch arrivals and departures', {
      timeout: 20_000,
    });
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.unrouteAll();

    await page.route(
      (url) => isMovementsCall(url.href),
      (route) =>
        route.fulfill({
          json: {
            dates: [],
            selectedDates: { start: '', end: '' },
            inactiveScans: 3,
            cutoffPower: null,
            arrived: [],
            left: [],
            inactive: [],
          },
        }),
    );
    await page.goto(`/${target.kd}/movements/${target.code}`);
    await expect(page.getByRole('heading', { name: 'No scans yet' })).toBeVisible();
  });
});
