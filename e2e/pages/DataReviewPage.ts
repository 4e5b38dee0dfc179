import type { Locator } from '@playwright/test';
import { KingdomSettingsPage } from './KingdomSettingsPage.ts';

/** The Data review section of the per-kingdom admin page (docs/data-review.md). */
export class DataReviewPage extends KingdomSettingsPage {
  get review(): Locator {
    return this.section('data-review');
  }

  get flagList(): Locator {
    return this.review.getByRole('list', { name: 'Flagged values' });
  }

  flag(id: number): Locator {
    return this.review.locator(`[data-flag="${id}"]`);
  }

  get corrections(): Locator {
    return this.review.getByRole('list', { name: 'Corrections' });
  }
}
