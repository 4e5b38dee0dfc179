import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DashboardPage, demoTarget } from '../pages/DashboardPage.ts';
import { GovernorPage } from '../pages/GovernorPage.ts';

// Compare (issue 13 item 4): governors picked in the main dashboard's player table, then on one chart; and the
// governor page's season-against-season card. The tests tagged @phone run at 375 px (touch) too.

interface CompareJson {
  governors: {
    governorId: number;
    name: string | null;
    scans: { takenAt: number; killPoints: number | null }[];
  }[];
  seasons: { kvkNumber: number; openTime: number; closeTime: number }[];
}

/** The KvK DKP dashboard's two leaders (they played KvK 6 in the kingdom too) and compare's answer for them. */
async function comparedLeaders(request: APIRequestContext, target: { kd: number; code: string }) {
  const rows = await request.get(`/api/kd-dashboard/${target.kd}/data/${target.code}`);
  const ids = ((await rows.json()) as { playerData: { 'Governor ID': number }[] }).playerData
    .slice(0, 2)
    .map((row) => row['Governor ID']);
  const answer = await request.get(`/api/compare/${target.kd}/${target.code}?ids=${ids.join(',')}`);
  const api = (await answer.json()) as CompareJson;
  // Every scan time any of them has, oldest first: the chart's x axis.
  const times = [...new Set(api.governors.flatMap((g) => g.scans.map((s) => s.takenAt)))].sort(
    (a, b) => a - b,
  );
  return { ids, api, times };
}

const formatted = (value: number) => value.toLocaleString('en-US');
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('compare governors', () => {
  test('picks three governors in the player table and compares them on one chart @phone', async ({
    page,
    request,
  }, testInfo) => {
    const target = await demoTarget(request);
    const dashboard = new DashboardPage(page);
    await dashboard.openLoaded();
    const ids = await Promise.all(
      [0, 1, 2].map(async (i) => Number(await dashboard.playerRows.nth(i).getAttribute('data-gov-id'))),
    );

    // A phone's finger taps; a mouse click would leave a mouse pointer on the screen that leaves the chart later.
    const press = (locator: Locator) =>
      testInfo.project.name === 'mobile' ? locator.tap() : locator.click();
    const bar = page.getByRole('region', { name: 'Governors picked for compare' });
    for (const [i, id] of ids.entries()) {
      const toggle = dashboard.playerRows.nth(i).locator(`[data-compare-toggle="${id}"]`);
      await press(toggle);
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      if (i === 0) await expect(bar).toContainText('Pick one more');
    }
    await expect(bar).toContainText('Compare 3/6');
    // Unpicking and picking again keeps the order of the picks.
    const third = dashboard.playerRows.nth(2).locator(`[data-compare-toggle="${ids[2]}"]`);
    await press(third);
    await expect(bar).toContainText('Compare 2/6');
    await press(third);
    await page.screenshot({ path: testInfo.outputPath('compare-picks.png') });

    await press(bar.getByRole('link', { name: 'Compare →' }));
    await expect(page).toHaveURL(new RegExp(`/${target.kd}/compare/[^/?]+\\?ids=${ids.join(',')}$`));
    await expect(page.getByRole('heading', { name: 'Compare governors' })).toBeVisible();

    const answer = await request.get(`/api/compare/${target.kd}/${target.code}?ids=${ids.join(',')}`);
    expect(answer.status()).toBe(200);
    const api = (await answer.json()) as CompareJson;
    const items = page.getByTestId('compare-governor');
    await expect(items).toHaveCount(3);
    for (const [i, governor] of api.governors.entries()) {
      await expect(items.nth(i)).toContainText(governor.name!);
      // The read-out starts at the latest scan: each governor's kill points there.
      await expect(items.nth(i).getByTestId('compare-value')).toHaveText(
        formatted(governor.scans.at(-1)!.killPoints!),
      );
    }
    const first = Math.min(...api.governors.map((g) => g.scans[0]!.takenAt));
    const plot = page.getByTestId('compare-chart').locator('.u-over');
    const box = (await plot.boundingBox())!;
    await (testInfo.project.name === 'mobile'
      ? plot.tap({ position: { x: 1, y: box.height / 2 } })
      : plot.hover({ position: { x: 1, y: box.height / 2 } }));
    // 1 px in: the demo's first two scans are two days apart, 2.5 px on a phone's chart of six months.
    await expect(page.getByTestId('compare-readout-time')).toContainText(day(first));
    // Another counter; a name leads to that governor's page.
    await press(page.getByRole('button', { name: 'Power', exact: true }));
    await expect(page.getByRole('heading', { name: 'Power', exact: true })).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('compare-page.png'), fullPage: true });
    await press(items.nth(0).getByRole('link'));
    await expect(page).toHaveURL(new RegExp(`/${target.kd}/governor/${ids[0]}/`));
  });

  test('cuts the chart to one KvK season and back to every scan @phone', async ({
    page,
    request,
  }, testInfo) => {
    const target = await demoTarget(request);
    const { ids, api, times } = await comparedLeaders(request, target);
    const kvk6 = api.seasons.find((season) => season.kvkNumber === 6)!;
    const inKvk6 = times.filter((t) => t >= kvk6.openTime && t <= kvk6.closeTime);
    expect(inKvk6.length).toBeGreaterThan(1);
    expect(inKvk6.at(-1)).toBeLessThan(times.at(-1)!);

    await page.goto(`/${target.kd}/compare/${target.code}?ids=${ids.join(',')}`);
    const readout = page.getByTestId('compare-readout-time');
    await expect(readout).toContainText(day(times.at(-1)!), { timeout: 15_000 });
    const all = page.getByRole('button', { name: 'All scans' });
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'KvK 7', exact: true })).toBeVisible();
    const season = page.getByRole('button', { name: 'KvK 6', exact: true });
    await (testInfo.project.name === 'mobile' ? season.tap() : season.click());
    await expect(season).toHaveAttribute('aria-pressed', 'true');
    await expect(all).toHaveAttribute('aria-pressed', 'false');
    // The read-out starts again at the latest scan shown: the season's last, with each governor's value there.
    await expect(page.getByText('Totals at each scan · KvK 6')).toBeVisible();
    await expect(readout).toContainText(day(inKvk6.at(-1)!));
    const lastInSeason = api.governors[0]!.scans.find((s) => s.takenAt === inKvk6.at(-1));
    await expect(page.getByTestId('compare-value').first()).toHaveText(
      lastInSeason?.killPoints == null ? '-' : formatted(lastInSeason.killPoints),
    );
    const chart = page.getByRole('slider', { name: /^Kill points of the governors compared/ });
    await expect(chart).toHaveAttribute('aria-valuemax', String(inKvk6.length));
    await chart.focus();
    await page.keyboard.press('Home');
    await expect(readout).toContainText(day(inKvk6[0]!));
    await noSidewaysScroll(page);

    // The season and the values are in the address (issue 41): a shared link shows the same chart, Back undoes.
    await expect(page).toHaveURL(/\?ids=[\d,]+&kvk=6$/);
    await page.getByRole('button', { name: 'Gains per scan', exact: true }).click();
    await page.reload();
    await expect(page.getByText('Gained per scan · KvK 6')).toBeVisible({ timeout: 15_000 });
    await page.goBack();
    await expect(page.getByText('Totals at each scan · KvK 6')).toBeVisible();

    await (testInfo.project.name === 'mobile' ? all.tap() : all.click());
    await expect(chart).toHaveAttribute('aria-valuemax', String(times.length));
    await expect(readout).toContainText(day(times.at(-1)!));
  });

  test('without two IDs the page says how to pick them', async ({ page, request }) => {
    const target = await demoTarget(request);
    await page.goto(`/${target.kd}/compare/${target.code}?ids=${12}`);
    await expect(page.getByRole('heading', { name: 'Pick governors to compare' })).toBeVisible();
  });

  test('the governor page says when only one season has scans of the governor', async ({ page, request }) => {
    const target = await demoTarget(request);
    // A governor first seen during this season (the movements screen's default period): no KvK 6 scan has them.
    const movements = await request.get(`/api/dashboard/${target.kd}/movements/${target.code}`);
    const { arrived } = (await movements.json()) as { arrived: { governorId: number; reason: string }[] };
    const id = arrived.find((row) => row.reason === 'new')!.governorId;
    const governor = new GovernorPage(page, target);
    await governor.open(id);
    const card = page.locator('#seasons-compare');
    await expect(card.getByRole('heading', { name: 'Season against season' })).toBeVisible();
    await expect(card.getByTestId('season-compare-empty')).toContainText(
      'Only KvK 7 has scans of this governor',
    );
  });
});

test.describe('the charts read with the keys', () => {
  test('compare: Tab to the chart, Home reads the first scan, End the latest', async ({ page, request }) => {
    const target = await demoTarget(request);
    const { ids, api: real, times } = await comparedLeaders(request, target);
    const first = real.governors[0]!.scans.find((s) => s.takenAt === times[0]);
    await page.goto(`/${target.kd}/compare/${target.code}?ids=${ids.join(',')}`);
    const time = page.getByTestId('compare-readout-time');
    await expect(time).toContainText(day(times.at(-1)!), { timeout: 15_000 });
    await page.getByRole('button', { name: 'Healed', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('slider', { name: /^Kill points of the governors compared/ })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(time).toContainText(day(times[0]!));
    await expect(page.getByTestId('compare-value').first()).toHaveText(
      first?.killPoints == null ? '-' : formatted(first.killPoints),
    );
    await page.keyboard.press('End');
    await expect(time).toContainText(day(times.at(-1)!));
  });

  test('season against season: arrows step day by day from the first', async ({ page, request }) => {
    const target = await demoTarget(request);
    const rows = await request.get(`/api/kd-dashboard/${target.kd}/data/${target.code}`);
    const id = ((await rows.json()) as { playerData: { 'Governor ID': number }[] }).playerData[0]![
      'Governor ID'
    ];
    const governor = new GovernorPage(page, target);
    await governor.open(id);
    const card = page.locator('#seasons-compare');
    const readout = card.getByTestId('season-readout');
    await expect(readout).toContainText('Day 50 of KvK', { timeout: 15_000 });
    await card.getByRole('button', { name: 'Healed', exact: true }).focus();
    await page.keyboard.press('Tab');
    const chart = card.getByRole('slider', { name: /^Kill points by day, KvK 7 and KvK 6/ });
    await expect(chart).toBeFocused();
    await page.keyboard.press('Home');
    // Both seasons' opening scans start their lines at 0 on day 1.
    await expect(readout).toContainText('Day 1 of KvK');
    await expect(readout).toContainText('KvK 7 0');
    await page.keyboard.press('ArrowRight');
    await expect(chart).toHaveAttribute('aria-valuenow', '2');
    await expect(readout).not.toContainText('Day 50 of KvK');
  });
});

test.describe('season against season', () => {
  test('draws two seasons by day of season with a read-out for each @phone', async ({
    page,
    request,
  }, testInfo) => {
    const target = await demoTarget(request);
    const rows = await request.get(`/api/kd-dashboard/${target.kd}/data/${target.code}?top=all`);
    const id = Number(
      ((await rows.json()) as { playerData: { 'Governor ID': number }[] }).playerData[0]!['Governor ID'],
    );
    // The demo's KvK DKP leader played the previous season (KvK 6) in the kingdom too: both seasons have scans.
    const answer = await request.get(`/api/governor/${target.kd}/${id}/${target.code}`);
    const real = (await answer.json()) as {
      scans: { takenAt: number; killPoints: number | null }[];
      seasons: { kvkNumber: number; openTime: number; closeTime: number; result: unknown }[];
    };
    const within = (kvk: number) => {
      const season = real.seasons.find((s) => s.kvkNumber === kvk)!;
      return real.scans.filter((s) => s.takenAt >= season.openTime && s.takenAt <= season.closeTime);
    };
    const [current, earlier] = [within(7), within(6)];
    expect(current.length).toBeGreaterThan(1);
    expect(earlier.length).toBeGreaterThan(1);
    const governor = new GovernorPage(page, target);
    await governor.open(id);

    const card = page.locator('#seasons-compare');
    await expect(card.getByRole('heading', { name: 'Season against season' })).toBeVisible();
    await expect(card.getByLabel('Season')).toHaveValue('7');
    await expect(card.getByLabel('Against')).toHaveValue('6');
    // The read-out starts at the latest day of either season: KvK 6's last scan (day 50), with its gain since its
    // first scan; KvK 7 (at day 26) has no scan that day.
    const gain = (scans: typeof earlier) => scans.at(-1)!.killPoints! - scans[0]!.killPoints!;
    const readout = card.getByTestId('season-readout');
    await expect(readout).toContainText('Day 50 of KvK');
    await expect(readout).toContainText(`KvK 6 +${formatted(gain(earlier))}`);
    await expect(readout).toContainText('KvK 7 -');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: testInfo.outputPath('season-compare.png') });
    const plot = card.getByTestId('season-chart').locator('.u-over');
    const box = (await plot.boundingBox())!;
    await (testInfo.project.name === 'mobile'
      ? plot.tap({ position: { x: 0, y: box.height / 2 } })
      : plot.hover({ position: { x: 0, y: box.height / 2 } }));
    // Both seasons' opening scans (2 hours into day 1) start their lines at 0. At the very edge: on a phone KvK 7's
    // next scan, hours later, is 2 px to the right.
    await expect(readout).toContainText('Day 1 of KvK');
    await expect(readout).toContainText('KvK 7 0');
    await expect(readout).toContainText('KvK 6 0');
    await noSidewaysScroll(page);
  });
});
