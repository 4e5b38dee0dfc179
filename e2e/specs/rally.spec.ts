import { expect, test } from '@playwright/test';
import { demoKingdom, periodLabel, RallyPage, rallyApi } from '../pages/RallyPage.ts';

const averageText = (value: number) => value.toFixed(1);
const count = (value: number) => value.toLocaleString('en-US');

test.describe('Rally Data page on the demo kingdom', () => {
  test('shows the title, this week by default, the summary and the ranking the API gives', async ({
    page,
    request,
  }) => {
    const target = await demoKingdom(request);
    const expected = await rallyApi(request, target, { date_filter: 'this_week', page: 1, pageSize: 50 });
    // Just after Monday 00:00 UTC this week is today alone: a few rallies, maybe fewer than a page of participants.
    expect(expected.totalParticipants).toBeGreaterThan(0);
    const shown = Math.min(50, expected.totalParticipants);

    const rally = new RallyPage(page);
    await rally.open(target.kd, target.code);
    await rally.expectHeading('Rally Data');
    await expect(page.getByText('Updates every 30 min')).toBeVisible();
    await expect(rally.periodButton('This Week')).toHaveAttribute('aria-pressed', 'true');
    for (const name of ['Today', 'Yesterday', 'Last Week', 'Last 30 Days', 'Custom Range']) {
      await expect(rally.periodButton(name)).toHaveAttribute('aria-pressed', 'false');
    }
    await rally.settled();
    await expect(rally.summary('Total Rallies')).toHaveText(count(expected.summaryStats.total_rallies));
    await expect(rally.summary('Total Participants')).toHaveText(
      count(expected.summaryStats.total_participants),
    );
    await expect(rally.summary('Average per Day')).toHaveText(
      averageText(expected.summaryStats.average_per_day),
    );
    await expect(rally.results).toHaveCount(shown);
    expect((await rally.names()).slice(0, 5)).toEqual(
      expected.rallyData.slice(0, 5).map((r) => r.participant_name),
    );
    await expect(rally.showing).toHaveText(
      `Showing 1 to ${shown} of ${expected.totalParticipants} participant${expected.totalParticipants === 1 ? '' : 's'}`,
    );
    await expect(rally.pageSize).toHaveValue('50');

    // The first row in full: rank, name and ID, total, joined, launched.
    const first = expected.rallyData[0]!;
    const row = rally.results.first();
    await expect(row).toContainText(first.participant_name);
    await expect(row).toContainText(`ID: ${first.participant_id}`);
    await expect(row).toContainText(String(first.total_rallies));
    expect(first.total_rallies).toBe(first.total_joined + first.total_launched);
  });

  test('shows a table on desktop and cards on a phone @phone', async ({ page, request }) => {
    const target = await demoKingdom(request);
    const rally = new RallyPage(page);
    await rally.open(target.kd, target.code);
    await rally.settled();
    if (rally.isMobile) {
      await expect(rally.table).toBeHidden();
      await expect(rally.cards.first()).toBeVisible();
      await expect(rally.cards.first()).toContainText('Total Joined');
      // Nothing sticks out sideways at 375 px.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } else {
      await expect(rally.table).toBeVisible();
      await expect(rally.cards.first()).toBeHidden();
      await expect(rally.table.getByRole('columnheader')).toHaveText([
        'Rank',
        'Participant',
        'Total Rallies',
        'Total Joined',
        'Total Launched',
      ]);
    }
  });

  test('each preset shows its period and the API’s numbers for it', async ({ page, request }) => {
    const target = await demoKingdom(request);
    const rally = new RallyPage(page);
    await rally.open(target.kd, target.code);
    await rally.settled();
    for (const [name, filter] of [
      ['Today', 'today'],
      ['Yesterday', 'yesterday'],
      ['Last Week', 'last_week'],
      ['Last 30 Days', 'last_30_days'],
      ['This Week', 'this_week'],
    ] as const) {
      const expected = await rallyApi(request, target, { date_filter: filter, page: 1, pageSize: 50 });
      await rally.periodButton(name).click();
      await expect(rally.periodButton(name)).toHaveAttribute('aria-pressed', 'true');
      await rally.settled();
      await expect(rally.periodText).toHaveText(`${periodLabel(expected.period)} (UTC)`);
      await expect(rally.summary('Total Rallies')).toHaveText(count(expected.summaryStats.total_rallies));
      await expect(rally.summary('Average per Day')).toHaveText(
        averageText(expected.summaryStats.average_per_day),
      );
      // Just after midnight (UTC) today has no rallies yet: the page then says so instead of a range.
      if (expected.totalParticipants === 0) {
        await expect(rally.empty).toBeVisible();
        await expect(rally.showing).toHaveCount(0);
      } else {
        await expect(rally.showing).toHaveText(
          `Showing 1 to ${Math.min(50, expected.totalParticipants)} of ${expected.totalParticipants} participants`,
        );
      }
    }
    // Last 30 days spans today and the 29 days before (UTC).
    const last30 = await rallyApi(request, target, { date_filter: 'last_30_days' });
    expect((last30.period.end - last30.period.start) / 86_400).toBe(30);
  });

  test('searches by name with Enter and by ID with the Search button; Clear resets', async ({
    page,
    request,
  }) => {
    const target = await demoKingdom(request);
    // The last 30 days: more than a page of participants on any day of the week (this week may be today alone).
    const all = await rallyApi(request, target, { date_filter: 'last_30_days', pageSize: 50 });
    const third = all.rallyData[2]!;
    const rally = new RallyPage(page);
    await rally.open(target.kd, target.code, 'last_30_days');
    await rally.settled();

    await rally.searchBox.fill(third.participant_name.toUpperCase());
    await rally.searchBox.press('Enter');
    await expect(rally.showing).toContainText('participant');
    await expect.poll(() => rally.names()).toContain(third.participant_name);
    const byName = await rallyApi(request, target, {
      date_filter: 'last_30_days',
      search: third.participant_name.toUpperCase(),
    });
    await expect(rally.showing).toHaveText(
      `Showing 1 to ${byName.totalParticipants} of ${byName.totalParticipants} participant${byName.totalParticipants === 1 ? '' : 's'}`,
    );
    // The rank stays the one in the whole ranking; the summary stays the period's.
    await expect(rally.results.filter({ hasText: `ID: ${third.participant_id}` })).toContainText('3');
    await expect(rally.summary('Total Participants')).toHaveText(count(all.summaryStats.total_participants));

    await rally.searchBox.fill(String(third.participant_id));
    await rally.searchButton.click();
    await expect(rally.results).toHaveCount(1);
    await expect(rally.results.first()).toContainText(`ID: ${third.participant_id}`);

    await rally.searchBox.fill('nobody-rallies-like-this');
    await rally.searchBox.press('Enter');
    await expect(rally.empty).toBeVisible();
    await expect(rally.showing).toBeHidden();

    await rally.clearButton.click();
    await expect(rally.searchBox).toHaveValue('');
    await expect(rally.results).toHaveCount(50);
    await expect(rally.showing).toHaveText(`Showing 1 to 50 of ${all.totalParticipants} participants`);
  });

  test('pages, changes the page size, and scrolls to the top on a page change @phone', async ({
    page,
    request,
  }) => {
    const target = await demoKingdom(request);
    const all = await rallyApi(request, target, { date_filter: 'last_30_days', pageSize: 50, page: 2 });
    const rally = new RallyPage(page);
    await rally.open(target.kd, target.code, 'last_30_days');
    await rally.settled();

    await rally.pageButton(2).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await rally.pageButton(2).click();
    await expect(rally.showing).toHaveText(
      `Showing 51 to ${Math.min(100, all.totalParticipants)} of ${all.totalParticipants} participants`,
    );
    await expect(rally.pageButton(2)).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect((await rally.names())[0]).toBe(all.rallyData[0]!.participant_name);

    await rally.pageSize.selectOption('20');
    await expect(rally.showing).toHaveText(`Showing 1 to 20 of ${all.totalParticipants} participants`);
    await expect(rally.results).toHaveCount(20);
    await expect(rally.pageSize.locator('option')).toHaveText(['20', '50', '100', '200']);
  });

  test('shows the loading overlays: first load, search, other changes', async ({ page, request }) => {
    const target = await demoKingdom(request);
    await page.route('**/api/rally/*/data/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    const rally = new RallyPage(page);
    await rally.open(target.kd, target.code);
    await expect(rally.overlay('Loading Rally Data')).toBeVisible();
    await rally.settled();

    await rally.searchBox.fill('a');
    await rally.searchButton.click();
    await expect(rally.overlay('Searching...')).toBeVisible();
    await rally.settled();

    await rally.periodButton('Last 30 Days').click();
    await expect(rally.overlay('Updating results...')).toBeVisible();
    await rally.settled();
  });

  test('shows the server error with Retry, and recovers', async ({ page, request }) => {
    test.setTimeout(60_000);
    const target = await demoKingdom(request);
    let failing = true;
    await page.route('**/api/rally/*/data/*', async (route) => {
      if (!failing) return route.continue();
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, code: 'INTERNAL', detail: 'Rally service is resting' }),
      });
    });
    const rally = new RallyPage(page);
    await rally.open(target.kd, target.code);
    // A 5xx is retried three times (1 s, 2 s, 4 s) before the page gives up.
    await expect(page.getByText('Rally service is resting')).toBeVisible({ timeout: 20_000 });
    failing = false;
    await rally.retryButton.click();
    await rally.settled();
    await expect(rally.results.first()).toBeVisible();
  });

  // Issue 14: a wrong code is not a server fault; a Retry could not help (viewer-errors.spec.ts covers every screen).
  test('a wrong access code says the link is not valid', async ({ page, request }) => {
    const target = await demoKingdom(request);
    const rally = new RallyPage(page);
    await rally.open(target.kd, 'not-the-code');
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    await expect(rally.retryButton).toHaveCount(0);
  });
});
