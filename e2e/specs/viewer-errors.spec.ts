import { expect, test } from '@playwright/test';
import { DashboardPage, demoTarget, isDataCall } from '../pages/DashboardPage.ts';
import { isKdDataCall, KdDashboardPage } from '../pages/KdDashboardPage.ts';

// Issue 14: what a viewer sees when something goes wrong — a link whose access code is wrong, a failing page of
// the player table, a cell the KvK DKP table cannot draw.

test.describe('a link that is not valid', () => {
  // One wrong code per screen: the wrong-code limiter counts them, and each screen is asked about once.
  const screens = [
    ['main dashboard', 'dashboard', 'wrong-code-a'],
    ['KvK DKP dashboard', 'kd-dashboard', 'wrong-code-b'],
    ['rally page', 'rallydata', 'wrong-code-c'],
    ['formula editor', 'formula', 'wrong-code-d'],
  ] as const;

  for (const [name, path, code] of screens) {
    test(`the ${name} says the link is not valid and offers the way home`, async ({ page, request }) => {
      const target = await demoTarget(request);
      await page.goto(`/${target.kd}/${path}/${code}`);
      const panel = page.getByTestId('invalid-link');
      await expect(panel.getByRole('heading', { name: 'This link is not valid' })).toBeVisible({
        timeout: 15_000,
      });
      await expect(panel).toContainText('The code may have been changed');
      // No server fault, and no Retry that cannot help.
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      await expect(page.getByText(/Failed to (fetch|load)/)).toHaveCount(0);
      await panel.getByRole('link', { name: 'Go to the home page' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }
});

/** The governors shown, by ID: table rows on a desktop, cards on a phone. */
function shownIds(dashboard: DashboardPage): Promise<string[]> {
  return dashboard.playerSection
    .locator('[data-gov-id]:visible')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-gov-id') ?? ''));
}

test.describe('a failing page of the player table', () => {
  test('keeps what is on screen, shows the retries, then the error; Retry loads the page @phone', async ({
    page,
  }) => {
    // Three retries over about 7 s come before the error, on a test machine shared with other work.
    test.setTimeout(60_000);
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await expect(dashboard.playerSection.locator('[data-gov-id]:visible').first()).toBeVisible({
      timeout: 20_000,
    });
    await dashboard.settled();
    const firstNames = await shownIds(dashboard);
    const range = await dashboard.range.innerText();
    await page.route(
      (url) => isDataCall(url) && url.searchParams.get('page') === '2',
      (route) => route.fulfill({ status: 500, json: { error: 'Database unavailable' } }),
    );

    await dashboard.pager.getByRole('button', { name: 'Page 2', exact: true }).click();
    const problem = page.getByTestId('load-problem');
    await expect(problem).toHaveText(/^Couldn't load page 2 — retrying [123]\/3$/, { timeout: 10_000 });
    await expect(problem).toBeInViewport();
    // The rows, their numbers, the footer and the pager stay on page 1 until page 2 arrives.
    expect(await shownIds(dashboard)).toEqual(firstNames);
    await expect(dashboard.range).toHaveText(range);
    await expect(dashboard.pager.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await expect(problem).toHaveText("Couldn't load page 2: Database unavailableRetry", { timeout: 15_000 });
    await expect(dashboard.campSection).toBeVisible();
    expect(await shownIds(dashboard)).toEqual(firstNames);

    await page.unrouteAll();
    await problem.getByRole('button', { name: 'Retry' }).click();
    await expect(problem).toHaveCount(0);
    await expect(dashboard.range).not.toHaveText(range);
    expect(await shownIds(dashboard)).not.toEqual(firstNames);
  });
});

test.describe('a KvK DKP cell with a bad value', () => {
  test("shows 'Error' in that cell and the rest of the table", async ({ page, request }) => {
    const target = await demoTarget(request);
    await page.route(
      (url) => isKdDataCall(url),
      async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.playerData[0].Reached = 'not a number';
        body.playerData[0]['Dead %'] = { broken: true };
        body.playerData[0]['KP %'] = '12%';
        body.activeColumns = [...new Set([...body.activeColumns, 'Reached', 'Dead %', 'KP %'])];
        await route.fulfill({ response, json: body });
      },
    );
    const dashboard = new KdDashboardPage(page, target);
    await dashboard.open();
    const errors = page.locator('[data-cell-error]:visible');
    await expect(errors.first()).toHaveText('Error', { timeout: 15_000 });
    // Reached, Dead % and KP % of that governor, in the table's cells or on the phone's card.
    await expect(errors).toHaveText(['Error', 'Error', 'Error']);
    // The other governors' percentages are drawn as usual.
    await expect(
      page.locator('[data-testid="reached"]:visible, [data-testid="card-reached"]:visible').first(),
    ).toHaveText(/%/);
  });
});
