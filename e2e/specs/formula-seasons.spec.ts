import { expect, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';
import { FormulaPage } from '../pages/FormulaPage.ts';
import { signIn } from '../support/users.ts';

// Rules belong to a season (docs/dkp.md, "Each season's rules"): the editor names the season it edits, opens on the
// current one, switches to a past one by its select, and asks before a past season's save. Nothing is saved here.

test('the editor edits one season’s rules, the current by default; a past season asks first @phone', async ({
  page,
  request,
}, testInfo) => {
  const target = await demoTarget(request);
  await signIn(page, 'kingdomAdmin');
  const editor = new FormulaPage(page, target);
  await editor.open();
  const select = page.getByLabel('Season whose rules you edit');
  await expect(select.locator('option:checked')).toHaveText('KvK 7 (current)');
  await expect(page.getByTestId('formula-past-season')).toHaveCount(0);

  const reloaded = page.waitForResponse(
    (answer) => answer.url().includes('/formula/') && answer.url().includes('season=6'),
  );
  await select.selectOption({ label: 'KvK 6' });
  await reloaded;
  await expect(page).toHaveURL(/[?&]season=6/);
  await expect(page.getByTestId('formula-past-season')).toHaveText(
    'KvK 6 is over: changing its rules recomputes its DKP and ranks.',
  );
  await page.screenshot({ path: testInfo.outputPath('formula-past-season.png'), fullPage: false });

  let saves = 0;
  page.on('request', (call) => {
    if (call.url().endsWith('/api/formula/save')) saves += 1;
  });
  await editor.saveButton.click();
  const confirm = editor.dialog('Change the rules of KvK 6?');
  await expect(confirm).toContainText('Its DKP and ranks will be recomputed.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(saves).toBe(0);
});
