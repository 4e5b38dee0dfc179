import { expect, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';
import { GovernorPage } from '../pages/GovernorPage.ts';
import { kdDashboardJson } from '../pages/KdDashboardPage.ts';

// Issue 37: a member of the game's member export sees on his page what the export says he did over its dates. The
// demo has no export, so the governor call's answer is given one (the server's side: test/admin/uploads.test.ts).

test('the governor page shows the game export’s activity over its dates @phone', async ({
  page,
  request,
}) => {
  const target = await demoTarget(request);
  const id = Number((await kdDashboardJson(request, target)).playerData[0]!['Governor ID']);
  await page.route(
    (url) => url.pathname.startsWith(`/api/governor/${target.kd}/${id}/`),
    async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.exportActivity = [
        {
          exportId: 3,
          from: '2025-01-01',
          to: '2025-01-31',
          name: 'Anh Hùng',
          power: 5_000_000,
          highestPower: 6_000_000,
          killPoints: 123_456,
          t1Kills: 5,
          t2Kills: 4,
          t3Kills: 3,
          t4Kills: 2_345,
          t5Kills: 1_234,
          t1Dead: 50,
          t2Dead: 40,
          t3Dead: 30,
          t4Dead: 20,
          t5Dead: 10,
          rssGathered: 900_000,
          helps: 77,
        },
      ];
      await route.fulfill({ response, json: body });
    },
  );
  const governor = new GovernorPage(page, target);
  await governor.open(id);
  const section = page.locator('#export-activity');
  await expect(section.getByRole('heading', { name: "Activity from the game's exports" })).toBeVisible();
  const entry = section.locator('[data-export-id="3"]');
  await expect(entry).toContainText('2025-01-01 to 2025-01-31');
  await expect(entry).toContainText('as Anh Hùng');
  const figures: [label: string, value: string][] = [
    ['Kill Points', '123,456'],
    ['T5 Kills', '1,234'],
    ['T4 dead', '20'],
    ['Alliance Helps', '77'],
  ];
  for (const [label, value] of figures)
    await expect(entry.locator('div', { has: page.locator('dt', { hasText: label }) })).toContainText(value);
  // Nothing runs past the screen's edge at 375 px.
  const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(width).toBeLessThanOrEqual(0);
});
