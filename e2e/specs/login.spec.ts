import { expect, test } from '@playwright/test';
import { LOGIN_DISABLED_MESSAGE, LoginPage } from '../pages/LoginPage.ts';
import { BASE_URL } from '../support/env.ts';
import { e2eUsers } from '../support/users.ts';

test.describe('Kingdom Login while sign-in is off (the default)', () => {
  test.beforeEach(async ({ page }) => {
    // The e2e server runs with LOGIN_ENABLED=true for the admin specs; this is what a default server tells the
    // browser (the server's own refusal is covered by the API tests).
    await page.route('**/api/config', async (route) => {
      const real = await route.fetch();
      await route.fulfill({ response: real, json: { ...(await real.json()), loginEnabled: false } });
    });
  });

  test('shows the form disabled with Coming Soon, and submitting gives SPEC’s message', async ({ page }) => {
    const login = new LoginPage(page);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) calls.push(request.url());
    });
    await login.open();
    await login.expectHeading('Kingdom Login');
    await expect(login.username).toBeDisabled();
    await expect(login.password).toBeDisabled();
    await expect(page.getByText('Coming Soon', { exact: true }).first()).toBeVisible();
    await login.comingSoonButton.click();
    await expect(login.message).toHaveText(LOGIN_DISABLED_MESSAGE);
    expect(calls).toEqual([]);
  });
});

test.describe('Kingdom Login with LOGIN_ENABLED=true', () => {
  test('says so when the password is wrong', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(e2eUsers().superadmin.username, 'not the password');
    await expect(login.message).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/login/);
  });

  test('asks for both fields', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signInButton.click();
    await expect(login.message).toHaveText('Username and password are required');
  });

  test('signs in, stores the session and returns to the page it came from', async ({ page }) => {
    const { superadmin } = e2eUsers();
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fusers/);
    const login = new LoginPage(page);
    await login.signIn(superadmin.username, superadmin.password);
    await expect(page).toHaveURL('/admin/users');
    await login.expectHeading('User Management');
    const stored = await page.evaluate(() => ({
      token: window.localStorage.getItem('token'),
      user: JSON.parse(window.localStorage.getItem('user') ?? 'null'),
    }));
    expect(stored.token).toMatch(/^[\w-]{40,}$/);
    expect(stored.user).toMatchObject({ username: superadmin.username, role: 'superadmin' });
  });

  test('without a remembered page, lands on Kingdom Management', async ({ page }) => {
    const { kingdomAdmin } = e2eUsers();
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(kingdomAdmin.username, kingdomAdmin.password);
    await expect(page).toHaveURL('/admin/settings');
    await login.expectHeading('Kingdom Management');
  });

  test('Sign Out revokes the session on the server, clears storage and goes to /login', async ({ page }) => {
    const { kingdomAdmin } = e2eUsers();
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(kingdomAdmin.username, kingdomAdmin.password);
    await expect(page).toHaveURL('/admin/settings');
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();

    await login.header.signOutButton.click();
    await expect(page).toHaveURL('/login');
    await login.expectHeading('Kingdom Login');
    await expect(login.header.loginLink).toBeVisible();
    expect(
      await page.evaluate(() => [window.localStorage.getItem('token'), window.localStorage.getItem('user')]),
    ).toEqual([null, null]);
    const stale = await page.request.get(`${BASE_URL}/api/auth/session`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stale.status()).toBe(401);
    // And the guarded pages are closed again.
    await page.goto('/admin/settings');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fsettings/);
  });
});
