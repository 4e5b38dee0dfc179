import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage.ts';

/** Kingdom Management, /admin/settings. Rows are a table on wide screens and cards on phones. */
export class AdminKingdomsPage extends AppPage {
  async open(): Promise<void> {
    await this.goto('/admin/settings');
  }

  get search(): Locator {
    return this.page.getByPlaceholder('Search by kingdom, name or code');
  }

  get refresh(): Locator {
    return this.page.getByRole('button', { name: /Refresh List|Refreshing/ });
  }

  get addKingdom(): Locator {
    return this.page.getByRole('button', { name: 'Add Kingdom' });
  }

  /** The visible rows (table rows or cards), each carrying data-kd. */
  get rows(): Locator {
    return this.page.locator('[data-kd]:visible');
  }

  row(kd: number): Locator {
    return this.page.locator(`[data-kd="${kd}"]:visible`);
  }

  settingsLink(kd: number): Locator {
    return this.page.getByRole('link', { name: `Settings of kingdom ${kd}` });
  }

  async visibleKds(): Promise<number[]> {
    return await this.rows.evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-kd'))));
  }
}
