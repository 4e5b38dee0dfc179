import { expect, type Page, test } from '@playwright/test';
import { LandingPage } from '../pages/LandingPage.ts';
import { DEMO_SECRET } from '../support/env.ts';
import { signIn } from '../support/users.ts';

/** Console errors, warnings and page errors, CSP reports among them. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

async function answerConfig(page: Page, overrides: Record<string, unknown>) {
  await page.route('**/api/config', async (route) => {
    const real = await route.fetch();
    await route.fulfill({ response: real, json: { ...(await real.json()), ...overrides } });
  });
}

test.describe('landing page', () => {
  test('shows SPEC’s hero, features, stats strip and footer', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await landing.expectHeading('Kingdom Stats');
    await expect(landing.header.loginLink).toBeVisible();
    await expect(landing.header.signOutButton).toHaveCount(0);
    await expect(landing.viewDemo).toHaveAttribute('href', `/demo/dashboard/${DEMO_SECRET}`);
    await expect(landing.featuresHeading).toBeVisible();
    for (const title of ['Real-time Analytics', 'Battle Statistics', 'Custom Formulas', 'Player Rankings']) {
      await expect(landing.featureCard(title)).toBeVisible();
    }
    await expect(landing.stats).toContainText('1M+');
    await expect(landing.stats).toContainText(/players tracked/i);
    await expect(landing.stats).toContainText('500+');
    await expect(landing.stats).toContainText(/active kingdoms/i);
    await expect(landing.stats).toContainText('10B+');
    await expect(landing.stats).toContainText(/kill points/i);
    await expect(landing.footer).toContainText('fan-made');
    await expect(landing.footer).toContainText('not affiliated with the game publisher');
    await expect(landing.footer).toContainText('© 2025');
  });

  test('fits the screen without sideways scrolling @phone', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await expect(landing.featuresHeading).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('View Demo opens the demo dashboard', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.open();
    await landing.viewDemo.click();
    await expect(page).toHaveURL(`/demo/dashboard/${DEMO_SECRET}`);
    await expect(landing.heading(/^Main dashboard — Kingdom \d+$/)).toBeVisible();
    // The demo kingdom's other screens are one click away, as on any kingdom's dashboard.
    await expect(
      page
        .getByRole('navigation', { name: /^Kingdom \d+/ })
        .getByRole('link', { name: 'Arrivals & departures' }),
    ).toBeVisible();
  });

  test('shows the shop and Get Premium links when the server has them @phone', async ({ page }) => {
    await answerConfig(page, {
      shopUrl: 'https://shop.example.com/',
      premiumUrl: 'https://shop.example.com/premium',
    });
    const landing = new LandingPage(page);
    await landing.open();
    await expect(landing.header.shopLink).toHaveAttribute('href', 'https://shop.example.com/');
    await expect(landing.header.shopLink).toHaveAttribute('target', '_blank');
    await expect(landing.header.shopLink).toHaveAttribute('rel', /noopener/);
    await expect(landing.getPremium).toHaveAttribute('href', 'https://shop.example.com/premium');
    await expect(landing.getPremium).toHaveAttribute('rel', /noopener/);
  });

  test('hides the external links and View Demo when the server has none', async ({ page }) => {
    await answerConfig(page, { shopUrl: null, premiumUrl: null, demoPath: null });
    const landing = new LandingPage(page);
    await landing.open();
    await expect(landing.featuresHeading).toBeVisible();
    await expect(landing.header.shopLink).toHaveCount(0);
    await expect(landing.getPremium).toHaveCount(0);
    await expect(landing.viewDemo).toHaveCount(0);
  });

  test('shows Sign Out, and User Management to a superadmin only @phone', async ({ page }) => {
    const landing = new LandingPage(page);
    await signIn(page, 'superadmin');
    await landing.open();
    await expect(landing.header.signOutButton).toBeVisible();
    await expect(landing.header.userManagementLink).toBeVisible();
    await expect(landing.header.loginLink).toHaveCount(0);

    await signIn(page, 'kingdomAdmin');
    await landing.open();
    await expect(landing.header.signOutButton).toBeVisible();
    await expect(landing.header.kingdomManagementLink).toBeVisible();
    await expect(landing.header.userManagementLink).toHaveCount(0);
  });
});

test.describe('Content-Security-Policy', () => {
  test('the landing page runs under the CSP with no console errors', async ({ page }) => {
    const problems = collectProblems(page);
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(new LandingPage(page).featuresHeading).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test('the demo dashboard runs under the CSP with no console errors', async ({ page }) => {
    const problems = collectProblems(page);
    await page.goto(`/demo/dashboard/${DEMO_SECRET}`);
    await expect(
      page.getByRole('heading', { level: 1, name: /^Main dashboard — Kingdom \d+$/ }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Camp Wise Performance' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});
