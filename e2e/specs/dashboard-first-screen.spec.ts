import { expect, test } from '@playwright/test';
import { DashboardPage, dashboardJson, demoTarget, isDataCall } from '../pages/DashboardPage.ts';
import { BASE_URL } from '../support/env.ts';
import { e2eUsers } from '../support/users.ts';

// How the main dashboard's first screen is fetched: its calls side by side and once each, the kingdom's defaults
// applied, and its code preloaded with the page (issue 7).

const modulePreloads = (html: string) => html.match(/<link rel="modulepreload"/g)?.length ?? 0;

test.describe('first screen', () => {
  test('asks for the settings and the data side by side, once each', async ({ page, request }) => {
    const target = await demoTarget(request);
    const calls: string[] = [];
    page.on('request', (call) => {
      const url = new URL(call.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
    });
    // The settings answer is held until the data call is out: a data call that waited for it would never come.
    let dataAsked = () => {};
    const dataSeen = new Promise<void>((resolve) => {
      dataAsked = resolve;
    });
    await page.route(isDataCall, async (route) => {
      dataAsked();
      await route.continue();
    });
    await page.route(`**/api/settings/${target.kd}/${target.code}`, async (route) => {
      await dataSeen;
      await route.continue();
    });

    const dashboard = new DashboardPage(page);
    await dashboard.goto(`/${target.kd}/dashboard/${target.code}`);
    await expect(dashboard.playerRows.first()).toBeVisible();
    await dashboard.settled();
    expect(calls.filter((call) => call.startsWith('/api/settings/'))).toHaveLength(1);
    // No dates: the server uses the kingdom's default period, as the settings would have said.
    expect(calls.filter((call) => isDataCall(call))).toEqual([
      `/api/dashboard/${target.kd}/data/${target.code}?page=1&pageSize=20`,
    ]);
  });

  test("opens on the kingdom's default top-N and default period", async ({ page, request }) => {
    // Only the demo kingdom has scans: its settings are set here and put back as the demo has them.
    const target = await demoTarget(request);
    const { kd, code } = target;
    const { dates } = await dashboardJson(request, target);
    const start = String(dates[1]!.timestamp);
    const end = String(dates[dates.length - 2]!.timestamp);
    const login = await request.post(`${BASE_URL}/api/auth/login`, { data: e2eUsers().superadmin });
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    const save = (settings: object) =>
      request.post(`${BASE_URL}/api/settings/${kd}/${code}`, { headers, data: settings });
    // The demo's own defaults (its default period starts at the current season's first scan).
    const seeded = await (await request.get(`${BASE_URL}/api/settings/${kd}/${code}`)).json();
    expect((await save({ defaultTopFilter: 100, defaultDates: { start, end } })).ok()).toBe(true);
    try {
      const answered: URL[] = [];
      page.on('requestfinished', (call) => {
        if (isDataCall(call.url())) answered.push(new URL(call.url()));
      });
      const dashboard = new DashboardPage(page);
      await dashboard.goto(`/${kd}/dashboard/${code}`);
      await expect(dashboard.playerRows.first()).toBeVisible();
      await dashboard.settled();
      await expect(dashboard.topSelect).toHaveValue('100');
      await expect(dashboard.startSelect).toHaveValue(start);
      await expect(dashboard.endSelect).toHaveValue(end);
      await expect(dashboard.range).toContainText('of 100 governors');
      // The answer on screen is the one for the top 100 (a first call without it may have gone out and been
      // called off once the settings named the default).
      expect(answered.at(-1)?.searchParams.get('top')).toBe('100');
      await expect(dashboard.clearFiltersButton).toBeDisabled();
    } finally {
      await save(seeded);
      await request.post(`${BASE_URL}/api/auth/logout`, { headers });
    }
  });

  test("the page comes with the dashboard's code, and never with the build's metadata", async ({
    request,
  }) => {
    const target = await demoTarget(request);
    const landing = await (await request.get('/')).text();
    const dashboard = await (await request.get(`/${target.kd}/dashboard/${target.code}`)).text();
    expect(modulePreloads(dashboard)).toBeGreaterThan(modulePreloads(landing));

    const manifest = await request.get('/.vite/manifest.json');
    expect(manifest.headers()['content-type']).toContain('text/html');
    expect(await manifest.text()).toBe(landing);
  });
});
