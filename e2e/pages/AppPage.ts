import { expect, type Locator, type Page } from '@playwright/test';

export const PRODUCT_NAME = 'Kingdom Stats';

/** What every screen shares: the shell around it and its h1. */
export class AppPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
  }

  /** The product name in the header, a link back to the landing page. */
  get homeLink(): Locator {
    return this.page.getByRole('banner').getByRole('link', { name: PRODUCT_NAME });
  }

  get footer(): Locator {
    return this.page.getByRole('contentinfo');
  }

  heading(name?: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 1, ...(name === undefined ? {} : { name }) });
  }

  async expectHeading(name: string | RegExp): Promise<void> {
    await expect(this.heading(name)).toBeVisible();
  }

  /** The path the app settled on, without origin or query. */
  pathname(): string {
    return new URL(this.page.url()).pathname;
  }
}
