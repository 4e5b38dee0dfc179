import { expect, test } from '@playwright/test';
import { DashboardPage, demoTarget, isDataCall } from '../pages/DashboardPage.ts';
import { DataReviewPage } from '../pages/DataReviewPage.ts';
import { GovernorPage } from '../pages/GovernorPage.ts';
import { kdDashboardJson } from '../pages/KdDashboardPage.ts';
import { accessCode, signIn } from '../support/users.ts';

test('shots @phone', async ({ page, request }, testInfo) => {
  const w = testInfo.project.name;
  const kd = 2101;
  const code = await accessCode(page, kd);
  await signIn(page, 'superadmin');
  for (const lang of ['en', 'vi']) {
    const review = new DataReviewPage(page);
    await review.goto(`/admin/settings/${kd}/${code}/review?lang=${lang}`);
    const section = review.review;
    await expect(section.locator('details > summary').first()).toBeVisible();
    for (const summary of await section.locator('details > summary').all()) await summary.click();
    const form = section.locator('form', { has: page.locator('select[data-sensitivity-field]') });
    await expect(form.locator('select').first()).toBeVisible();
    await form.screenshot({ path: `/tmp/myshots/settings-${lang}-${w}.png` });
  }
  await page.route(
    (url) => isDataCall(url),
    async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const row = body.playerData[0];
      body.reviewMarks = { [String(row['Gov ID'])]: { underReview: [{ field: 'helps', reason: 'Helps jumped' }], corrected: [], aside: ['helps'] } };
      await route.fulfill({ response, json: body });
    },
  );
  const dashboard = new DashboardPage(page);
  await page.goto(`/${kd}/dashboard/${code}?lang=en`);
  await expect(dashboard.playerSection.locator('tbody tr').first()).toBeVisible();
  await dashboard.playerSection.locator('tbody tr').first().locator('[data-review-mark]').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/myshots/cellmark-${w}.png` });
  const target = await demoTarget(request);
  const id = Number((await kdDashboardJson(request, target)).playerData[0]!['Governor ID']);
  await page.route(
    (url) => url.pathname.startsWith(`/api/governor/${target.kd}/${id}/`),
    async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.exportActivity = [{ exportId: 3, from: '2025-01-01', to: '2025-01-31', name: 'Anh Hùng', power: 5_000_000, highestPower: 6_000_000, killPoints: 123_456, t1Kills: 5, t2Kills: 4, t3Kills: 3, t4Kills: 2_345, t5Kills: 1_234, t1Dead: 50, t2Dead: 40, t3Dead: 30, t4Dead: 20, t5Dead: 10, rssGathered: 900_000, helps: 77 }];
      await route.fulfill({ response, json: body });
    },
  );
  for (const lang of ['en', 'ar']) {
    await page.goto(`/${target.kd}/governor/${id}/${target.code}?lang=${lang}`);
    const section = page.locator('#export-activity');
    await expect(section).toBeVisible();
    await section.screenshot({ path: `/tmp/myshots/exports-${lang}-${w}.png` });
  }
});
