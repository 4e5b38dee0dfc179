import { expect, type Page, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';
import { type FormulaJson, FormulaPage, formulaJson, isFormulaCall } from '../pages/FormulaPage.ts';

// The Wars tab on the demo's two saved wars.

function scanOf(map: Record<string, number>, json: FormulaJson) {
  const [, timestamp] = Object.entries(map)[0]!;
  return json.dates.find((d) => d.timestamp === timestamp)!;
}

async function answerWith(page: Page, change: (body: FormulaJson) => void): Promise<void> {
  await page.route(isFormulaCall, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as FormulaJson;
    change(body);
    await route.fulfill({ response, json: body });
  });
}

test.describe('formula editor: Wars tab', () => {
  test('cards show the saved wars; Add War checks the selection and fills the rest of the KvK @phone', async ({
    page,
    request,
  }, testInfo) => {
    const target = await demoTarget(request);
    const json = await formulaJson(request, target);
    const saved = json.dkpScansSelection === 'none' ? [] : json.dkpScansSelection.wars;
    expect(saved).toHaveLength(2);
    const editor = new FormulaPage(page, target);
    await editor.open('wars');
    await expect(editor.warCards).toHaveCount(2);
    for (const [i, war] of saved.entries()) {
      const card = editor.warCards.nth(i);
      await expect(card.getByRole('heading')).toHaveText(`War ${i + 1}`);
      const before = scanOf(war.before, json);
      const after = scanOf(war.after, json);
      await expect(card).toContainText(before.scan_name);
      await expect(card).toContainText(before.display);
      await expect(card).toContainText(after.scan_name);
      await expect(card).toContainText(after.display);
    }
    const mobile = testInfo.project.name === 'mobile';
    await expect(editor.saveButton).toHaveText(mobile ? 'Save + 2' : 'Save Formula + 2 War(s)');
    await expect(editor.warsBanner).toHaveCount(0);

    const secondEnd = scanOf(saved[1]!.after, json);
    const last = json.dates.at(-1)!;
    await page.getByRole('button', { name: 'Add War' }).click();
    const modal = editor.dialog('Add War');
    const before = modal.getByLabel('Before War Scan');
    const after = modal.getByLabel('After War Scan');
    // Only scans at or after the last war's end are offered (plus the placeholder).
    const offered = json.dates.filter((d) => d.timestamp >= secondEnd.timestamp);
    await expect(before.locator('option')).toHaveCount(offered.length + 1);
    const submit = modal.getByRole('button', { name: 'Add War' });
    await submit.click();
    await expect(modal.getByRole('alert')).toHaveText('Please select both before and after scans');
    await before.selectOption(String(last.timestamp));
    await after.selectOption(String(secondEnd.timestamp));
    await submit.click();
    await expect(modal.getByRole('alert')).toHaveText(
      'Before scan must be earlier than or equal to after scan',
    );
    await before.selectOption(String(secondEnd.timestamp));
    await after.selectOption(String(secondEnd.timestamp));
    await submit.click();
    await expect(modal.getByRole('alert')).toHaveText('Before scan must be earlier than after scan');
    await after.selectOption(String(last.timestamp));
    await submit.click();
    await expect(modal).toBeHidden();
    await expect(editor.warCards).toHaveCount(3);
    await expect(editor.warCards.nth(2).getByRole('heading')).toHaveText('War 3');
    await expect(editor.warsBanner).toHaveText(
      'The entire KVK period has been covered - no additional wars can be created.',
    );
    await expect(page.getByRole('button', { name: 'Add War' })).toBeDisabled();
    await expect(editor.saveButton).toHaveText(mobile ? 'Save + 3' : 'Save Formula + 3 War(s)');
  });

  test('Edit War refuses an overlap; Delete renumbers', async ({ page, request }) => {
    const target = await demoTarget(request);
    const json = await formulaJson(request, target);
    const saved = json.dkpScansSelection === 'none' ? [] : json.dkpScansSelection.wars;
    const editor = new FormulaPage(page, target);
    await editor.open('wars');
    await page.getByRole('button', { name: 'Edit War 2' }).click();
    const modal = editor.dialog('Edit War');
    await expect(modal.getByLabel('Before War Scan')).toHaveValue(
      String(scanOf(saved[1]!.before, json).timestamp),
    );
    await modal.getByLabel('Before War Scan').selectOption(String(scanOf(saved[0]!.before, json).timestamp));
    await modal.getByRole('button', { name: 'Save War' }).click();
    await expect(modal.getByRole('alert')).toHaveText(
      'This war overlaps with War 1. Wars must be in chronological order with no overlapping periods.',
    );
    await modal.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete War 1' }).click();
    await expect(editor.warCards).toHaveCount(1);
    await expect(editor.warCards.first().getByRole('heading')).toHaveText('War 1');
    await expect(editor.warCards.first()).toContainText(scanOf(saved[1]!.before, json).scan_name);
  });

  test('an incomplete war shows Not set, keeps the plain save label and is refused on save', async ({
    page,
    request,
  }) => {
    const editor = new FormulaPage(page, await demoTarget(request));
    await answerWith(page, (body) => {
      if (body.dkpScansSelection !== 'none') body.dkpScansSelection.wars[1]!.after = {};
    });
    await editor.open('wars');
    await expect(editor.warCards.nth(1)).toContainText('Not set');
    await expect(editor.saveButton).toHaveText(/^Save( Formula)?$/);
    await editor.saveButton.click();
    await editor.closeResult();
    await expect(editor.errorList.getByRole('listitem')).toHaveText([
      'Some wars are missing start or end dates. Please complete all wars before saving.',
    ]);
  });

  test('the banners: no scans, one scan, eight wars', async ({ page, request }) => {
    const target = await demoTarget(request);
    const editor = new FormulaPage(page, target);
    let variant: 'none' | 'one' | 'eight' = 'none';
    await answerWith(page, (body) => {
      body.dkpScansSelection = 'none';
      if (variant === 'none') body.dates = [];
      if (variant === 'one') body.dates = body.dates.slice(0, 1);
      if (variant === 'eight') {
        const d = body.dates;
        body.dkpScansSelection = {
          wars: Array.from({ length: 8 }, (_, i) => ({
            before: { [d[i]!.scan_name]: d[i]!.timestamp },
            after: { [d[i + 1]!.scan_name]: d[i + 1]!.timestamp },
          })),
        };
      }
    });
    await editor.open('wars');
    await expect(editor.warsBanner).toHaveText('No available scans remaining');
    await expect(page.getByRole('button', { name: 'Add War' })).toBeDisabled();
    variant = 'one';
    await page.reload();
    await expect(editor.warsBanner).toHaveText('Only 1 scan remaining');
    variant = 'eight';
    await page.reload();
    await expect(editor.warCards).toHaveCount(8);
    const json = await formulaJson(request, target);
    const usable = json.dates.length - 8;
    await expect(editor.warsBanner).toHaveText(`${usable} scans available but cannot add wars`);
    await expect(page.getByRole('button', { name: 'Add War' })).toBeDisabled();
  });
});
