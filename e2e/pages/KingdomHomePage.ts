import type { Locator, Page } from '@playwright/test';
import { AppPage } from './AppPage.ts';

/** Kingdom home, /{kdno}/home (sign-in required). */
export class KingdomHomePage extends AppPage {
  constructor(page: Page) {
    super(page);
  }

  async open(kdno: number | string): Promise<void> {
    await this.goto(`/${kdno}/home`);
  }

  /**
   * Puts a session into browser storage before the app starts. The route guard only checks that a token is there;
   * the API decides what the token may see.
   */
  async signInWithStoredToken(token = 'e2e-fake-token', role = 'admin'): Promise<void> {
    await this.page.addInitScript(
      ([t, r]) => {
        window.localStorage.setItem('token', t);
        window.localStorage.setItem('user', JSON.stringify({ id: 1, username: 'e2e', role: r }));
      },
      [token, role] as const,
    );
  }

  get status(): Locator {
    return this.page.getByTestId('kvk-status');
  }

  get kvkNumber(): Locator {
    return this.page.getByTestId('kvk-number');
  }

  get openTime(): Locator {
    return this.page.getByTestId('kvk-open');
  }

  get closeTime(): Locator {
    return this.page.getByTestId('kvk-close');
  }

  get loading(): Locator {
    return this.page.getByText('Loading kingdom data...');
  }

  get failed(): Locator {
    return this.page.getByRole('heading', { name: 'Failed to load kingdom data' });
  }
}
