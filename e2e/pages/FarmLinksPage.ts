import type { Locator } from '@playwright/test';
import { KingdomSettingsPage } from './KingdomSettingsPage.ts';

/** The Farm accounts section of the per-kingdom admin page (docs/farms.md). */
export class FarmLinksPage extends KingdomSettingsPage {
  get farms(): Locator {
    return this.section('farms');
  }

  get farmIdInput(): Locator {
    return this.farms.getByLabel('Farm governor ID');
  }

  get mainIdInput(): Locator {
    return this.farms.getByLabel('Main governor ID');
  }

  get linkList(): Locator {
    return this.farms.getByRole('list', { name: 'Farm links' });
  }

  link(farmId: number): Locator {
    return this.farms.locator(`[data-farm="${farmId}"]`);
  }

  get policyForm(): Locator {
    return this.farms.getByRole('form', { name: 'Farm policy' });
  }

  get linkForm(): Locator {
    return this.farms.getByRole('form', { name: 'Link a farm' });
  }
}
