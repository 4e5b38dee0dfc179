import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { DEMO_SECRET } from '../support/env.ts';
import { AppPage } from './AppPage.ts';

export interface RallyApiRow {
  rank: number;
  participant_id: number;
  participant_name: string;
  total_rallies: number;
  total_joined: number;
  total_launched: number;
}

export interface RallyApiAnswer {
  rallyData: RallyApiRow[];
  summaryStats: { total_rallies: number; total_participants: number; average_per_day: number };
  totalPages: number;
  totalParticipants: number;
  period: { start: number; end: number };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Nov 16 - Nov 22': the first and last UTC day of a period [start, end). */
export function periodLabel(period: { start: number; end: number }): string {
  const day = (seconds: number) => {
    const date = new Date(seconds * 1000);
    return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
  };
  return `${day(period.start)} - ${day(period.end - 1)}`;
}

/** The demo kingdom's kd and access code, from the public demo secret. */
export async function demoKingdom(request: APIRequestContext): Promise<{ kd: number; code: string }> {
  const answer = await request.get(`/api/demo/${DEMO_SECRET}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { kd: number; code: string };
}

/** What the API answers for the same question the page asks, to compare the screen against. */
export async function rallyApi(
  request: APIRequestContext,
  target: { kd: number; code: string },
  params: Record<string, string | number> = {},
): Promise<RallyApiAnswer> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const answer = await request.get(`/api/rally/${target.kd}/data/${target.code}?${query}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as RallyApiAnswer;
}

/** The Rally Data page, /{kd}/rallydata/{code}. */
export class RallyPage extends AppPage {
  constructor(page: Page) {
    super(page);
  }

  /** `period`: a preset's API name (`last_30_days`, …) put in the address; without it the page's default. */
  async open(kd: number | string, code: string, period?: string): Promise<void> {
    await this.goto(`/${kd}/rallydata/${code}${period ? `?period=${period}` : ''}`);
  }

  get isMobile(): boolean {
    return (this.page.viewportSize()?.width ?? 1366) < 768;
  }

  periodButton(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  get periodText(): Locator {
    return this.page.getByTestId('rally-period');
  }

  summary(label: 'Total Rallies' | 'Total Participants' | 'Average per Day'): Locator {
    return this.page
      .getByTestId('rally-summary')
      .locator('div')
      .filter({ has: this.page.locator('dt', { hasText: label }) })
      .locator('dd');
  }

  get searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search participants' });
  }

  get searchButton(): Locator {
    return this.page.getByRole('search').getByRole('button', { name: 'Search' });
  }

  get clearButton(): Locator {
    return this.page.getByRole('search').getByRole('button', { name: 'Clear' });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: /Rally participants ranked/ });
  }

  get cards(): Locator {
    return this.page.getByTestId('rally-card');
  }

  /** The rows or cards on screen, whichever the width shows. */
  get results(): Locator {
    return this.isMobile ? this.cards : this.table.locator('tbody tr');
  }

  /** Participant names in screen order (read in one go, so a re-render cannot tear the list). */
  async names(): Promise<string[]> {
    return (await this.results.getByTestId('participant-name').allInnerTexts()).map((name) => name.trim());
  }

  get showing(): Locator {
    return this.page.getByTestId('rally-showing');
  }

  get pageSize(): Locator {
    return this.page.getByLabel('Rows per page');
  }

  pageButton(n: number): Locator {
    return this.page
      .getByRole('navigation', { name: 'Rally pages' })
      .getByRole('button', { name: `Page ${n}`, exact: true });
  }

  get empty(): Locator {
    return this.page.getByText('No rally data found');
  }

  overlay(label: 'Loading Rally Data' | 'Searching...' | 'Updating results...'): Locator {
    return this.page.getByRole('status').filter({ hasText: label });
  }

  get retryButton(): Locator {
    return this.page.getByRole('button', { name: 'Retry' });
  }

  /** Waits until the page shows data and no overlay. */
  async settled(): Promise<void> {
    await expect(this.page.getByTestId('rally-summary')).toBeVisible();
    await expect(this.page.locator('[aria-busy="true"]')).toHaveCount(0);
  }
}

/** The 'Select Date Range' modal. */
export class DateRangePicker {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Select Date Range' });
  }

  get hint(): Locator {
    return this.dialog.getByTestId('range-hint');
  }

  get label(): Locator {
    return this.dialog.getByTestId('range-label');
  }

  get month(): Locator {
    return this.dialog.getByTestId('calendar-month');
  }

  get previousMonth(): Locator {
    return this.dialog.getByRole('button', { name: 'Previous month' });
  }

  get nextMonth(): Locator {
    return this.dialog.getByRole('button', { name: 'Next month' });
  }

  get apply(): Locator {
    return this.dialog.getByRole('button', { name: 'Apply Range' });
  }

  get clear(): Locator {
    return this.dialog.getByRole('button', { name: 'Clear' });
  }

  get weekdayHeaders(): Locator {
    return this.dialog.getByRole('columnheader');
  }

  /** A day by its full name, 'February 20, 2026'. */
  day(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }
}
