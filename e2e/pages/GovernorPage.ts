import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { AppPage } from './AppPage.ts';
import type { DemoTarget } from './DashboardPage.ts';

export interface GovernorJson {
  header: { name: string; power: number | null } | null;
  scans: { takenAt: number; power: number | null }[];
  seasons: { kvkNumber: number; result: { dkp: number | null; rank: number; ranked: number } | null }[];
  wars: { name: string }[];
  history: { names: { value: string | null }[] };
}

export async function governorJson(
  request: APIRequestContext,
  target: DemoTarget,
  governorId: number,
): Promise<GovernorJson> {
  const answer = await request.get(`/api/governor/${target.kd}/${governorId}/${target.code}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as GovernorJson;
}

export const governorPath = (target: DemoTarget, governorId: number | string, code = target.code) =>
  `/${target.kd}/governor/${governorId}/${code}`;

/** The governor page: header, charts with their read-outs, the season/war table and the history lists. */
export class GovernorPage extends AppPage {
  constructor(
    page: Page,
    readonly target: DemoTarget,
  ) {
    super(page);
  }

  async open(governorId: number | string, code = this.target.code): Promise<void> {
    await this.goto(governorPath(this.target, governorId, code));
  }

  get header(): Locator {
    return this.page.getByTestId('governor-header');
  }

  chart(key: string): Locator {
    return this.page.getByTestId(`chart-${key}`);
  }

  /** The read-out above a chart (the scan under the cursor, else the latest). */
  readout(key: string): Locator {
    return this.page.locator('figure', { has: this.chart(key) }).getByTestId('chart-readout');
  }

  modeButton(name: 'Totals' | 'Gains per scan'): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  get periodTable(): Locator {
    return this.page.getByTestId('period-results');
  }

  history(title: 'Names' | 'Alliances' | 'Home kingdoms'): Locator {
    return this.page.getByRole('list', { name: title });
  }

  /** The page is no wider than the window (one column on a phone). */
  async expectNoSidewaysScroll(): Promise<void> {
    const overflow = await this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }
}
