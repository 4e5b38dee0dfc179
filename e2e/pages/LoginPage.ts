import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage.ts';
import { SiteHeader } from './SiteHeader.ts';

export const LOGIN_DISABLED_MESSAGE = 'Login feature is not available right now. Coming soon!';

export class LoginPage extends AppPage {
  readonly header = new SiteHeader(this.page);

  async open(next?: string): Promise<void> {
    await this.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  }

  get username(): Locator {
    return this.page.getByLabel('Username');
  }

  get password(): Locator {
    return this.page.getByLabel('Password');
  }

  get signInButton(): Locator {
    return this.page.getByRole('button', { name: 'Sign In' });
  }

  get comingSoonButton(): Locator {
    return this.page.getByRole('button', { name: 'Coming Soon' });
  }

  /** The form's message (an error or SPEC's Coming soon sentence). */
  get message(): Locator {
    return this.page
      .getByRole('form', { name: 'Kingdom Login' })
      .getByRole('alert')
      .or(this.page.getByRole('form', { name: 'Kingdom Login' }).getByRole('status'));
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.signInButton.click();
  }
}
