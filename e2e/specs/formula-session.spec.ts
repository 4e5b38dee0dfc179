import { expect, type Page, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';
import { FormulaPage, formulaJson, restoreFormula } from '../pages/FormulaPage.ts';
import { KdDashboardPage } from '../pages/KdDashboardPage.ts';
import { e2eUsers, signIn } from '../support/users.ts';

// Issue 14: the formula editor's lost saves, wars and tiers that came back wrong, limits on values, and the
// session round trip (sign in from the editor, an expired session, leaving with unsaved changes). Tests that save
// put the demo's formula back.

const SAVED = /saved successfully!$/;

async function save(editor: FormulaPage): Promise<void> {
  await editor.saveButton.click();
  await expect(editor.resultMessage).toHaveText(SAVED);
  await editor.closeResult();
}

/** Signs in through the login page's form, as a person would. */
async function signInWithForm(page: Page): Promise<void> {
  const account = e2eUsers().kingdomAdmin;
  await expect(page).toHaveURL(/\/login\?next=/);
  const form = page.getByRole('form', { name: 'Kingdom Login' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('formula editor: saves that stick', () => {
  test('a save shows when the editor is opened again from the KvK dashboard, and the next save keeps it', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const original = await formulaJson(request, target);
    const session = await signIn(page, 'kingdomAdmin');
    const editor = new FormulaPage(page, target);
    try {
      await editor.open();
      await editor.statInput('T5 Kills').fill('25');
      await save(editor);

      await editor.backButton.click();
      const dashboard = new KdDashboardPage(page, target);
      await expect(dashboard.formulaBanner).toContainText('25');
      await dashboard.editLink.click();
      await expect(editor.statInput('T5 Kills')).toHaveValue('25');

      await editor.statInput('T4 Kills').fill('11');
      await save(editor);
      const stored = await formulaJson(request, target);
      expect(stored.formula.stats_formula['T5-Kills']).toEqual([25, true]);
      expect(stored.formula.stats_formula['T4-Kills']).toEqual([11, true]);
    } finally {
      await restoreFormula(request, session.token, target, original);
    }
  });

  test('deleting every war stays deleted after a save and a reload', async ({ page, request }) => {
    const target = await demoTarget(request);
    const original = await formulaJson(request, target);
    const session = await signIn(page, 'kingdomAdmin');
    const editor = new FormulaPage(page, target);
    try {
      await editor.open('wars');
      await expect(editor.warCards).not.toHaveCount(0);
      while ((await editor.warCards.count()) > 0) {
        await page.getByRole('button', { name: 'Delete War 1', exact: true }).click();
      }
      await save(editor);
      await page.reload();
      await expect(editor.tab('Wars')).toBeVisible();
      await expect(editor.warCards).toHaveCount(0);
      expect((await formulaJson(request, target)).dkpScansSelection).toEqual({ wars: [] });
      // The next save stores no war either.
      await save(editor);
      expect((await formulaJson(request, target)).dkpScansSelection).toEqual({ wars: [] });
    } finally {
      await restoreFormula(request, session.token, target, original);
    }
  });

  test('deleting the last tier never leaves a tier whose To is not above its From', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const original = await formulaJson(request, target);
    const session = await signIn(page, 'kingdomAdmin');
    const editor = new FormulaPage(page, target);
    try {
      await editor.open('goals');
      // 150–10,000M becomes 150–850M, then a tier 850–1,000M follows it.
      await (await editor.showTier(6)).getByRole('button', { name: 'Edit power tier 6' }).click();
      const edit = editor.dialog('Edit Power Tier');
      await edit.getByLabel('To Power').fill('850');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await editor.addTierButton.click();
      const add = editor.dialog('Add New Tier');
      await add.getByLabel('To Power').fill('1000');
      await add.getByRole('button', { name: 'Add Tier' }).click();
      await expect(editor.tierCounter).toHaveText('7/15 tiers');

      await (await editor.showTier(7)).getByRole('button', { name: 'Delete power tier 7' }).click();
      await expect(editor.tierCounter).toHaveText('6/15 tiers');
      // SPEC's "to 150" would make 150M – 150M: the tier takes the deleted tier's To instead.
      await expect((await editor.showTier(6)).getByTestId('tier-range')).toHaveText('150M – 1,000M');
      await save(editor);
      expect((await formulaJson(request, target)).formula.goals.at(-1)).toMatchObject({
        from: 150,
        to: 1000,
      });
    } finally {
      await restoreFormula(request, session.token, target, original);
    }
  });

  test('negative points and goals are refused with the limits', async ({ page, request }) => {
    const target = await demoTarget(request);
    const before = await formulaJson(request, target);
    await signIn(page, 'kingdomAdmin');
    const editor = new FormulaPage(page, target);
    await editor.open();
    await editor.statInput('T4 Kills').fill('-10');
    await editor.tab('Goals').click();
    await (await editor.showTier(1)).getByLabel('DKP Goal', { exact: true }).fill('-200');
    await editor.saveButton.click();
    await expect(editor.resultMessage).toHaveText(
      'Validation Error: Please fix the validation errors before saving.',
    );
    await editor.closeResult();
    await expect(editor.errorList.getByRole('listitem')).toHaveText([
      'T4 Kills must be between 0 and 10,000',
      'Power tier 1: Score Goal must be between 0 and 100,000 %',
    ]);
    expect(await formulaJson(request, target)).toEqual(before);
  });
});

test.describe('formula editor: signing in keeps the draft', () => {
  test('signed out, Sign in goes to the login page and back to the editor with the draft', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const original = await formulaJson(request, target);
    const editor = new FormulaPage(page, target);
    await editor.open('goals');
    await (await editor.showTier(1)).getByLabel('DKP Goal', { exact: true }).fill('123');
    await editor.saveButton.click();
    await editor.dialog('Sign in to save').getByRole('button', { name: 'Sign in' }).click();

    await signInWithForm(page);
    await expect(page).toHaveURL(new RegExp(`/${target.kd}/formula/${target.code}/goals$`));
    await expect(page.getByText('Your unsaved changes are back. Save to keep them.')).toBeVisible();
    await expect((await editor.showTier(1)).getByLabel('DKP Goal', { exact: true })).toHaveValue('123');
    // Nothing was saved on the way.
    expect((await formulaJson(request, target)).formula).toEqual(original.formula);
  });

  test('an expired session while editing offers to sign in and keeps the draft', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const original = await formulaJson(request, target);
    await signIn(page, 'kingdomAdmin');
    const editor = new FormulaPage(page, target);
    await editor.open();
    await editor.statInput('Dead Troops').fill('17');
    // The stored token stops working (expired, or signed out on another device).
    await page.evaluate(() => window.localStorage.setItem('token', 'expired-token'));
    await editor.saveButton.click();
    const dialog = editor.dialog('Your session has expired');
    await expect(dialog).toContainText('Nothing was saved.');
    await dialog.getByRole('button', { name: 'Sign in' }).click();

    await signInWithForm(page);
    await expect(page).toHaveURL(new RegExp(`/${target.kd}/formula/${target.code}$`));
    await expect(editor.statInput('Dead Troops')).toHaveValue('17');
    expect((await formulaJson(request, target)).formula).toEqual(original.formula);
  });

  test('leaving with unsaved changes asks first; staying keeps them, leaving drops them', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const editor = new FormulaPage(page, target);
    await editor.open();
    // Moving between tabs is not leaving.
    await editor.statInput('T4 Kills').fill('12');
    await editor.tab('Goals').click();
    await editor.tab('Formula').click();
    await expect(editor.statInput('T4 Kills')).toHaveValue('12');

    await editor.backButton.click();
    const ask = editor.dialog('Leave without saving?');
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/${target.kd}/formula/${target.code}(/formula)?$`));
    await expect(editor.statInput('T4 Kills')).toHaveValue('12');

    await editor.backButton.click();
    await editor
      .dialog('Leave without saving?')
      .getByRole('button', { name: 'Leave without saving' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${target.kd}/kd-dashboard/${target.code}$`));

    // Without changes nothing is asked.
    await editor.open();
    await editor.backButton.click();
    await expect(page).toHaveURL(new RegExp(`/${target.kd}/kd-dashboard/${target.code}$`));
  });
});
