import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage.ts';

/** User Management, /admin/users. */
export class UsersPage extends AppPage {
  async open(): Promise<void> {
    await this.goto('/admin/users');
  }

  get list(): Locator {
    return this.page.getByRole('list', { name: 'Users' });
  }

  row(username: string): Locator {
    return this.page.locator(`[data-user="${username}"]`);
  }

  deleteButton(username: string): Locator {
    return this.page.getByRole('button', { name: `Delete user ${username}` });
  }

  get addButton(): Locator {
    return this.page.getByRole('button', { name: 'Add New User' });
  }

  get search(): Locator {
    return this.page.getByPlaceholder('Search users');
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }
}
