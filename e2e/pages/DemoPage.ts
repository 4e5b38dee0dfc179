import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage.ts';

export class DemoPage extends AppPage {
  async open(secret: string): Promise<void> {
    await this.goto(`/demo/dashboard/${encodeURIComponent(secret)}`);
  }

  dashboardHeading(kd: number): Locator {
    return this.heading(`Main dashboard — Kingdom ${kd}`);
  }

  get notFound(): Locator {
    return this.page.getByRole('heading', { name: 'Demo not found' });
  }
}
