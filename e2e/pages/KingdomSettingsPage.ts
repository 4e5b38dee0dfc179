import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage.ts';

/** The per-kingdom admin page, /admin/settings/{kd}/{code}. */
export class KingdomSettingsPage extends AppPage {
  async open(kd: number, code: string): Promise<void> {
    await this.goto(`/admin/settings/${kd}/${encodeURIComponent(code)}`);
  }

  section(id: string): Locator {
    return this.page.locator(`section#${id}`);
  }

  get scans(): Locator {
    return this.section('scans');
  }

  get scanRows(): Locator {
    return this.scans.getByRole('list', { name: 'Scans' }).getByRole('listitem');
  }

  scanRow(name: string): Locator {
    return this.scans.locator(`[data-scan="${name}"]`);
  }

  async uploadScan(file: string, options: { replace?: boolean } = {}): Promise<void> {
    await this.scans.getByLabel('Scanner file').setInputFiles(file);
    if (options.replace) await this.scans.getByLabel('Replace a scan taken at the same time').check();
    await this.scans.getByRole('button', { name: 'Upload scan' }).click();
  }

  /** The confirm dialog that is open. */
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  get accessCode(): Locator {
    return this.page.getByTestId('access-code');
  }
}
