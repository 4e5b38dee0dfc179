import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DataReviewPage } from '../pages/DataReviewPage.ts';
import { BASE_URL } from '../support/env.ts';
import { perProject, signIn } from '../support/users.ts';

// The data review's tools (issue 12, docs/data-review.md): filters and paging in the address, the CSV round trip,
// the data-quality settings and the re-check, at 1366 and 375 px. Each project makes a kingdom of its own with two
// scans: every governor's dead lost its last digit in the second (60 digit misreads) and Ayla's T4 kills went down
// (a decreased counter), so there are 61 flags, two pages.

const GOVERNORS = 60;
const AYLA = 7_000_001;

function scanCsv(second: boolean): string {
  const lines = ['governor_id,name,power,kill points,t4 kills,t5 kills,deads'];
  for (let i = 1; i <= GOVERNORS; i++) {
    const dead = 500_000 + i * 1_000;
    const t4 = 1_000_000 + i * 10_000;
    const name = i === 1 ? 'Ayla Test' : `Gov ${String(i).padStart(2, '0')}`;
    const row = second
      ? [
          7_000_000 + i,
          name,
          20_000_000 + i,
          30_000_000 + i,
          i === 1 ? 900_000 : t4 + 5_000,
          50_000,
          Math.floor((dead + 500) / 10),
        ]
      : [7_000_000 + i, name, 20_000_000 + i, 30_000_000 + i, t4, 50_000, dead];
    lines.push(row.join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function makeKingdom(
  page: Page,
  kd: number,
  code: string,
): Promise<{ headers: Record<string, string>; scanId: number }> {
  const session = await signIn(page, 'superadmin');
  const headers = { authorization: `Bearer ${session.token}` };
  const created = await page.request.post(`${BASE_URL}/api/admin/kingdoms`, {
    headers,
    data: { kd, code, name: 'Review tools' },
  });
  expect(created.status()).toBe(201);
  let scanId = 0;
  for (const [index, at] of ['2026-05-01T00:00:00Z', '2026-05-08T00:00:00Z'].entries()) {
    const upload = await page.request.post(
      `${BASE_URL}/api/admin/kingdoms/${kd}/${code}/scans?fileName=tools-${index + 1}.csv&at=${at}`,
      {
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        data: Buffer.from(scanCsv(index === 1)),
      },
    );
    expect(upload.status()).toBe(200);
    const answer = (await upload.json()) as { file: { scans: { scanId: number }[] } };
    scanId = answer.file.scans[0]?.scanId ?? 0;
  }
  return { headers, scanId };
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('filters, pages, the CSV round trip, the settings and the re-check @phone', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const kd = perProject(testInfo, 2186, 2187);
  const code = `review-tools-${kd}`;
  const { scanId } = await makeKingdom(page, kd, code);
  const review = new DataReviewPage(page);
  await review.open(kd, code);
  const section = review.review;
  const paging = section.getByRole('navigation', { name: 'Flag pages' });

  // Every open flag, two pages (the first answer can take a while on a busy machine).
  await expect(paging).toContainText('1–50 of 61', { timeout: 20_000 });
  await expect(review.flagList.getByRole('listitem')).toHaveCount(50);
  await section.getByRole('button', { name: 'Next' }).click();
  await expect(paging).toContainText('51–61 of 61');
  await expect(page).toHaveURL(/[?&]page=2(&|#|$)/);
  await expect(review.flagList.getByRole('listitem')).toHaveCount(11);
  // Page 2 starts at the top of the list, in view.
  await expect(review.flagList.getByRole('listitem').first()).toBeInViewport();
  await noSidewaysScroll(page);
  await page.screenshot({
    path: testInfo.outputPath(`review-page-2-${testInfo.project.name}.png`),
    fullPage: false,
  });

  // A filter starts again at page 1 and is in the address; the check in plain words.
  await section
    .getByRole('combobox', { name: 'Check' })
    .selectOption({ label: 'A lifetime counter went down' });
  await expect(paging).toContainText('1–1 of 1');
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page).toHaveURL(/check=counter_decreased/);
  await expect(review.flagList.getByRole('listitem')).toHaveCount(1);
  await expect(review.flagList).toContainText('Ayla Test');

  // The CSV of this filter holds exactly that flag.
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`review-${kd}-open.csv`);
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv).toHaveLength(2);
  expect(csv[0]).toMatch(/^scan,governor_id,field,value,reason,suggested/);
  expect(csv[1]).toMatch(new RegExp(`^${scanId},${AYLA},t4_kills,900000,`));

  // Governor search (debounced): by name, by ID, and one that matches nothing.
  await section.getByRole('combobox', { name: 'Check' }).selectOption({ label: 'Every check' });
  const search = section.getByRole('searchbox', { name: 'Governor' });
  await search.fill('gov 0');
  await expect(paging).toContainText('1–8 of 8');
  // Typing keeps the reader where they are.
  await expect(search).toBeInViewport();
  await expect(page).toHaveURL(/governor=gov/);
  await search.fill(String(AYLA + 59));
  await expect(paging).toContainText('1–1 of 1');
  await expect(review.flagList).toContainText('Gov 60');
  await search.fill('nobody here');
  await expect(section.getByText('No flags match these filters.')).toBeVisible();
  await search.fill('');
  await expect(paging).toContainText('1–50 of 61');

  // Keyboard: the filters follow each other in tab order.
  await section.getByRole('combobox', { name: 'Check' }).focus();
  await page.keyboard.press('Tab');
  await expect(section.getByRole('combobox', { name: 'Scan' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(search).toBeFocused();

  // Upload: a refused file says which row and column, and changes nothing; a good one applies the correction.
  const upload = section.getByRole('form', { name: 'Upload corrections CSV' });
  await upload.getByLabel('Corrections CSV').setInputFiles({
    name: 'bad.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`scan,governor_id,field,value\n${scanId},999,t4_kills,5\n`),
  });
  await upload.getByRole('button', { name: 'Upload corrections CSV' }).click();
  await expect(section.getByRole('alert')).toContainText('bad.csv: row 2, column "governor_id"');
  await upload.getByLabel('Corrections CSV').setInputFiles({
    name: 'fixes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`scan,governor_id,field,value,reason\n${scanId},${AYLA},t4_kills,1015000,misread\n`),
  });
  await upload.getByRole('button', { name: 'Upload corrections CSV' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'fixes.csv' })).toContainText(
    '1 correction applied from fixes.csv (1 applied, 0 unchanged)',
  );
  await expect(paging).toContainText('1–50 of 60');
  await expect(review.corrections).toContainText('900,000 → 1,015,000');

  // Settings: collapsed at first; turning the counter checks off and re-checking removes their open flags and keeps
  // the corrected one; turning them on again brings the 60 back.
  const settings = section.getByRole('group').filter({ hasText: 'Checks the import runs' });
  await expect(settings).toBeHidden();
  await section.locator('summary', { hasText: 'Data-quality settings' }).click();
  const form = section.getByRole('form', { name: 'Data-quality settings' });
  await expect(form.getByLabel('Smallest power change flagged')).toHaveValue('3000000');
  await expect(form).toContainText('Default 3,000,000');
  await form.getByLabel('A digit lost or misread (3↔8, 1↔7, 5↔6, 0↔8)').uncheck();
  await form.getByLabel('A lifetime counter went down').uncheck();
  await form.getByLabel('Largest power change per day (%)').fill('900');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByRole('alert')).toContainText(/max power change per day/i);
  await form.getByLabel('Largest power change per day (%)').fill('50');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByRole('status')).toContainText('they apply to the next imports');
  await expect(paging).toContainText('1–50 of 60');
  await noSidewaysScroll(page);
  await form.getByRole('button', { name: 'Re-check stored scans' }).click();
  await expect(form.getByRole('status')).toContainText(
    '0 values to review; 0 flags added, 60 flags no longer found',
  );
  await expect(section.getByText('No values to review')).toBeVisible();
  await section.getByRole('button', { name: /^Corrected/ }).click();
  await expect(review.flagList).toContainText('Ayla Test');

  await form.getByLabel('A digit lost or misread (3↔8, 1↔7, 5↔6, 0↔8)').check();
  await form.getByLabel('A lifetime counter went down').check();
  // Dead checked at low sensitivity: a lost last digit (a tenth of the value) is still far beyond its 1 %.
  const deadLevel = form.getByLabel('Dead: how closely it is checked', { exact: true });
  await expect(deadLevel).toHaveValue('normal');
  await deadLevel.selectOption('low');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByRole('status')).toContainText('they apply to the next imports');
  await form.getByRole('button', { name: 'Re-check stored scans' }).click();
  await expect(form.getByRole('status')).toContainText(
    '60 values to review; 60 flags added, 0 flags no longer found',
  );
  await section.getByRole('button', { name: /^To review/ }).click();
  await expect(paging).toContainText('1–50 of 60');
  // The kingdom's recent changes say what was done, in words.
  await page.reload();
  const changes = review.section('recent-changes');
  await expect(changes).toContainText('Stored scans re-checked', { timeout: 20_000 });
  await expect(changes).toContainText('Data-quality settings saved');
  await expect(changes).toContainText('Value corrected');
  await section.locator('summary', { hasText: 'Data-quality settings' }).click();
  await expect(form.getByLabel('Dead: how closely it is checked', { exact: true })).toHaveValue('low');
  await page.screenshot({
    path: testInfo.outputPath(`review-settings-${testInfo.project.name}.png`),
    fullPage: true,
  });
});
