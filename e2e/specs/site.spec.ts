import { expect, test } from '@playwright/test';
import { AppPage, PRODUCT_NAME } from '../pages/AppPage.ts';
import { DemoPage } from '../pages/DemoPage.ts';
import { BASE_URL, DEMO_SECRET } from '../support/env.ts';

test.describe('site shell and routing', () => {
  test('the landing page answers and shows the product name', async ({ page }) => {
    const app = new AppPage(page);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(app.homeLink).toBeVisible();
    await app.expectHeading(PRODUCT_NAME);
    await expect(app.footer).toContainText('not affiliated with the game publisher');
  });

  test('an unknown path redirects to the landing page', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto('/no/such/page/here');
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await app.expectHeading(PRODUCT_NAME);
  });

  test('user management while signed out goes to the login page', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto('/admin/users');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/users');
    await app.expectHeading('Kingdom Login');
  });
});

test.describe('demo dashboard', () => {
  test('the demo secret opens the dashboard of the demo kingdom', async ({ page, request }) => {
    const answer = await request.get(`/api/demo/${DEMO_SECRET}`);
    expect(answer.status()).toBe(200);
    const target = (await answer.json()) as { kd: number; code: string };
    expect(typeof target.kd).toBe('number');

    const demo = new DemoPage(page);
    await demo.open(DEMO_SECRET);
    await expect(demo.dashboardHeading(target.kd)).toBeVisible();
    // The demo keeps its own address; the access code is not put in the URL bar.
    expect(demo.pathname()).toBe(`/demo/dashboard/${DEMO_SECRET}`);
  });

  test('a wrong demo secret says the demo was not found', async ({ page }) => {
    const demo = new DemoPage(page);
    await demo.open('wrong');
    await expect(demo.notFound).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
  });
});
