import { expect, test } from '@playwright/test';
import { AdminKingdomsPage } from '../pages/AdminKingdomsPage.ts';
import { BASE_URL } from '../support/env.ts';
import { perProject, signIn } from '../support/users.ts';

test.describe('a host deletes a kingdom in Kingdom Management', () => {
  test('only after typing its number; it leaves the list and its viewer link stops working @phone', async ({
    page,
  }, testInfo) => {
    const session = await signIn(page, 'superadmin');
    const kd = perProject(testInfo, 2194, 2195);
    const code = `delete-me-${kd}`;
    const created = await page.request.post(`${BASE_URL}/api/admin/kingdoms`, {
      headers: { authorization: `Bearer ${session.token}` },
      data: { kd, code, name: 'Short-lived' },
    });
    expect(created.status()).toBe(201);

    const kingdoms = new AdminKingdomsPage(page);
    await kingdoms.open();
    await expect(kingdoms.row(kd)).toContainText('Short-lived');
    await page.getByRole('button', { name: `Delete kingdom ${kd}` }).click();

    const dialog = page.getByRole('dialog', { name: `Delete kingdom ${kd}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('This cannot be undone.');
    const confirm = dialog.getByRole('button', { name: 'Delete kingdom' });
    const typed = dialog.getByLabel(`Type ${kd} to confirm`);
    await expect(typed).toBeFocused();
    await expect(confirm).toBeDisabled();
    await typed.fill('2101');
    await expect(confirm).toBeDisabled();
    await typed.fill(String(kd));
    await expect(confirm).toBeEnabled();
    await expect(confirm).toBeInViewport();
    await confirm.click();

    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: `Kingdom ${kd} and all its data were deleted.` }),
    ).toBeVisible();
    await expect(kingdoms.row(kd)).toHaveCount(0);
    await expect(kingdoms.row(2101)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('after-delete.png') });

    const viewer = await page.request.get(`${BASE_URL}/api/dashboard/${kd}/formula/${code}`);
    expect(viewer.status()).toBe(404);
  });

  test('Cancel deletes nothing', async ({ page }) => {
    await signIn(page, 'superadmin');
    const kingdoms = new AdminKingdomsPage(page);
    await kingdoms.open();
    await page.getByRole('button', { name: 'Delete kingdom 2112' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete kingdom 2112' });
    await dialog.getByLabel('Type 2112 to confirm').fill('2112');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await kingdoms.refresh.click();
    await expect(kingdoms.row(2112)).toBeVisible();
  });

  test('a kingdom admin has no Delete button', async ({ page }) => {
    await signIn(page, 'kingdomAdmin');
    const kingdoms = new AdminKingdomsPage(page);
    await kingdoms.open();
    await expect(kingdoms.row(2101)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Delete kingdom/ })).toHaveCount(0);
  });
});

test('while sign-in is off, the login page tells the host how to create the first superadmin and turn it on @phone', async ({
  page,
}) => {
  await page.route('**/api/config', async (route) => {
    const real = await route.fetch();
    await route.fulfill({ response: real, json: { ...(await real.json()), loginEnabled: false } });
  });
  await page.goto('/login');
  const setup = page.getByRole('region', { name: 'Hosting this site? Turn sign-in on' });
  await expect(setup).toBeVisible();
  await expect(setup).toContainText('npm run cli -- user add <name> --role superadmin');
  await expect(setup).toContainText('LOGIN_ENABLED=true npm start');
  await setup.scrollIntoViewIfNeeded();
  await expect(setup.getByText('LOGIN_ENABLED=true npm start')).toBeInViewport();
});
