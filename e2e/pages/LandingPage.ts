import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage.ts';
import { SiteHeader } from './SiteHeader.ts';

export class LandingPage extends AppPage {
  readonly header = new SiteHeader(this.page);

  async open(): Promise<void> {
    await this.goto('/');
  }

  get viewDemo(): Locator {
    return this.page.getByRole('link', { name: 'View Demo' });
  }

  get getPremium(): Locator {
    return this.page.getByRole('link', { name: 'Get Premium' });
  }

  get featuresHeading(): Locator {
    return this.page.getByRole('heading', { level: 2, name: 'Platform Features' });
  }

  featureCard(title: string): Locator {
    return this.page.getByRole('heading', { level: 3, name: title });
  }

  /** The stats strip. */
  get stats(): Locator {
    return this.page.getByLabel('Platform in numbers');
  }
}
