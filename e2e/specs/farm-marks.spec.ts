import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DashboardPage, type DemoTarget, dashboardJson, demoTarget } from '../pages/DashboardPage.ts';
import { BASE_URL } from '../support/env.ts';
import { signIn } from '../support/users.ts';

// Farms shown apart on the main dashboard (issue 13 item 3, docs/farms.md "Main dashboard"): with the demo kingdom's
// policy set to `apart` through the admin API, a linked farm's row carries "Farm of <main>" in the player table
// (1366 px) and the phone cards (375 px), and the player export a Farm Of column. Each test puts the policy back.

interface FarmsJson {
  policy: { mode: string; weightPct: number };
  links: { farmId: number; farmName: string | null; mainId: number; mainName: string | null }[];
}
type FarmMarksJson = Record<string, { mainId: number; mainName: string | null }>;

async function farmsApi(page: Page, target: DemoTarget) {
  const session = await signIn(page, 'superadmin');
  const headers = { authorization: `Bearer ${session.token}` };
  const url = `${BASE_URL}/api/admin/kingdoms/${target.kd}/${target.code}/farms`;
  return {
    read: async () => (await (await page.request.get(url, { headers })).json()) as FarmsJson,
    setPolicy: async (policy: FarmsJson['policy']) => {
      const answer = await page.request.post(`${url}/policy`, { headers, data: policy });
      expect(answer.status()).toBe(200);
    },
  };
}

/** Runs `body` with the demo kingdom's farms shown apart, and puts the policy it found back afterwards. */
async function withFarmsApart(
  page: Page,
  request: APIRequestContext,
  body: (target: DemoTarget, farms: FarmsJson) => Promise<void>,
): Promise<void> {
  const target = await demoTarget(request);
  const api = await farmsApi(page, target);
  const before = await api.read();
  await api.setPolicy({ mode: 'apart', weightPct: before.policy.weightPct });
  try {
    await body(target, before);
  } finally {
    await api.setPolicy(before.policy);
  }
}

test.describe('farm marks on the main dashboard', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a farm shows "Farm of <main>" beside its name, its main shows none @phone', async ({
    page,
    request,
  }, testInfo) => {
    await withFarmsApart(page, request, async (target, farms) => {
      // A farm and a main whose names the search box finds as typed (the demo's names span several scripts).
      const plain = (name: string | null) => name !== null && /^[A-Za-z0-9]{3,}$/.test(name);
      const link = farms.links.find((l) => plain(l.farmName) && plain(l.mainName));
      expect(link, 'a demo link with plain names').toBeDefined();
      const { farmId, farmName, mainId, mainName } = link!;

      // What the API answers for the same search: the farm marked with its main.
      const answer = (await dashboardJson(request, target, { search: farmName! })) as {
        farmMarks?: FarmMarksJson;
      };
      expect(answer.farmMarks?.[String(farmId)]).toEqual({ mainId, mainName });

      // At 1366 px the table's row; at 375 px the card (phones show cards unless the reader picks the table).
      await page.goto(`/${target.kd}/dashboard/${target.code}?q=${encodeURIComponent(farmName!)}`);
      const farmRow = page.locator(`[data-gov-id="${farmId}"]:visible`);
      await expect(farmRow).toBeVisible({ timeout: 20_000 });
      const mark = farmRow.getByRole('button', {
        name: `Farm account of ${mainName} (main account ID ${mainId})`,
      });
      await expect(mark).toBeVisible();
      await expect(mark).toHaveText(`Farm of ${mainName}`);
      await expect(mark).toHaveAttribute('title', `Farm account of ${mainName} (main account ID ${mainId})`);
      // The chip stays inside its row or card (no overflow on a phone).
      const [chip, box] = [await mark.boundingBox(), await farmRow.boundingBox()];
      expect(chip!.x + chip!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
      await farmRow.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`farm-mark-${testInfo.project.name}.png`) });

      await page.goto(`/${target.kd}/dashboard/${target.code}?q=${encodeURIComponent(mainName!)}`);
      const mainRow = page.locator(`[data-gov-id="${mainId}"]:visible`);
      await expect(mainRow).toBeVisible({ timeout: 20_000 });
      await expect(mainRow.locator('[data-farm-mark]')).toHaveCount(0);
    });
  });

  test('the player export has a Farm Of column with each farm’s main ID @desktop-only', async ({
    page,
    request,
  }) => {
    await withFarmsApart(page, request, async (target) => {
      const dashboard = new DashboardPage(page);
      await page.goto(`/${target.kd}/dashboard/${target.code}`);
      await expect(dashboard.playerSection.locator('[data-gov-id]:visible').first()).toBeVisible({
        timeout: 20_000,
      });
      await dashboard.settled();
      const kd = String(target.kd);
      await dashboard.kdSelect.selectOption(kd);
      await dashboard.settled();
      const expected = (await dashboardJson(request, target, { page: 1, pageSize: 50000, kd })) as Awaited<
        ReturnType<typeof dashboardJson>
      > & { farmMarks?: FarmMarksJson };
      const marks = expected.farmMarks ?? {};
      expect(Object.keys(marks).length).toBeGreaterThan(0);

      const download = page.waitForEvent('download');
      await dashboard.exportButton.click();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await (await download).path());
      const sheet = workbook.getWorksheet('Player Stats')!;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
      // Farm Of just before Review, which stays last.
      expect(headers.slice(-2)).toEqual(['Farm Of', 'Review']);
      const cell = (row: number, column: string) => sheet.getRow(row).getCell(headers.indexOf(column) + 1);
      expect(sheet.rowCount - 1).toBe(expected.playerData.length);
      expected.playerData.forEach((row, i) => {
        expect(cell(i + 2, 'Gov ID').value).toBe(row['Gov ID']);
        const value = cell(i + 2, 'Farm Of').value;
        expect(value ?? null, `row of ${row['Gov ID']}`).toBe(marks[String(row['Gov ID'])]?.mainId ?? null);
      });
      // An ID: a plain number, no thousands separators.
      const firstFarm = expected.playerData.findIndex((row) => marks[String(row['Gov ID'])] !== undefined);
      expect(cell(firstFarm + 2, 'Farm Of').numFmt).toBe('0');
    });
  });
});
