import { expect, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';

// How the main dashboard's first screen is fetched: its code preloaded with the page (issue 7).

const modulePreloads = (html: string) => html.match(/<link rel="modulepreload"/g)?.length ?? 0;

test.describe('first screen', () => {
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
