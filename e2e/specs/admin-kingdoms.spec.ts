import { expect, test } from '@playwright/test';
import { AdminKingdomsPage } from '../pages/AdminKingdomsPage.ts';
import { perProject, signIn } from '../support/users.ts';

const DEMO_KDS = Array.from({ length: 12 }, (_, i) => 2101 + i);

test.describe('Kingdom Management', () => {
  test('a superadmin sees every kingdom with Kingdom ID, Database Table, Access Code and Settings @phone', async ({
    page,
  }) => {
    const session = await signIn(page, 'superadmin');
    const kingdoms = new AdminKingdomsPage(page);
    await kingdoms.open();
    await kingdoms.expectHeading('Kingdom Management');
    await expect(kingdoms.row(2101)).toBeVisible();
    expect((await kingdoms.visibleKds()).filter((kd) => DEMO_KDS.includes(kd))).toEqual(DEMO_KDS);
    const row = kingdoms.row(2101);
    await expect(row).toContainText('2101');
    await expect(row).toContainText('governor_stats (kd 2101)');
    const code = session.kingdoms.find((k) => k.kd === 2101)!.code;
    await expect(row).toContainText(code);
    if (test.info().project.name === 'desktop') {
      for (const header of ['Kingdom ID', 'Database Table', 'Access Code', 'Settings']) {
        await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
      }
    }
    await kingdoms.settingsLink(2101).click();
    await expect(page).toHaveURL(`/admin/settings/2101/${code}`);
    await kingdoms.expectHeading('Kingdom 2101 settings');
  });

  test('searches, shows No kingdoms found, and refreshes', async ({ page }) => {
    await signIn(page, 'superadmin');
    const kingdoms = new AdminKingdomsPage(page);
    await kingdoms.open();
    await expect(kingdoms.row(2101)).toBeVisible();
    await kingdoms.search.fill('2105');
    await expect(kingdoms.rows).toHaveCount(1);
    await expect(kingdoms.row(2105)).toBeVisible();
    await kingdoms.search.fill('no such kingdom');
    await expect(page.getByRole('heading', { name: 'No kingdoms found' })).toBeVisible();
    await kingdoms.search.fill('');
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/kingdoms') && r.status() === 200,
    );
    await kingdoms.refresh.click();
    await answered;
    await expect(kingdoms.row(2112)).toBeVisible();
  });

  test('an admin sees only their own kingdom and cannot add kingdoms', async ({ page }) => {
    await signIn(page, 'kingdomAdmin');
    const kingdoms = new AdminKingdomsPage(page);
    await kingdoms.open();
    await expect(kingdoms.row(2101)).toBeVisible();
    expect(await kingdoms.visibleKds()).toEqual([2101]);
    await expect(kingdoms.addKingdom).toHaveCount(0);
  });

  test('says Failed to fetch kingdoms when the list cannot be loaded', async ({ page }) => {
    await signIn(page, 'superadmin');
    await page.route('**/api/admin/kingdoms', (route) =>
      route.fulfill({
        status: 500,
        json: {
          statusCode: 500,
          code: 'INTERNAL',
          error: 'Internal server error',
          message: 'Internal server error',
          detail: 'Internal server error',
        },
      }),
    );
    const kingdoms = new AdminKingdomsPage(page);
    await kingdoms.open();
    await expect(page.getByRole('heading', { name: 'Failed to fetch kingdoms' })).toBeVisible({
      timeout: 20_000,
    });
  });

  test('a superadmin adds a kingdom, which then has its own settings page', async ({ page }, testInfo) => {
    await signIn(page, 'superadmin');
    const kd = perProject(testInfo, 2190, 2191);
    const kingdoms = new AdminKingdomsPage(page);
    await kingdoms.open();
    await kingdoms.addKingdom.click();
    const dialog = page.getByRole('dialog', { name: 'Add Kingdom' });
    await dialog.getByLabel('Kingdom number').fill(String(kd));
    await dialog.getByLabel('Name (optional)').fill('Newcomers');
    await dialog.getByRole('button', { name: 'Add Kingdom' }).click();
    await expect(dialog.getByRole('status')).toContainText(`Kingdom ${kd} added with access code`);
    await dialog.getByRole('link', { name: 'Open its settings' }).click();
    await kingdoms.expectHeading(`Kingdom ${kd} settings`);
    await kingdoms.open();
    await expect(kingdoms.row(kd)).toContainText('Newcomers');
  });
});
