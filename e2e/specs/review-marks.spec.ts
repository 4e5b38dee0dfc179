import { expect, test } from '@playwright/test';
import { DashboardPage, isDataCall } from '../pages/DashboardPage.ts';
import { BASE_URL } from '../support/env.ts';
import { accessCode, signIn } from '../support/users.ts';

// Viewers see which rows rest on a value under review (issue 12 item 4, docs/data-review.md "Marks"): the demo
// kingdom's latest scan holds misreads the import flagged, and the default period ends at that scan.

test('the player table marks a governor whose gains rest on a value under review, and says why', async ({
  page,
}) => {
  const kd = 2101;
  const code = await accessCode(page, kd);
  const session = await signIn(page, 'superadmin');
  const answer = await page.request.get(
    `${BASE_URL}/api/admin/kingdoms/${kd}/${code}/review/flags?status=open`,
    {
      headers: { authorization: `Bearer ${session.token}` },
    },
  );
  const flags = (await answer.json()).flags as { governorName: string; reason: string }[];
  // A name the search box finds as typed (the demo's names span several scripts).
  const flag = flags.find((f) => /^[A-Za-z0-9]+$/.test(f.governorName));
  expect(flag).toBeDefined();

  await page.goto(`/${kd}/dashboard/${code}?q=${encodeURIComponent(flag!.governorName)}`);
  const mark = page.locator('[data-review-mark="under-review"]:visible').first();
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAttribute(
    'aria-label',
    new RegExp(`Under review .*${escapeRegExp(flag!.reason.slice(0, 30))}`),
  );
  await expect(mark).toHaveAttribute('title', /Under review/);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a value under review that the DKP does not use is marked in its column, not beside the name', async ({
  page,
}) => {
  // Issue 36 item 6: helps under review on a kingdom whose formula has no helps term (the answer sets it aside).
  let governorId = 0;
  await page.route(
    (url) => isDataCall(url),
    async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      const row = body.playerData.find(
        (r: Record<string, unknown>) => typeof r['Alliance Helps'] === 'number',
      );
      governorId = row['Gov ID'];
      body.reviewMarks = {
        [String(governorId)]: {
          underReview: [{ field: 'helps', reason: 'Helps jumped far beyond the kingdom' }],
          corrected: [],
          aside: ['helps'],
        },
      };
      await route.fulfill({ response, json: body });
    },
  );
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  // The rows are painted from the answer the route above changed: only then is the governor known.
  await expect(dashboard.playerSection.locator('tbody tr[data-gov-id]').first()).toBeVisible();
  expect(governorId).toBeGreaterThan(0);
  const row = dashboard.playerSection.locator(`tr[data-gov-id="${governorId}"]`);
  await expect(row).toBeVisible();
  const headers = await dashboard.playerSection.locator('thead th').allInnerTexts();
  const helpsColumn = headers.findIndex((header) => /helps/i.test(header));
  expect(helpsColumn).toBeGreaterThan(0);
  const helpsCell = row.locator('td').nth(helpsColumn);
  await expect(helpsCell.locator('[data-review-mark="under-review"]')).toHaveAttribute(
    'aria-label',
    /Helps jumped far beyond the kingdom/,
  );
  await expect(row.locator('[data-review-mark]')).toHaveCount(1);
});
