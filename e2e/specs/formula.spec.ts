import { expect, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';
import { FormulaPage, isFormulaCall } from '../pages/FormulaPage.ts';

// The formula editor on the demo kingdom (2101: the default terms, six percentage tiers with dead goals, two wars).
// Nothing here saves a change: the save test saves the formula as loaded, the reset test restores what it reset.

test.describe('formula editor: tabs and the Formula tab', () => {
  test('tabs follow the URL, any other tab value is Formula, and the back button goes to the KvK dashboard', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const editor = new FormulaPage(page, target);
    await editor.open('anything');
    await expect(editor.tab('Formula')).toHaveAttribute('aria-selected', 'true');
    await editor.tab('Goals').click();
    await expect(page).toHaveURL(new RegExp(`/${target.kd}/formula/${target.code}/goals$`));
    await expect(page.getByRole('heading', { name: 'Goal Settings' })).toBeVisible();
    // Arrow keys move between tabs.
    await editor.tab('Goals').press('ArrowRight');
    await expect(page).toHaveURL(/\/wars$/);
    await expect(editor.tab('Wars')).toBeFocused();
    await editor.tab('Formula').click();
    await expect(page).toHaveURL(/\/formula$/);
    await editor.backButton.click();
    await expect(page).toHaveURL(new RegExp(`/${target.kd}/kd-dashboard/${target.code}$`));
  });

  test('the preview lists enabled terms with a non-zero value as they are edited', async ({
    page,
    request,
  }) => {
    const editor = new FormulaPage(page, await demoTarget(request));
    await editor.open();
    await expect(editor.preview).toHaveText('T4 Kills x 10 + T5 Kills x 20 + Dead Troops x 15');
    await editor.statSwitch('T1 Kills').click();
    await expect(editor.statSwitch('T1 Kills')).toHaveAttribute('aria-checked', 'true');
    // Enabled but multiplied by 0: left out.
    await expect(editor.preview).not.toContainText('T1 Kills');
    await editor.statInput('T1 Kills').fill('2');
    await expect(editor.preview).toHaveText(
      'T1 Kills x 2 + T4 Kills x 10 + T5 Kills x 20 + Dead Troops x 15',
    );
    await editor.statSwitch('T4 Kills').click();
    await expect(editor.preview).toHaveText('T1 Kills x 2 + T5 Kills x 20 + Dead Troops x 15');
    await editor.statInput('T5 Kills').fill('7.5');
    await expect(editor.preview).toHaveText('T1 Kills x 2 + T5 Kills x 7.5 + Dead Troops x 15');
  });

  test('save refuses an empty enabled value and no enabled term; any edit clears the list', async ({
    page,
    request,
  }) => {
    const editor = new FormulaPage(page, await demoTarget(request));
    await editor.open();
    let saves = 0;
    page.on('request', (call) => {
      if (call.url().endsWith('/api/formula/save')) saves++;
    });
    await editor.statInput('T5 Kills').fill('');
    await editor.saveButton.click();
    await expect(editor.resultMessage).toHaveText(
      'Validation Error: Please fix the validation errors before saving.',
    );
    // Issue 41: the field in words, in a modal that does not say something went wrong.
    await expect(editor.dialog('Not saved: check these fields')).toContainText('T5 Kills cannot be empty');
    await editor.closeResult();
    await expect(page.getByText('Please fix the following errors:')).toBeVisible();
    await expect(editor.errorList.getByRole('listitem')).toHaveText(['T5 Kills cannot be empty']);
    await editor.statInput('T5 Kills').fill('20');
    await expect(editor.errorList).toBeHidden();

    for (const label of ['T4 Kills', 'T5 Kills', 'Dead Troops']) await editor.statSwitch(label).click();
    await expect(editor.preview).toHaveText('No terms enabled yet.');
    await editor.saveButton.click();
    await editor.closeResult();
    await expect(editor.errorList.getByRole('listitem')).toHaveText([
      'At least one DKP Formula setting must be enabled',
    ]);
    expect(saves).toBe(0);
  });

  test('the T4/T5 Dead Troops modal: instructions, defaults, checks and saving', async ({
    page,
    request,
  }) => {
    const editor = new FormulaPage(page, await demoTarget(request));
    await editor.open();
    await page.getByRole('button', { name: 'T4/T5 Dead Troops settings' }).click();
    const modal = editor.dialog('T4/T5 Dead Troops');
    await expect(modal).toBeVisible();
    // Issue 14: HoH data comes from the admin's upload, not from bot commands; a viewer is told to ask an admin.
    await expect(modal.getByTestId('hoh-source')).toContainText(
      'A kingdom admin uploads the Hall of Heroes file',
    );
    await expect(modal.locator('code')).toHaveCount(0);
    await expect(modal.getByText('Ask an admin of your kingdom to upload it.')).toBeVisible();
    await expect(modal.getByRole('link', { name: 'Upload Hall of Heroes data' })).toHaveCount(0);
    // Cancel changes nothing.
    await modal.getByRole('switch', { name: 'Use T4/T5 Dead Troops' }).click();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
    await expect(editor.preview).toHaveText('T4 Kills x 10 + T5 Kills x 20 + Dead Troops x 15');

    await editor.statInput('Dead Troops').fill('12');
    await page.getByRole('button', { name: 'T4/T5 Dead Troops settings' }).click();
    const toggle = modal.getByRole('switch', { name: 'Use T4/T5 Dead Troops' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(modal.getByLabel('T4 Dead Points')).toBeDisabled();
    await toggle.click();
    // The stored points (15/30 from the default formula) stay; an empty one gets T4 = Dead Troops, T5 twice that.
    await expect(modal.getByLabel('T4 Dead Points')).toHaveValue('15');
    await expect(modal.getByLabel('T5 Dead Points')).toHaveValue('30');
    await modal.getByLabel('T4 Dead Points').fill('0');
    await modal.getByRole('button', { name: 'Save Settings' }).click();
    await expect(modal.getByRole('alert')).toHaveText('T4 and T5 dead points must be greater than 0');
    await modal.getByLabel('T4 Dead Points').fill('');
    await modal.getByLabel('T5 Dead Points').fill('');
    await toggle.click();
    await toggle.click();
    await expect(modal.getByLabel('T4 Dead Points')).toHaveValue('12');
    await expect(modal.getByLabel('T5 Dead Points')).toHaveValue('24');
    await modal.getByRole('button', { name: 'Save Settings' }).click();
    await expect(modal).toBeHidden();
    // Deaths count once: the plain Dead Troops term is switched off.
    await expect(editor.preview).toHaveText(
      'T4 Kills x 10 + T5 Kills x 20 + T4 Dead Troops x 12 + T5 Dead Troops x 24',
    );
    await expect(editor.statSwitch('Dead Troops')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('t45-note')).toHaveText('T4/T5 Dead Troops on: T4 x 12, T5 x 24');
  });

  for (const [reason, message] of [
    ['NO_ACTIVE_KVK', 'You only need this function when kvk is going on'],
    ['INSUFFICIENT_HOH_DATA', 'Follow the instructions above to collect Hall of Heroes data first'],
    [
      null,
      'Hall of Heroes data validation failed. Please collect HoH data before enabling T4/T5 Dead Troops.',
    ],
  ] as const) {
    test(`the T4/T5 modal refuses to enable when Hall of Heroes validation says ${reason ?? 'invalid'}`, async ({
      page,
      request,
    }) => {
      const editor = new FormulaPage(page, await demoTarget(request));
      await page.route(isFormulaCall, async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.hohValidation = { valid: false, reason, kvkFound: reason !== 'NO_ACTIVE_KVK', hohCount: 0 };
        await route.fulfill({ response, json: body });
      });
      await editor.open();
      await page.getByRole('button', { name: 'T4/T5 Dead Troops settings' }).click();
      const modal = editor.dialog('T4/T5 Dead Troops');
      await modal.getByRole('switch', { name: 'Use T4/T5 Dead Troops' }).click();
      await modal.getByRole('button', { name: 'Save Settings' }).click();
      await expect(modal.getByRole('alert')).toHaveText(message);
      // Switched off, there is nothing to check.
      await modal.getByRole('switch', { name: 'Use T4/T5 Dead Troops' }).click();
      await modal.getByRole('button', { name: 'Save Settings' }).click();
      await expect(modal).toBeHidden();
    });
  }

  // A 404 (wrong access code) is the 'This link is not valid' page instead (viewer-errors.spec.ts).
  test('a failed load says so in the result modal and offers a retry', async ({ page, request }) => {
    const editor = new FormulaPage(page, await demoTarget(request));
    await page.route(isFormulaCall, (route) =>
      route.fulfill({ status: 400, json: { error: 'Bad request', message: 'Bad request' } }),
    );
    await page.goto(`/${editor.target.kd}/formula/${editor.target.code}`);
    await expect(editor.resultMessage).toHaveText('Failed to load formula: Bad request');
    await editor.closeResult();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});
