import { expect, type Locator, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';
import { FormulaPage } from '../pages/FormulaPage.ts';

// The Goals tab on the demo's six percentage tiers (0–25–50–80–120–150–10,000M, dead goals on, KP goals off).

async function tierModal(editor: FormulaPage, n: number): Promise<Locator> {
  const tier = await editor.showTier(n);
  await tier.getByRole('button', { name: `Edit power tier ${n}` }).click();
  const modal = editor.dialog('Edit Power Tier');
  await expect(modal).toBeVisible();
  return modal;
}

async function expectRanges(editor: FormulaPage, ranges: string[]): Promise<void> {
  await expect(editor.tierCounter).toHaveText(`${ranges.length}/15 tiers`);
  for (const [i, range] of ranges.entries()) {
    const tier = await editor.showTier(i + 1);
    await expect(tier.getByTestId('tier-range')).toHaveText(range);
  }
}

test.describe('formula editor: Goals tab', () => {
  test('shows the tiers with their goals; the requirement switches show Dead and KP goals @phone', async ({
    page,
    request,
  }, testInfo) => {
    const editor = new FormulaPage(page, await demoTarget(request));
    await editor.open('goals');
    await expectRanges(editor, [
      '0M – 25M',
      '25M – 50M',
      '50M – 80M',
      '80M – 120M',
      '120M – 150M',
      '150M – 10,000M',
    ]);
    if (testInfo.project.name === 'mobile') {
      // One tier at a time on a phone.
      await expect(editor.tierCards).toHaveCount(1);
      await editor.showTier(1);
      await page.getByRole('button', { name: 'Next tier' }).click();
      await expect(page.getByTestId('carousel-position')).toHaveText('Tier 2 of 6');
    } else {
      await expect(editor.tierCards).toHaveCount(6);
    }
    const tier1 = await editor.showTier(1);
    await expect(tier1.getByLabel('DKP Goal', { exact: true })).toHaveValue('100');
    await expect(tier1.getByLabel('DKP Goal', { exact: true })).toHaveAttribute('step', '0.01');
    await expect(tier1.getByLabel('Dead Goal', { exact: true })).toHaveValue('0.5');
    await expect(tier1.getByLabel('KP Goal', { exact: true })).toHaveCount(0);
    const kp = page.getByRole('switch', { name: 'Add Kill Points Goal' });
    await expect(kp).toHaveAttribute('aria-checked', 'false');
    await kp.click();
    await expect(tier1.getByLabel('KP Goal', { exact: true })).toHaveValue('200');
    await page.getByRole('switch', { name: 'Add Dead Goal' }).click();
    await expect(tier1.getByLabel('Dead Goal', { exact: true })).toHaveCount(0);
  });

  test('Value and Percentage convert each tier at its mid power', async ({ page, request }) => {
    const editor = new FormulaPage(page, await demoTarget(request));
    await editor.open('goals');
    await page.getByRole('button', { name: 'Value', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Value', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Tier 1 (0–25M, mid 12.5M): 100 % → 12.5 → 13M; dead 0.5 % → 0.0625 → 0.06M.
    const tier1 = await editor.showTier(1);
    await expect(tier1.getByLabel('DKP Goal', { exact: true })).toHaveValue('13');
    await expect(tier1.getByLabel('Dead Goal', { exact: true })).toHaveValue('0.06');
    await page.getByRole('button', { name: 'Percentage', exact: true }).click();
    // Back: 13 / 12.5 × 100 = 104 %.
    await expect((await editor.showTier(1)).getByLabel('DKP Goal', { exact: true })).toHaveValue('104');
  });

  test('Edit Power Tier: every message, and the next tier follows', async ({ page, request }) => {
    const editor = new FormulaPage(page, await demoTarget(request));
    await editor.open('goals');
    const modal = await tierModal(editor, 5);
    const from = modal.getByLabel('From Power');
    const to = modal.getByLabel('To Power');
    await expect(from).toHaveValue('120');
    await expect(to).toHaveValue('150');
    const save = modal.getByRole('button', { name: 'Save Changes' });
    const cases: [string, string, string][] = [
      ['', '150', 'From value is required'],
      ['120', '', 'To value is required'],
      ['abc', '150', 'From value must be a number'],
      ['120', 'x', 'To value must be a number'],
      ['120', '100', 'To value must be greater than From value'],
      ['120', '9995', 'To value cannot be more than 9,990M (must leave at least 10M for next tier)'],
    ];
    for (const [f, t, message] of cases) {
      await from.fill(f);
      await to.fill(t);
      await save.click();
      await expect(modal.getByRole('alert')).toHaveText(message);
    }
    await from.fill('120');
    await to.fill('160');
    await save.click();
    await expect(modal).toBeHidden();
    await expectRanges(editor, [
      '0M – 25M',
      '25M – 50M',
      '50M – 80M',
      '80M – 120M',
      '120M – 160M',
      '160M – 10,000M',
    ]);

    const last = await tierModal(editor, 6);
    await last.getByLabel('To Power').fill('10001');
    await last.getByRole('button', { name: 'Save Changes' }).click();
    await expect(last.getByRole('alert')).toHaveText(
      'To value cannot be more than 10,000M (must leave at least 10M for next tier)',
    );
    await last.getByLabel('To Power').fill('200');
    await last.getByRole('button', { name: 'Save Changes' }).click();
    await expect((await editor.showTier(6)).getByTestId('tier-range')).toHaveText('160M – 200M');
  });

  test('Add New Tier: From is fixed, every message, goals inherited, Max Tiers Reached at 15', async ({
    page,
    request,
  }) => {
    const editor = new FormulaPage(page, await demoTarget(request));
    await editor.open('goals');
    // The last tier ends at the 10,000M cap: nothing fits after it.
    await editor.addTierButton.click();
    let modal = editor.dialog('Add New Tier');
    await expect(modal.getByLabel('From Power')).toHaveValue('10000');
    await expect(modal.getByLabel('From Power')).toBeDisabled();
    await modal.getByLabel('To Power').fill('10001');
    await modal.getByRole('button', { name: 'Add Tier' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Maximum power limit is 10,000M');
    await modal.getByRole('button', { name: 'Cancel' }).click();

    const last = await tierModal(editor, 6);
    await last.getByLabel('To Power').fill('200');
    await last.getByRole('button', { name: 'Save Changes' }).click();
    await expect(last).toBeHidden();

    await editor.addTierButton.click();
    modal = editor.dialog('Add New Tier');
    await expect(modal.getByLabel('From Power')).toHaveValue('200');
    const to = modal.getByLabel('To Power');
    const add = modal.getByRole('button', { name: 'Add Tier' });
    for (const [value, message] of [
      ['', 'To value is required'],
      ['abc', 'To value must be a number'],
      ['150', 'To value must be greater than 200M'],
      ['200', 'To value must be greater than 200M'],
      ['20000', 'Maximum power limit is 10,000M'],
    ]) {
      await to.fill(value!);
      await add.click();
      await expect(modal.getByRole('alert')).toHaveText(message!);
    }
    await to.fill('300');
    await to.press('Enter');
    await expect(modal).toBeHidden();
    await expect(editor.tierCounter).toHaveText('7/15 tiers');
    const tier7 = await editor.showTier(7);
    await expect(tier7.getByTestId('tier-range')).toHaveText('200M – 300M');
    await expect(tier7.getByLabel('DKP Goal', { exact: true })).toHaveValue('350');
    await expect(tier7.getByLabel('Dead Goal', { exact: true })).toHaveValue('1.75');

    for (let n = 8; n <= 15; n++) {
      await editor.addTierButton.click();
      await editor
        .dialog('Add New Tier')
        .getByLabel('To Power')
        .fill(String(n * 100));
      await editor.dialog('Add New Tier').getByRole('button', { name: 'Add Tier' }).click();
    }
    await expect(editor.tierCounter).toHaveText('15/15 tiers');
    await expect(editor.addTierButton).toHaveText('Max Tiers Reached');
    await expect(editor.addTierButton).toBeDisabled();
  });

  test('Delete closes the gap: first from 0, middle extends the previous, last ends at 150M', async ({
    page,
    request,
  }) => {
    const editor = new FormulaPage(page, await demoTarget(request));
    await editor.open('goals');
    const remove = async (n: number) =>
      (await editor.showTier(n)).getByRole('button', { name: `Delete power tier ${n}` }).click();
    await remove(1);
    await expectRanges(editor, ['0M – 50M', '50M – 80M', '80M – 120M', '120M – 150M', '150M – 10,000M']);
    await remove(2);
    await expectRanges(editor, ['0M – 80M', '80M – 120M', '120M – 150M', '150M – 10,000M']);
    await remove(4);
    await expectRanges(editor, ['0M – 80M', '80M – 120M', '120M – 150M']);
    await remove(3);
    await expectRanges(editor, ['0M – 80M', '80M – 150M']);
  });

  test('save refuses empty goals with SPEC’s messages', async ({ page, request }) => {
    const editor = new FormulaPage(page, await demoTarget(request));
    await editor.open('goals');
    const tier2 = await editor.showTier(2);
    await tier2.getByLabel('DKP Goal', { exact: true }).fill('');
    await tier2.getByLabel('Dead Goal', { exact: true }).fill('');
    await page.getByRole('switch', { name: 'Add Kill Points Goal' }).click();
    await (await editor.showTier(2)).getByLabel('KP Goal', { exact: true }).fill('');
    await editor.saveButton.click();
    await expect(editor.resultMessage).toHaveText(
      'Validation Error: Please fix the validation errors before saving.',
    );
    await editor.closeResult();
    await expect(editor.errorList.getByRole('listitem')).toHaveText([
      'Power tier 2: Score Goal cannot be empty',
      'Power tier 2: Dead Goal cannot be empty when Dead Troops Requirements are enabled',
      'Power tier 2: KP Goal cannot be empty when Kill Points Requirements are enabled',
    ]);
    // Any edit clears the list.
    await page.getByRole('switch', { name: 'Add Kill Points Goal' }).click();
    await expect(editor.errorList).toBeHidden();
  });
});
