import { type APIRequestContext, expect, type Locator, type Page, type Request } from '@playwright/test';
import { DEMO_SECRET } from '../support/env.ts';
import { chooseTablesOnPhones } from '../support/phone-layout.ts';
import { AppPage } from './AppPage.ts';

/** The demo kingdom and its access code, as the API names them. */
export interface DemoTarget {
  kd: number;
  code: string;
}

export interface PlayerRowJson {
  'Gov ID': number;
  Name: string;
  Alliance: string | null;
  Camp: string | null;
  KD: number | null;
  Power: number | null;
  DKP: number | null;
  'T4 Kills': number | null;
  'Full Period': boolean;
  [field: string]: unknown;
}

export interface DashboardJson {
  playerData: PlayerRowJson[];
  totalPlayers: number;
  /** Governor ID (as text) → what of its row is under review or corrected (docs/data-review.md "Marks"). */
  reviewMarks?: Record<string, unknown>;
  campSummary: { headers: string[]; data: (string | number | null)[][] };
  kdSummary: { headers: string[]; data: (string | number | null)[][] };
  availableCamps: string[];
  dates: { timestamp: number; display: string }[];
  formulaString: string;
  diplomOverview: { timestamp: number | null; camps: Record<string, Record<string, unknown>> };
  showAutarchSwitcher: boolean;
  selectedDates: { start: string; end: string };
}

export async function demoTarget(request: APIRequestContext): Promise<DemoTarget> {
  const answer = await request.get(`/api/demo/${DEMO_SECRET}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as DemoTarget;
}

export async function dashboardJson(
  request: APIRequestContext,
  target: DemoTarget,
  params: Record<string, string | number> = {},
): Promise<DashboardJson> {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  const answer = await request.get(`/api/dashboard/${target.kd}/data/${target.code}?${query}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as DashboardJson;
}

/** True for the player-data call of the main dashboard. */
export function isDataCall(url: string | URL): boolean {
  return /\/api\/dashboard\/\d+\/data\//.test(String(url));
}

/** The main dashboard (demo route), its sections and controls. */
export class DashboardPage extends AppPage {
  /** Messages of the window.alert()s shown so far; each is accepted. */
  readonly alerts: string[] = [];

  constructor(page: Page) {
    super(page);
    chooseTablesOnPhones(page);
    page.on('dialog', (dialog) => {
      this.alerts.push(dialog.message());
      void dialog.accept();
    });
  }

  async open(): Promise<void> {
    await this.goto(`/demo/dashboard/${encodeURIComponent(DEMO_SECRET)}`);
  }

  /** Opens the demo and waits until the player table has rows. */
  async openLoaded(): Promise<void> {
    await this.open();
    await expect(this.playerRows.first()).toBeVisible();
    await this.settled();
  }

  /** Waits until no table is loading a new answer. */
  async settled(): Promise<void> {
    await expect(this.page.locator('[aria-busy="true"]')).toHaveCount(0);
  }

  /** Resolves with the next player-data request the page makes. */
  nextDataRequest(predicate: (url: URL) => boolean = () => true): Promise<Request> {
    return this.page.waitForRequest(
      (request) => isDataCall(request.url()) && predicate(new URL(request.url())),
    );
  }

  // Period header
  get periodForm(): Locator {
    return this.page.getByRole('form', { name: 'Period' });
  }
  get startSelect(): Locator {
    return this.periodForm.getByLabel('Start', { exact: true });
  }
  get endSelect(): Locator {
    return this.periodForm.getByLabel('End', { exact: true });
  }
  get applyButton(): Locator {
    return this.periodForm.getByRole('button', { name: /^(Apply|Updating)$/ });
  }
  get diploButton(): Locator {
    return this.periodForm.getByRole('button', { name: /Diplo|Loading\.\.\./ });
  }

  // Formula
  get formula(): Locator {
    return this.page.getByTestId('dkp-formula');
  }
  get pointsLegend(): Locator {
    return this.page.getByRole('list', { name: 'Points legend' });
  }

  // Summaries
  get campSection(): Locator {
    return this.page.locator('#campPerformance');
  }
  get kingdomSection(): Locator {
    return this.page.locator('#kingdomPerformance');
  }
  rowsOf(section: Locator): Locator {
    return section.locator('tbody tr');
  }
  header(section: Locator, column: string): Locator {
    return section.locator(`th[data-column="${column}"]`);
  }
  headerButton(section: Locator, column: string): Locator {
    return this.header(section, column).getByRole('button');
  }
  /** The text of one column's cells, top to bottom. */
  async columnTexts(section: Locator, column: string): Promise<string[]> {
    return section.locator(`tbody td[data-col="${column}"]`).allInnerTexts();
  }
  get keepCampsTogether(): Locator {
    return this.kingdomSection.getByRole('switch', { name: 'Keep Camps Together' });
  }

  // Player table
  get playerSection(): Locator {
    return this.page.locator('#playerStats');
  }
  get playerRows(): Locator {
    return this.playerSection.locator('tbody tr[data-gov-id]');
  }
  get searchInput(): Locator {
    return this.playerSection.getByRole('searchbox', { name: 'Search governors' });
  }
  get searchButton(): Locator {
    return this.playerSection.getByRole('button', { name: 'Search', exact: true });
  }
  get clearSearchButton(): Locator {
    return this.playerSection.getByRole('button', { name: 'Clear search' });
  }
  get kdSelect(): Locator {
    return this.playerSection.getByLabel('KD', { exact: true });
  }
  get campSelect(): Locator {
    return this.playerSection.getByLabel('Camp', { exact: true });
  }
  get topSelect(): Locator {
    return this.playerSection.getByLabel('Top by power');
  }
  get filtersButton(): Locator {
    return this.playerSection.getByRole('button', { name: /^Filters/ });
  }
  get clearFiltersButton(): Locator {
    return this.playerSection.getByRole('button', { name: 'Clear filters' });
  }
  get exportButton(): Locator {
    return this.playerSection.getByRole('button', { name: /Export players to Excel|Exporting\.\.\./ });
  }
  get pageSizeSelect(): Locator {
    return this.playerSection.getByLabel('Rows per page');
  }
  get pager(): Locator {
    return this.playerSection.getByRole('navigation', { name: 'Player stats pages' });
  }
  get range(): Locator {
    return this.playerSection.getByTestId('table-range');
  }
  /** The governor's name in a player row (the cell also holds the avatar). */
  playerName(row: Locator): Locator {
    return row.locator('[data-player-name]');
  }
  async playerColumn(column: string): Promise<string[]> {
    if (column === 'Name') return this.playerSection.locator('tbody [data-player-name]').allInnerTexts();
    return this.columnTexts(this.playerSection, column);
  }

  // Modals
  get filterDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Filter players' });
  }
  get diploDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Diplomatic Overview' });
  }

  /** Numbers as the tables print them ('1,234' or '-1,234'). */
  static number(text: string): number {
    return Number(text.replace(/[,+%\s]/g, ''));
  }
}
