import { expect, test } from '@playwright/test';
import { UsersPage } from '../pages/UsersPage.ts';
import { e2eUsers, signIn } from '../support/users.ts';

test.describe('User Management', () => {
  test('lists users with role badges and (You), with a delete button for others only', async ({ page }) => {
    const { superadmin, kingdomAdmin } = e2eUsers();
    await signIn(page, 'superadmin');
    const users = new UsersPage(page);
    await users.open();
    await users.expectHeading('User Management');
    await expect(users.row(superadmin.username)).toContainText('(You)');
    await expect(users.row(superadmin.username)).toContainText('Super Admin');
    await expect(users.row(kingdomAdmin.username)).toContainText('Admin');
    await expect(users.row(kingdomAdmin.username)).not.toContainText('(You)');
    await expect(users.deleteButton(superadmin.username)).toHaveCount(0);
    await expect(users.deleteButton(kingdomAdmin.username)).toBeVisible();

    await users.search.fill('kd-admin');
    await expect(users.row(kingdomAdmin.username)).toBeVisible();
    await expect(users.row(superadmin.username)).toHaveCount(0);
  });

  test('adds a user: asks for username and password, says it worked, closes after 2 s; then deletes them', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'superadmin');
    const users = new UsersPage(page);
    await users.open();
    const username = `e2e-new-${testInfo.project.name}`;

    await users.addButton.click();
    const dialog = users.dialog;
    await expect(dialog).toHaveAccessibleName('Add New User');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Username and password are required');

    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password').fill('a long enough password');
    await expect(dialog.getByLabel('Role')).toHaveValue('admin');
    await dialog.getByLabel('Role').selectOption({ label: 'Super Admin' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByRole('status')).toHaveText('User created successfully');
    const shownAt = Date.now();
    await expect(dialog).toBeHidden({ timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1_500);
    await expect(users.row(username)).toContainText('Super Admin');

    await users.deleteButton(username).click();
    await expect(users.dialog).toHaveAccessibleName('Delete User');
    await expect(users.dialog).toContainText(username);
    await users.dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(users.row(username)).toHaveCount(0);
  });

  test('shows the server’s reason when a user cannot be created', async ({ page }) => {
    const { kingdomAdmin } = e2eUsers();
    await signIn(page, 'superadmin');
    const users = new UsersPage(page);
    await users.open();
    await users.addButton.click();
    await users.dialog.getByLabel('Username').fill(kingdomAdmin.username);
    await users.dialog.getByLabel('Password').fill('a long enough password');
    await users.dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(users.dialog.getByRole('alert')).toHaveText(`User ${kingdomAdmin.username} already exists`);
  });

  test('says Failed to fetch users when the list cannot be loaded', async ({ page }) => {
    await signIn(page, 'superadmin');
    await page.route('**/api/auth/users', (route) => route.fulfill({ status: 503, body: '' }));
    const users = new UsersPage(page);
    await users.open();
    await expect(page.getByRole('heading', { name: 'Failed to fetch users' })).toBeVisible({
      timeout: 20_000,
    });
  });
});
