import { expect, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';
import { KdDashboardPage } from '../pages/KdDashboardPage.ts';

// The Pre-KvK Rankings modal on the demo's pre-KvK points.

interface PrekvkJson {
  data: { governor_id: number; name: string; total_points: number; stage1_points: number }[];
  last_updated: number | null;
}

test.describe('Pre-KvK Rankings', () => {
  test('ranks, badges at 1, 2, 3 and 10, footer, search, sort and the updated time', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const answer = await request.get(`/api/kd-dashboard/${target.kd}/prekvk-rankings?code=${target.code}`);
    const api = (await answer.json()) as PrekvkJson;
    expect(api.data.length).toBeGreaterThan(11);
    const dashboard = new KdDashboardPage(page, target);
    await dashboard.openLoaded();
    await dashboard.prekvkButton.click();
    const modal = dashboard.prekvkDialog;
    const rows = modal.locator('tbody tr');
    await expect(rows).toHaveCount(api.data.length);
    const tiers = modal.locator('[data-rank-tier]');
    for (const [i, tier] of [
      [0, 'gold'],
      [1, 'silver'],
      [2, 'bronze'],
      [3, 'top10'],
      [9, 'top10'],
      [10, 'other'],
    ] as const) {
      await expect(tiers.nth(i)).toHaveAttribute('data-rank-tier', tier);
    }
    await expect(rows.first()).toContainText(api.data[0]!.name);
    await expect(rows.first()).toContainText(String(api.data[0]!.governor_id));
    await expect(modal.getByTestId('prekvk-footer')).toContainText(`${api.data.length} governors`);
    await expect(modal.getByTestId('prekvk-footer')).toContainText(
      `Top score ${api.data[0]!.total_points.toLocaleString('en-US')}`,
    );
    await expect(modal.getByTestId('prekvk-updated')).toHaveText(/^Updated \d+ (minute|hour|day)s? ago$/);
    await expect(modal).toContainText('the 5 days before open');

    // Stage I, biggest first.
    await modal.getByRole('button', { name: 'Stage I', exact: true }).click();
    const best = [...api.data].sort((a, b) => b.stage1_points - a.stage1_points)[0]!;
    await expect(rows.first()).toContainText(String(best.governor_id));

    // A search keeps each governor's rank.
    const tenth = api.data[9]!;
    await modal.getByRole('searchbox').fill(String(tenth.governor_id));
    await expect(rows).toHaveCount(1);
    await expect(rows.first().locator('[data-rank-tier]')).toHaveText('10');
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(modal).toBeHidden();
  });

  test('empty and failed answers', async ({ page, request }) => {
    const dashboard = new KdDashboardPage(page, await demoTarget(request));
    let fail = false;
    await page.route('**/api/kd-dashboard/*/prekvk-rankings**', (route) =>
      fail
        ? route.fulfill({ status: 500, json: { error: 'boom' } })
        : route.fulfill({ json: { data: [], last_updated: null, kvk_number: null } }),
    );
    await dashboard.openLoaded();
    await dashboard.prekvkButton.click();
    await expect(dashboard.prekvkDialog).toContainText('No pre-KvK rankings available');
    await expect(dashboard.prekvkDialog).toContainText('Rankings will appear once data is collected');
    await dashboard.prekvkDialog.getByRole('button', { name: 'Close', exact: true }).click();
    fail = true;
    await page.reload();
    await dashboard.prekvkButton.click();
    await expect(dashboard.prekvkDialog).toContainText('Failed to fetch pre-KvK rankings', {
      timeout: 20_000,
    });
  });
});
