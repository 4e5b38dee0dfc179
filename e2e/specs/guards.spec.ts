import { expect, test } from '@playwright/test';
import { AppPage } from '../pages/AppPage.ts';
import { accessCode, signIn } from '../support/users.ts';

test.describe('route guards (SPEC §2, §6)', () => {
  for (const path of ['/admin/settings', '/admin/users', '/2101/home', '/admin/settings/2101/some-code']) {
    test(`signed out, ${path} goes to /login and remembers where from`, async ({ page }) => {
      const app = new AppPage(page);
      await app.goto(path);
      await expect(page).toHaveURL(/\/login\?/);
      expect(new URL(page.url()).searchParams.get('next')).toBe(path);
      await app.expectHeading('Kingdom Login');
    });
  }

  test('an admin on User Management gets Access Denied with their role and a way to Admin Settings', async ({
    page,
  }) => {
    await signIn(page, 'kingdomAdmin');
    const app = new AppPage(page);
    await app.goto('/admin/users');
    await expect(page).toHaveURL('/unauthorized');
    await app.expectHeading('Access Denied');
    await expect(page.getByText("You don't have sufficient permissions to access this page.")).toBeVisible();
    await expect(page.getByText('Current role:')).toContainText('Admin');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Admin Settings' }).click();
    await expect(page).toHaveURL('/admin/settings');
    await app.expectHeading('Kingdom Management');
  });

  test('Access Denied offers Admin Settings to role admin only, and Back to Home goes home', async ({
    page,
  }) => {
    await signIn(page, 'superadmin');
    const app = new AppPage(page);
    await app.goto('/unauthorized');
    await expect(page.getByText('Current role:')).toContainText('Super Admin');
    await expect(page.getByRole('link', { name: 'Go to Admin Settings' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('a superadmin reaches User Management', async ({ page }) => {
    await signIn(page, 'superadmin');
    const app = new AppPage(page);
    await app.goto('/admin/users');
    await app.expectHeading('User Management');
  });

  test('an admin of another kingdom is sent to Access Denied by the server’s answer', async ({ page }) => {
    const code = await accessCode(page, 2105);
    await signIn(page, 'kingdomAdmin');
    const app = new AppPage(page);
    await app.goto(`/admin/settings/2105/${code}`);
    await expect(page).toHaveURL('/unauthorized');
    await app.expectHeading('Access Denied');
  });

  test('a session the server no longer knows sends to /login with a note', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      window.localStorage.setItem('token', 'revoked-or-expired-token');
      window.localStorage.setItem('user', JSON.stringify({ id: 1, username: 'gone', role: 'superadmin' }));
    });
    const app = new AppPage(page);
    await app.goto('/admin/settings');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fsettings/);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  });

  test('any other path redirects to the landing page', async ({ page }) => {
    const app = new AppPage(page);
    await app.goto('/admin/nothing/here');
    await expect(page).toHaveURL('/');
    await app.expectHeading('Kingdom Stats');
  });
});
