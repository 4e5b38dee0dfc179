import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { KingdomSettingsPage } from '../pages/KingdomSettingsPage.ts';
import { BASE_URL } from '../support/env.ts';
import { accessCode, perProject, signIn } from '../support/users.ts';

const FIXTURES = new URL('../../fixtures/', import.meta.url).pathname;
const HOH_TEMPLATE = `${FIXTURES}hoh/verified_deaths_template.xlsx`;

test.describe('the per-kingdom settings page', () => {
  test('the kingdom’s admin sees its sections and renames it', async ({ page }) => {
    const session = await signIn(page, 'kingdomAdmin');
    const code = session.kingdoms.find((k) => k.kd === 2101)!.code;
    const settings = new KingdomSettingsPage(page);
    await settings.open(2101, code);
    await settings.expectHeading('Kingdom 2101 settings');
    for (const title of [
      'Kingdom',
      'Access code',
      'Dashboard defaults',
      'Scans',
      'Camps',
      'KvK seasons',
      'Pre-KvK points',
      'Hall of Heroes deaths',
      'Honor points',
      'Rally ingestion token',
      'Upload token',
      'Recent changes',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    }
    await expect(settings.accessCode).toHaveText(code);
    await expect(settings.section('kingdom')).toContainText('governor_stats (kd 2101)');
    await expect(settings.scanRows.first()).toBeVisible();
  });

  test('saves the dashboard defaults and the autarch switch, which the dashboard’s settings call then answers', async ({
    page,
  }, testInfo) => {
    const kd = perProject(testInfo, 2109, 2110);
    const code = await accessCode(page, kd);
    await signIn(page, 'superadmin');
    const settings = new KingdomSettingsPage(page);
    await settings.open(kd, code);
    const defaults = settings.section('defaults');
    await defaults.getByLabel('Default top filter').fill('300');
    const autarch = defaults.getByRole('switch', { name: 'Show the autarch data switch to viewers' });
    const wasOn = (await autarch.getAttribute('aria-checked')) === 'true';
    await autarch.click();
    await defaults.getByRole('button', { name: 'Save defaults' }).click();
    await expect(defaults.getByRole('status')).toHaveText('Settings saved');

    const viewer = await page.request.get(`${BASE_URL}/api/settings/${kd}/${code}`);
    expect((await viewer.json()).defaultTopFilter).toBe(300);
    await page.reload();
    await expect(settings.section('defaults').getByLabel('Default top filter')).toHaveValue('300');
    await expect(settings.section('defaults').getByRole('switch')).toHaveAttribute(
      'aria-checked',
      String(!wasOn),
    );
  });

  test('sets and deletes a camp and a KvK season', async ({ page }, testInfo) => {
    const kd = perProject(testInfo, 2107, 2108);
    const code = await accessCode(page, kd);
    await signIn(page, 'superadmin');
    const settings = new KingdomSettingsPage(page);
    await settings.open(kd, code);

    const camps = settings.section('camps');
    await camps.getByLabel('Camp name').fill('E2E Camp');
    await camps.getByLabel('Kingdoms in the camp').fill('3001, 3002');
    await camps.getByRole('button', { name: 'Save camp' }).click();
    await expect(camps.locator('[data-camp="E2E Camp"]')).toContainText('3001, 3002');
    await camps.getByRole('button', { name: 'Delete camp E2E Camp' }).click();
    await settings.dialog.getByRole('button', { name: 'Delete camp' }).click();
    await expect(camps.locator('[data-camp="E2E Camp"]')).toHaveCount(0);
    // The list refreshes a render before the dialog closes (about 30 ms); until it has, the modal dialog keeps the
    // page behind it inert, and typing into the seasons form would go nowhere.
    await expect(settings.dialog).toHaveCount(0);

    const seasons = settings.section('seasons');
    await seasons.getByLabel('KvK number').fill('90');
    await seasons.getByLabel('Opens (UTC)').fill('2030-01-01T00:00');
    await seasons.getByLabel('Closes (UTC)').fill('2030-01-20T12:00');
    await seasons.getByRole('button', { name: 'Add KvK' }).click();
    await expect(seasons.getByRole('list', { name: 'KvK seasons' })).toContainText(
      '2030-01-01 00:00 UTC → 2030-01-20 12:00 UTC',
    );
    await seasons.getByRole('button', { name: 'Delete KvK 90' }).click();
    await settings.dialog.getByRole('button', { name: 'Delete KvK' }).click();
    await expect(seasons.getByText('KvK 90', { exact: true })).toHaveCount(0);
    await expect(settings.dialog).toHaveCount(0);
    await expect(seasons.getByRole('status')).toHaveText('KvK 90 deleted');
  });

  test('uploads pre-KvK points and honor points, and shows the Hall of Heroes template’s message', async ({
    page,
  }, testInfo) => {
    const kd = perProject(testInfo, 2105, 2106);
    const code = await accessCode(page, kd);
    await signIn(page, 'superadmin');
    const settings = new KingdomSettingsPage(page);
    await settings.open(kd, code);

    const csv = testInfo.outputPath('prekvk.csv');
    writeFileSync(
      csv,
      'governor_id,name,stage1_points,stage2_points,stage3_points\n1001,Alpha,100,200,300\n1002,Beta,5,6,7\n',
    );
    const prekvk = settings.section('prekvk');
    await prekvk.getByLabel('KvK number').fill('91');
    await prekvk.getByLabel('File (CSV or spreadsheet)').setInputFiles(csv);
    await prekvk.getByRole('button', { name: 'Upload' }).click();
    await expect(prekvk.getByRole('status')).toContainText(
      '2 governors saved to the pre-KvK points of KvK 91',
    );
    await expect(prekvk.getByRole('list')).toContainText('KvK 91 · 2 governors');

    const hoh = settings.section('hoh');
    await hoh.getByLabel('KvK number').fill('91');
    await hoh.getByLabel('File (CSV or spreadsheet)').setInputFiles(HOH_TEMPLATE);
    await hoh.getByRole('button', { name: 'Upload' }).click();
    await expect(hoh.getByRole('alert')).toContainText('only example rows');

    // The kingdom's honor sheet (issue 37), for KvK DKP's Honor Points.
    const honorCsv = testInfo.outputPath('honor.csv');
    writeFileSync(honorCsv, 'GovernorID,Name,Honor Points\n1001,Alpha,12500\n');
    const honor = settings.section('honor');
    await honor.getByLabel('KvK number').fill('91');
    await honor.getByLabel('File (CSV or spreadsheet)').setInputFiles(honorCsv);
    await honor.getByRole('button', { name: 'Upload' }).click();
    await expect(honor.getByRole('status')).toContainText('1 governor saved to the honor points of KvK 91');
    await expect(honor.getByRole('list')).toContainText('KvK 91 · 1 governor');
  });

  test('changes the access code: the page moves to the new code and the old link stops working', async ({
    page,
  }, testInfo) => {
    const kd = perProject(testInfo, 2103, 2104);
    const oldCode = await accessCode(page, kd);
    await signIn(page, 'superadmin');
    const settings = new KingdomSettingsPage(page);
    await settings.open(kd, oldCode);
    const section = settings.section('access-code');
    await expect(section).toContainText('stop working');
    // A code the server would refuse is said at once, without asking "Change the access code?" first (issue 41).
    const newCode = section.getByLabel('New code (optional)');
    for (const wrong of ['abc', 'two words']) {
      await newCode.fill(wrong);
      await section.getByRole('button', { name: 'Change access code' }).click();
      await expect(section.getByRole('alert')).toHaveText(
        /^This code cannot be used: it needs 4–64 Latin letters/,
      );
      await expect(newCode).toHaveAttribute('aria-invalid', 'true');
      await expect(settings.dialog).toBeHidden();
    }
    await newCode.fill('');
    await expect(section.getByRole('alert')).toBeHidden();
    await section.getByRole('button', { name: 'Change access code' }).click();
    await expect(settings.dialog).toContainText('stop working');
    await settings.dialog.getByRole('button', { name: 'Change code' }).click();
    await expect(page).not.toHaveURL(new RegExp(`/${oldCode}$`));
    const changedTo = decodeURIComponent(page.url().split('/').pop()!);
    await expect(settings.accessCode).toHaveText(changedTo);
    await expect(page.getByRole('status').filter({ hasText: 'Access code changed' })).toBeVisible();
    expect((await page.request.get(`${BASE_URL}/api/settings/${kd}/${oldCode}`)).status()).toBe(404);
    expect((await page.request.get(`${BASE_URL}/api/settings/${kd}/${changedTo}`)).status()).toBe(200);
  });

  test('creates the rally and upload tokens, shows each once, and revokes the upload token', async ({
    page,
  }, testInfo) => {
    const kd = perProject(testInfo, 2111, 2112);
    const code = await accessCode(page, kd);
    await signIn(page, 'superadmin');
    const settings = new KingdomSettingsPage(page);
    await settings.open(kd, code);
    const section = settings.section('rally-token');
    const button = section.getByRole('button', { name: /Create token|Rotate token/ });
    const rotating = (await button.textContent())?.includes('Rotate');
    await button.click();
    if (rotating) await settings.dialog.getByRole('button', { name: 'Rotate token' }).click();
    await expect(section.getByLabel('New rally ingestion token')).toHaveValue(/^ksr_/);
    await expect(section).toContainText('shown only once');

    const upload = settings.section('upload-token');
    await expect(upload).toContainText(`/api/upload/${kd}/scans`);
    const create = upload.getByRole('button', { name: /Create token|Rotate token/ });
    const rotatingUpload = (await create.textContent())?.includes('Rotate');
    await create.click();
    if (rotatingUpload) await settings.dialog.getByRole('button', { name: 'Rotate token' }).click();
    await expect(upload.getByLabel('New upload token')).toHaveValue(/^ksu_/);
    await upload.getByRole('button', { name: 'Revoke token' }).click();
    await settings.dialog.getByRole('button', { name: 'Revoke token' }).click();
    await expect(upload).toContainText('The upload token is revoked: it no longer works.');
    await expect(upload.getByRole('button', { name: 'Create token' })).toBeVisible();
  });
});
