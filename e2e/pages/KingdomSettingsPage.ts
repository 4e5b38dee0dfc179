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

  /** Chooses one or several files in the upload form, sets the options asked for, and uploads them. */
  async uploadScans(files: string | string[], options: { replace?: boolean } = {}): Promise<void> {
    await this.scans.getByLabel('Scanner files', { exact: true }).setInputFiles(files);
    if (options.replace) await this.scans.getByLabel('Replace what is stored for the same scan').check();
    await this.scans.getByRole('button', { name: /^Upload (scan|\d+ files)$/ }).click();
  }

  /** The result of one uploaded file, by its name. */
  uploadResult(fileName: string): Locator {
    return this.scans
      .getByRole('list', { name: 'Upload results' })
      .locator(`[data-upload-file="${fileName}"]`);
  }

  /** The confirm dialog that is open. */
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  get accessCode(): Locator {
    return this.page.getByTestId('access-code');
  }
}
