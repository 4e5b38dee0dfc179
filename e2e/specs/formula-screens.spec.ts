import { expect, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';
import { FormulaPage } from '../pages/FormulaPage.ts';
import { KdDashboardPage } from '../pages/KdDashboardPage.ts';

// Screenshots of every tab, modal and the KD DKP dashboard at the project's width, for a person to look at
// (written to SCREENSHOT_DIR, default /tmp/pw-shots). Each also checks the page does not scroll sideways.

const dir = process.env.SCREENSHOT_DIR ?? '/tmp/pw-shots';

test('formula editor and KD DKP dashboard screenshots @phone', async ({ page, request }, testInfo) => {
  const project = testInfo.project.name;
  const shot = async (name: string, fullPage = true) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    const viewport = page.viewportSize()!.width;
    expect(width, `${name} fits the viewport`).toBeLessThanOrEqual(viewport);
    await page.screenshot({ path: `${dir}/${project}-${name}.png`, fullPage });
  };
  const target = await demoTarget(request);
  const editor = new FormulaPage(page, target);

  await editor.open();
  await expect(editor.preview).not.toBeEmpty();
  // The kingdom bar leads to the kingdom's other screens, as on every viewer screen.
  await expect(
    page
      .getByRole('navigation', { name: /^Kingdom \d+/ })
      .getByRole('link', { name: 'Arrivals & departures' }),
  ).toBeVisible();
  await shot('formula-tab');
  await page.getByRole('button', { name: 'T4/T5 Dead Troops settings' }).click();
  await expect(editor.dialog('T4/T5 Dead Troops')).toBeVisible();
  await shot('dead-troops-modal', false);
  await editor.dialog('T4/T5 Dead Troops').getByRole('button', { name: 'Cancel' }).click();

  await editor.tab('Goals').click();
  await expect(editor.tierCards.first()).toBeVisible();
  await shot('goals-tab');
  await editor.addTierButton.click();
  await shot('add-tier-modal', false);
  await editor.dialog('Add New Tier').getByRole('button', { name: 'Cancel' }).click();
  await (await editor.showTier(1)).getByRole('button', { name: 'Edit power tier 1' }).click();
  await shot('edit-tier-modal', false);
  await editor.dialog('Edit Power Tier').getByRole('button', { name: 'Cancel' }).click();

  await editor.tab('Wars').click();
  await expect(editor.warCards.first()).toBeVisible();
  await shot('wars-tab');
  await page.getByRole('button', { name: 'Edit War 1' }).click();
  await shot('war-modal', false);
  await editor.dialog('Edit War').getByRole('button', { name: 'Cancel' }).click();
  // Signed out, Save asks to sign in and keeps the draft (issue 14).
  await editor.saveButton.click();
  await expect(editor.dialog('Sign in to save')).toBeVisible();
  await shot('sign-in-to-save-modal', false);
  await editor.dialog('Sign in to save').getByRole('button', { name: 'Keep editing' }).click();

  const dashboard = new KdDashboardPage(page, target);
  await dashboard.openLoaded();
  await shot('kd-dashboard');
  await dashboard.prekvkButton.click();
  await expect(dashboard.prekvkDialog.locator('tbody tr').first()).toBeVisible();
  await shot('prekvk-modal', false);
});
