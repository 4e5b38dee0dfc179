import { expect, test } from '@playwright/test';
import { e2eUsers, perProject, signIn } from '../support/users.ts';

// The migration list (docs/migration-list.md) on the demo kingdom, at 1366 px and as cards at 375 px.

test.describe('the migration list', () => {
  test('an admin adds a governor, switches a flag, edits it, fills from movements, exports and deletes @phone', async ({
    page,
  }, testInfo) => {
    const kd = e2eUsers().kd;
    const session = await signIn(page, 'kingdomAdmin');
    const code = session.kingdoms.find((k) => k.kd === kd)!.code;
    // Each width its own governor, so the two runs on one server do not meet.
    const governorId = perProject(testInfo, 990_001, 990_002);

    await page.goto(`/admin/settings/${kd}/${code}`);
    await page.getByRole('link', { name: 'Open the migration list' }).click();
    await expect(page).toHaveURL(`/admin/settings/${kd}/${code}/migration-list`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Migration list');
    await expect(page.getByLabel('Season')).toBeVisible();

    const form = page.getByRole('form', { name: 'Add a governor' });
    await form.getByLabel('Governor ID').fill(String(governorId));
    await form.getByLabel('Name', { exact: true }).fill('Test Farmer');
    await form.getByLabel('Direction').selectOption('arrive');
    await form.getByLabel('Reason').fill('Asked to join for pass 7');
    await form.getByRole('button', { name: 'Add to the list' }).click();
    await expect(page.getByRole('status').first()).toHaveText('Test Farmer added to the list');

    // The table at 1366 px, a card at 375 px: the same entry, its flags switched in place.
    const phone = (page.viewportSize()?.width ?? 1366) < 640;
    await expect(page.getByRole('table')).toBeVisible({ visible: !phone });
    const entry = page.locator(`[data-governor="${governorId}"]:visible`);
    await expect(entry).toContainText('Test Farmer');
    await expect(entry).toContainText('Arrive');
    await expect(entry).toContainText('Asked to join for pass 7');
    const contacted = entry.getByRole('switch', { name: 'Contacted' });
    await expect(contacted).toHaveAttribute('aria-checked', 'false');
    await contacted.click();
    await expect(contacted).toHaveAttribute('aria-checked', 'true');
    if (phone) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }

    await entry.getByRole('button', { name: 'Edit Test Farmer' }).click();
    const edit = page.getByRole('dialog', { name: `Edit Test Farmer (${governorId})` });
    await edit.getByLabel('Reason').fill('Zeroed in pass 4');
    await edit.getByLabel('Note').fill('Has a permit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').first()).toHaveText('Test Farmer saved');
    await expect(entry).toContainText('Zeroed in pass 4');
    await expect(entry).toContainText('Note: Has a permit');

    await page.getByRole('button', { name: 'Fill from movements' }).click();
    await expect(page.getByRole('status').first()).toContainText("Added from the season's movements:");

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^migration-list-${kd}-kvk\\d+\\.csv$`));

    await entry.getByRole('button', { name: 'Delete Test Farmer from the list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });
    await expect(dialog).toContainText(`Test Farmer (${governorId})`);
    await dialog.getByRole('button', { name: 'Delete entry' }).click();
    await expect(page.getByRole('status').first()).toHaveText('Test Farmer taken off the list');
    await expect(page.locator(`[data-governor="${governorId}"]`)).toHaveCount(0);
  });
});
