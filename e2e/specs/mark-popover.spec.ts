import { expect, test } from '@playwright/test';
import { dashboardJson, demoTarget } from '../pages/DashboardPage.ts';

// Issue 41 item 10: a mark beside a governor's name (P, ?, farm) says its words on a phone, where a title never
// shows: a tap opens them in a popover; the legend says "tap" there.

const FIRST_LOAD = { timeout: 30_000 };

test.describe('phones (375 px)', { tag: '@phone-only' }, () => {
  test("a mark's words show on a tap, not only on a hover; the legend says tap", async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const all = await dashboardJson(request, target, { page: 1, pageSize: 50000 });
    const partial = all.playerData.find((player) => !player['Full Period'])!;
    await page.goto(`/${target.kd}/dashboard/${target.code}?q=${partial['Gov ID']}`);
    const mark = page.getByTestId('player-card').first().locator('[data-partial-period]');
    await expect(mark).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId('partial-legend')).toContainText('tap the mark for the dates');
    const words = page.getByRole('tooltip');
    await mark.tap();
    await expect(words).toHaveText(/^Partial period: gains run from .+ UTC to .+ UTC$/);
    await expect(words).toBeInViewport({ ratio: 1 });
    await expect(mark).toHaveAttribute('aria-label', /^Partial period/);
    await page.keyboard.press('Escape');
    await expect(words).toBeHidden();
    await expect(mark).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(words).toBeVisible();
    await page.getByTestId('partial-legend').tap();
    await expect(words).toBeHidden();
  });
});
