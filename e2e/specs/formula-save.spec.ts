import { expect, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';
import { FormulaPage, formulaJson, isFormulaCall } from '../pages/FormulaPage.ts';
import { BASE_URL } from '../support/env.ts';
import { signIn } from '../support/users.ts';

// Save and reset against the real server: signed out they are refused with the server's message; an admin of the
// kingdom saves; a superadmin resets, and the test puts the demo formula back afterwards.

test.describe('formula editor: save and reset', () => {
  test('signed out, save and reset show the server’s refusal', async ({ page, request }) => {
    const target = await demoTarget(request);
    const original = await formulaJson(request, target);
    const refusal = await request.post(`${BASE_URL}/api/formula/save`, {
      data: { passed_data: { kdnumber: String(target.kd), code: target.code, data: original.formula } },
    });
    expect(refusal.status()).toBe(401);
    const { message } = (await refusal.json()) as { message: string };
    expect(message).not.toBe('');
    // Signed out, the editor does not send the save: it offers to sign in instead (issue 14).
    const editor = new FormulaPage(page, target);
    await editor.open();
    await editor.saveButton.click();
    const signIn = editor.dialog('Sign in to save');
    await expect(signIn).toContainText('Only an admin of this kingdom can save its formula.');
    await signIn.getByRole('button', { name: 'Keep editing' }).click();
    await expect(signIn).toBeHidden();

    await editor.resetButton.click();
    const confirm = editor.dialog('Reset to Default');
    await confirm.getByRole('button', { name: 'Reset to Default' }).click();
    await expect(editor.resultMessage).toHaveText(/^Failed to reset formula: .+/);
  });

  test('the kingdom’s admin saves the formula and its wars', async ({ page, request }) => {
    const target = await demoTarget(request);
    await signIn(page, 'kingdomAdmin');
    const editor = new FormulaPage(page, target);
    await editor.open();
    const saved = page.waitForRequest((call) => call.url().endsWith('/api/formula/save'));
    await editor.saveButton.click();
    const body = (await saved).postDataJSON() as {
      passed_data: {
        kdnumber: string;
        code: string;
        data: { goals: unknown[] };
        warsConfig: { wars: unknown[] };
      };
    };
    expect(body.passed_data.kdnumber).toBe(String(target.kd));
    expect(body.passed_data.code).toBe(target.code);
    expect(body.passed_data.data.goals).toHaveLength(6);
    expect(body.passed_data.warsConfig.wars).toHaveLength(2);
    await expect(editor.resultMessage).toHaveText('Formula and 2 wars saved successfully!');
    await editor.closeResult();
  });

  test('a superadmin resets to the default, the editor reloads; the demo formula is then restored', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const original = await formulaJson(request, target);
    const session = await signIn(page, 'superadmin');
    const editor = new FormulaPage(page, target);
    await editor.open('wars');
    await expect(editor.warCards).toHaveCount(2);
    try {
      await editor.resetButton.click();
      const reloaded = page.waitForResponse((answer) => isFormulaCall(new URL(answer.url())));
      await editor.dialog('Reset to Default').getByRole('button', { name: 'Reset to Default' }).click();
      await expect(editor.resultMessage).toHaveText('Formula reset successfully!');
      await reloaded;
      await editor.closeResult();
      // No saved wars any more: the default is one war over the whole KvK.
      await expect(editor.warCards).toHaveCount(1);
      await expect(editor.warCards.first()).toContainText(original.dates[0]!.scan_name);
    } finally {
      const wars = original.dkpScansSelection === 'none' ? [] : original.dkpScansSelection.wars;
      const answer = await request.post(`${BASE_URL}/api/formula/save`, {
        headers: { authorization: `Bearer ${session.token}` },
        data: {
          passed_data: {
            kdnumber: String(target.kd),
            code: target.code,
            data: original.formula,
            warsConfig: wars.length > 0 ? { base: wars[0]!.before, wars } : null,
          },
        },
      });
      expect(answer.status()).toBe(200);
    }
  });

  test('on a phone a floating save bar comes with something to save, follows the page and hides near the bottom @phone', async ({
    page,
    request,
  }, testInfo) => {
    const target = await demoTarget(request);
    const editor = new FormulaPage(page, target);
    // Signed out there is nothing to save from the floating bar (issue 41): only the bottom Save with its sign-in.
    await editor.open();
    await expect(editor.saveButton).toBeVisible();
    await expect(editor.floatingSave).toHaveCount(0);
    await signIn(page, 'kingdomAdmin');
    await editor.open();
    if (testInfo.project.name !== 'mobile') {
      await expect(editor.floatingSave).toHaveCount(0);
      return;
    }
    // Issue 41: nothing covers the inputs on first view (the bar sat on T5 Kills); it comes with something to save.
    await expect(editor.floatingSave).toHaveCount(0);
    await editor.statInput('T1 Kills').fill('2');
    await expect(editor.floatingSave).toBeVisible();
    await expect(editor.floatingSave).toHaveText('Save + 2');
    const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
    const heightWithButton = await pageHeight();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(editor.floatingSave).toHaveCount(0);
    // The page keeps its height as the button hides: nothing slides under a finger tapping near the bottom.
    expect(await pageHeight()).toBe(heightWithButton);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(editor.floatingSave).toBeVisible();
  });

  test('an admin of another kingdom reads the formula without Save or Reset', async ({ page, request }) => {
    const target = await demoTarget(request);
    const session = await signIn(page, 'kingdomAdmin');
    // The same account as an admin of another kingdom only: the server would refuse its save with 403.
    await page.evaluate(
      (user) => window.localStorage.setItem('user', JSON.stringify({ ...user, kingdoms: [99_999] })),
      session.user,
    );
    const editor = new FormulaPage(page, target);
    await editor.open();
    await expect(page.getByTestId('formula-read-only')).toBeVisible();
    await expect(editor.saveButton).toHaveCount(0);
    await expect(editor.resetButton).toHaveCount(0);
    await expect(editor.statInput('T5 Kills')).toBeDisabled();
  });
});
