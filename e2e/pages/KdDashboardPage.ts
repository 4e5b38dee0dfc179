import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { chooseTablesOnPhones } from '../support/phone-layout.ts';
import { AppPage } from './AppPage.ts';
import type { DemoTarget } from './DashboardPage.ts';

export interface KdDashboardJson {
  playerData: Record<string, unknown>[];
  activeColumns: string[];
  scanStatus: string;
  latestKvk: { kvk_number: number; open_time: number } | null;
  formulaString: string;
  totalPlayers: number;
  dates: { timestamp: number; display: string }[];
  selectedDates: { start: string; end: string };
}

export async function kdDashboardJson(
  request: APIRequestContext,
  target: DemoTarget,
): Promise<KdDashboardJson> {
  const answer = await request.get(`/api/kd-dashboard/${target.kd}/data/${target.code}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as KdDashboardJson;
}

export function isKdDataCall(url: URL): boolean {
  return /\/api\/kd-dashboard\/\d+\/data\//.test(url.pathname);
}

/** The KD DKP dashboard. */
export class KdDashboardPage extends AppPage {
  readonly target: DemoTarget;
  readonly alerts: string[] = [];

  constructor(page: Page, target: DemoTarget) {
    super(page);
    chooseTablesOnPhones(page);
    this.target = target;
    page.on('dialog', (dialog) => {
      this.alerts.push(dialog.message());
      void dialog.accept();
    });
  }

  async open(): Promise<void> {
    await this.goto(`/${this.target.kd}/kd-dashboard/${this.target.code}`);
  }

  async openLoaded(): Promise<void> {
    await this.open();
    await expect(this.rows.first()).toBeVisible();
  }

  get table(): Locator {
    return this.page.locator('#dkp-table table');
  }

  get rows(): Locator {
    return this.table.locator('tbody tr');
  }

  get search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search by name, governor ID or alliance' });
  }

  get range(): Locator {
    return this.page.getByTestId('table-range');
  }

  /** A column's header cell (its sort button is inside). */
  headerCell(name: string): Locator {
    return this.table.locator(`th[data-column="${name}"]`);
  }

  header(name: string): Locator {
    return this.headerCell(name).getByRole('button');
  }

  columnCells(id: string): Locator {
    return this.rows.locator(`td[data-col="${id}"]`);
  }

  get startSelect(): Locator {
    return this.page.getByLabel('Start', { exact: true });
  }

  get endSelect(): Locator {
    return this.page.getByLabel('End', { exact: true });
  }

  get applyButton(): Locator {
    return this.page.getByRole('button', { name: /^(Apply|Updating)$/ });
  }

  get prekvkButton(): Locator {
    return this.page.getByRole('button', { name: 'Pre-KvK Rankings' });
  }

  get prekvkDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Pre-KvK Rankings' });
  }

  get formulaBanner(): Locator {
    return this.page.getByRole('region', { name: 'DKP formula' });
  }

  get editLink(): Locator {
    return this.formulaBanner.getByRole('link', { name: 'Edit' });
  }

  get exportButton(): Locator {
    return this.page.getByRole('button', { name: /Export Excel|Exporting/ });
  }
}
