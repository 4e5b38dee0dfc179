import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { KingdomSettingsPage } from '../pages/KingdomSettingsPage.ts';
import { accessCode, perProject, signIn } from '../support/users.ts';

const FIXTURES = new URL('../../fixtures/scans/', import.meta.url).pathname;
const START_XLSX = 'TOP60-2026-10-01-kd1234-start-[a1b2c3].xlsx';
const END_CSV = 'TOP60-2026-10-10-kd1234-end-[d4e5f6].csv';
const NOT_A_SPREADSHEET = 'not-a-spreadsheet.xlsx';
const LEGACY_XLS = 'TOP10-2021-12-25-1253.xls';
const files = [
  `${FIXTURES}roktracker/${START_XLSX}`,
  `${FIXTURES}roktracker/${END_CSV}`,
  `${FIXTURES}roktracker/bad/${NOT_A_SPREADSHEET}`,
];

/** The settings page as superadmin, on a demo kingdom no other spec reads; desktop and mobile each have their own. */
async function openSettings(page: Page, testInfo: TestInfo): Promise<KingdomSettingsPage> {
  const kd = perProject(testInfo, 2111, 2112);
  const code = await accessCode(page, kd);
  await signIn(page, 'superadmin');
  const settings = new KingdomSettingsPage(page);
  await settings.open(kd, code);
  return settings;
}

test.describe('uploading scans in the per-kingdom settings page', () => {
  test('several files at once: a result per file, a refused file changes nothing, re-uploads are recognised', async ({
    page,
  }, testInfo) => {
    const settings = await openSettings(page, testInfo);
    await expect(settings.scans).toBeVisible();
    const before = await settings.scanRows.count();

    await settings.scans.getByLabel('Scanner files', { exact: true }).setInputFiles(files);
    const chosen = settings.scans.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');
    await expect(chosen).toHaveCount(3);
    await expect(settings.scans.getByLabel('Scan time (UTC, optional)')).toBeDisabled();
    await settings.scans.getByRole('button', { name: 'Upload 3 files' }).click();

    await expect(settings.uploadResult(START_XLSX)).toContainText('60 governors imported');
    await expect(settings.uploadResult(START_XLSX)).toContainText('kd1234-start');
    await expect(settings.uploadResult(START_XLSX)).toContainText('Time from the sheet name');
    // RokTracker reads no heals: the results say which columns the dashboard will show as '-', once for both files
    // that lack them, naming them, rather than once in each file's result (issue 41 item 10).
    const warnings = settings.scans.locator('[data-upload-warning]');
    await expect(warnings).toHaveCount(1);
    await expect(warnings).toContainText('Warning: this file has no');
    await expect(warnings).toContainText(`In 2 files: ${START_XLSX} and ${END_CSV}`);
    await expect(settings.uploadResult(START_XLSX)).not.toContainText('Warning');
    await expect(settings.uploadResult(END_CSV)).toContainText('imported');
    await expect(settings.uploadResult(END_CSV)).toContainText('kd1234-end');
    await expect(settings.uploadResult(NOT_A_SPREADSHEET).getByRole('alert')).toContainText(
      'Refused: is not a readable xlsx file',
    );
    await expect(settings.scanRow('kd1234-start')).toContainText('60 rows');
    await expect(settings.scanRows).toHaveCount(before + 2);
    await expect(settings.scans.getByRole('button', { name: 'Upload scan' })).toBeEnabled();

    // The same file again: nothing changes, and the result says so.
    await settings.uploadScans(`${FIXTURES}roktracker/${START_XLSX}`);
    await expect(settings.uploadResult(START_XLSX)).toContainText('already imported');
    await expect(settings.scanRows).toHaveCount(before + 2);

    // Kingdom 1253's file, now that the kingdom has scans of its own governors: the form asks first.
    await settings.uploadScans(`${FIXTURES}roktracker-legacy/${LEGACY_XLS}`);
    const question = settings.scans.getByRole('status').filter({ hasText: 'Is this kingdom' });
    await expect(question).toContainText(
      `${LEGACY_XLS}: 10 of 10 governors (100%) were never seen in kingdom ${perProject(testInfo, 2111, 2112)}`,
    );
    await expect(settings.uploadResult(LEGACY_XLS)).toContainText(
      'Not imported yet: answer the question above.',
    );
    await page.screenshot({ path: testInfo.outputPath(`upload-question-${testInfo.project.name}.png`) });
    await question.getByRole('button', { name: "Don't import" }).click();
    await expect(settings.uploadResult(LEGACY_XLS)).toContainText(
      'Not imported: most of its governors were never seen in this kingdom.',
    );
    await expect(settings.scanRows).toHaveCount(before + 2);
    await settings.uploadScans(`${FIXTURES}roktracker-legacy/${LEGACY_XLS}`);
    await settings.scans.getByRole('button', { name: 'Import it anyway' }).click();
    await expect(settings.uploadResult(LEGACY_XLS)).toContainText('10 governors imported');
    await expect(settings.scanRows).toHaveCount(before + 3);
    await settings.scanRows
      .filter({ hasText: '2021-12-25' })
      .getByRole('button', { name: /^Delete scan/ })
      .click();
    await settings.dialog.getByRole('button', { name: 'Delete scan' }).click();
    await expect(settings.scanRows).toHaveCount(before + 2);

    // Rename the end scan, then delete the start scan.
    await settings
      .scanRow('kd1234-end')
      .getByRole('button', { name: /^Rename scan kd1234-end/ })
      .click();
    const nameInput = settings.scans.getByRole('form', { name: 'Rename scan' }).getByRole('textbox');
    await expect(nameInput).toBeFocused();
    await nameInput.fill('End of pass 4');
    await settings.scans.getByRole('button', { name: 'Save' }).click();
    await expect(settings.scanRow('End of pass 4')).toContainText('2026-10-10');
    await expect(settings.scanRow('kd1234-end')).toHaveCount(0);

    await settings
      .scanRow('kd1234-start')
      .getByRole('button', { name: /^Delete scan kd1234-start/ })
      .click();
    await expect(settings.dialog).toContainText('Delete the scan kd1234-start');
    await settings.dialog.getByRole('button', { name: 'Delete scan' }).click();
    await expect(settings.dialog).toHaveCount(0);
    await expect(settings.scanRow('kd1234-start')).toHaveCount(0);
    await settings
      .scanRow('End of pass 4')
      .getByRole('button', { name: /^Delete scan/ })
      .click();
    await settings.dialog.getByRole('button', { name: 'Delete scan' }).click();
    await expect(settings.dialog).toHaveCount(0);
    await expect(settings.scanRows).toHaveCount(before);
    await expect(settings.section('recent-changes')).toContainText('Scan deleted');
  });

  test('a legacy .xls scan, as the original RokTracker saves it, is imported with its time', async ({
    page,
  }, testInfo) => {
    const settings = await openSettings(page, testInfo);
    const before = await settings.scanRows.count();
    await settings.uploadScans(`${FIXTURES}roktracker-legacy/${LEGACY_XLS}`);
    await expect(settings.uploadResult(LEGACY_XLS)).toContainText('10 governors imported');
    await expect(settings.uploadResult(LEGACY_XLS)).toContainText('Time from the sheet name');
    await expect(settings.scanRows).toHaveCount(before + 1);
    const row = settings.scanRows.filter({ hasText: '2021-12-25' });
    await expect(row).toContainText('10 rows');
    await row.getByRole('button', { name: /^Delete scan/ }).click();
    await settings.dialog.getByRole('button', { name: 'Delete scan' }).click();
    await expect(settings.scanRows).toHaveCount(before);
  });

  test('a file with several bad rows lists each row to fix, and imports nothing', async ({
    page,
  }, testInfo) => {
    const settings = await openSettings(page, testInfo);
    const before = await settings.scanRows.count();
    const fileName = 'TOP10-2026-10-03-kd1234-typos.csv';
    const bad = Array.from({ length: 6 }, (_, i) => `${i + 4},D${i},bad`);
    const rows = ['ID,Name,Power', '1,A,abc', '2,B,5', '3,C,x', ...bad];
    await settings.scans
      .getByLabel('Scanner files', { exact: true })
      .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(`${rows.join('\n')}\n`) });
    await settings.scans.getByRole('button', { name: 'Upload scan' }).click();
    const result = settings.uploadResult(fileName);
    await expect(result.getByRole('alert')).toContainText('Refused: 8 rows cannot be imported as they are:');
    const listed = result.getByRole('list', { name: 'Rows to fix' }).getByRole('listitem');
    await expect(listed).toHaveCount(5);
    await expect(listed.first()).toHaveText('Row 2, column "Power": "abc" is not a number');
    await expect(listed.nth(1)).toHaveText('Row 4, column "Power": "x" is not a number');
    await expect(result).toContainText('And 3 more rows');
    await expect(settings.scanRows).toHaveCount(before);
  });

  test('a file of 0 bytes is said to be empty, and is not sent', async ({ page }, testInfo) => {
    const settings = await openSettings(page, testInfo);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/scans')) sent.push(request.url());
    });
    const fileName = 'TOP10-2026-10-04-kd1234-empty.csv';
    await settings.scans
      .getByLabel('Scanner files', { exact: true })
      .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.alloc(0) });
    await settings.scans.getByRole('button', { name: 'Upload scan' }).click();
    await expect(settings.uploadResult(fileName).getByRole('alert')).toContainText(
      `${fileName} is empty (0 bytes): nothing to import.`,
    );
    expect(sent).toEqual([]);
  });

  test('a file chosen by mistake can be taken out before uploading', async ({ page }, testInfo) => {
    const settings = await openSettings(page, testInfo);
    await settings.scans.getByLabel('Scanner files', { exact: true }).setInputFiles(files.slice(0, 2));
    await settings.scans.getByRole('button', { name: `Remove ${END_CSV}` }).click();
    const chosen = settings.scans.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');
    await expect(chosen).toHaveCount(1);
    await expect(chosen).toContainText(START_XLSX);
    await expect(settings.scans.getByRole('button', { name: 'Upload scan' })).toBeVisible();
    await expect(settings.scans.getByLabel('Scan time (UTC, optional)')).toBeEnabled();
  });
});
