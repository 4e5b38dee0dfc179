import type { Locator, Page } from '@playwright/test';

/** The header every screen shares (SPEC §1): shop link, Login, Sign Out, User Management. */
export class SiteHeader {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get banner(): Locator {
    return this.page.getByRole('banner');
  }

  get loginLink(): Locator {
    return this.banner.getByRole('link', { name: 'Login', exact: true });
  }

  get signOutButton(): Locator {
    return this.banner.getByRole('button', { name: 'Sign Out' });
  }

  get userManagementLink(): Locator {
    return this.banner.getByRole('link', { name: 'User Management' });
  }

  get kingdomManagementLink(): Locator {
    return this.banner.getByRole('link', { name: 'Kingdom Management' });
  }

  get shopLink(): Locator {
    return this.banner.getByRole('link', { name: 'Shop' });
  }
}
