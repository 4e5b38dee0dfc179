import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { AppPage } from './AppPage.ts';
import type { DemoTarget } from './DashboardPage.ts';

export interface FormulaJson {
  formula: {
    goals: {
      from: number;
      to: number;
      type: string;
      score_multiplier: number | null;
      dead_multiplier: number | null;
      kp_multiplier: number | null;
    }[];
    stats_formula: Record<string, [number, boolean]>;
    score_on: boolean;
    dead_on: boolean;
    kp_on: boolean;
  };
  dates: { scan_name: string; display: string; timestamp: number }[];
  dkpScansSelection: 'none' | { wars: { before: Record<string, number>; after: Record<string, number> }[] };
  activeKvk: boolean;
  hohValidation: { valid: boolean; reason: string | null; kvkFound: boolean; hohCount: number };
}

export async function formulaJson(request: APIRequestContext, target: DemoTarget): Promise<FormulaJson> {
  const answer = await request.get(`/api/${target.kd}/formula/${target.code}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as FormulaJson;
}

/** Saves `original` (a GET's answer) back as the kingdom's formula and wars: tests that save put the demo back. */
export async function restoreFormula(
  request: APIRequestContext,
  token: string,
  target: DemoTarget,
  original: FormulaJson,
): Promise<void> {
  const wars = original.dkpScansSelection === 'none' ? [] : original.dkpScansSelection.wars;
  const answer = await request.post('/api/formula/save', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      passed_data: {
        kdnumber: String(target.kd),
        code: target.code,
        data: original.formula,
        warsConfig: wars.length > 0 ? { base: wars[0]!.before, wars } : null,
      },
    },
  });
  expect(answer.status()).toBe(200);
}

/** True for the editor's GET of the formula. */
export function isFormulaCall(url: URL): boolean {
  return /\/api\/\d+\/formula\/[^/]+$/.test(url.pathname);
}

/** The formula editor: tabs, the Formula, Goals and Wars panels, the modals and the save bar. */
export class FormulaPage extends AppPage {
  readonly target: DemoTarget;

  constructor(page: Page, target: DemoTarget) {
    super(page);
    this.target = target;
  }

  async open(tab = ''): Promise<void> {
    await this.goto(`/${this.target.kd}/formula/${this.target.code}${tab ? `/${tab}` : ''}`);
    await expect(this.tab('Formula')).toBeVisible();
  }

  tab(name: 'Formula' | 'Goals' | 'Wars'): Locator {
    return this.page.getByRole('tab', { name });
  }

  get backButton(): Locator {
    return this.page.getByRole('link', { name: 'Go To KvK Dashboard' });
  }

  get preview(): Locator {
    return this.page.getByTestId('formula-preview');
  }

  statSwitch(label: string): Locator {
    return this.page.getByRole('switch', { name: label, exact: true });
  }

  statInput(label: string): Locator {
    return this.page.getByRole('spinbutton', { name: `${label} points`, exact: true });
  }

  get saveButton(): Locator {
    return this.page.getByTestId('save-formula');
  }

  get floatingSave(): Locator {
    return this.page.getByTestId('floating-save');
  }

  get resetButton(): Locator {
    return this.page.getByRole('button', { name: 'Reset to Default' });
  }

  get errorList(): Locator {
    return this.page.getByTestId('error-list');
  }

  /** The open modal dialog (the native <dialog> in the top layer). */
  dialog(name: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name });
  }

  get resultMessage(): Locator {
    return this.page.getByTestId('result-message');
  }

  async closeResult(): Promise<void> {
    await this.page.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(this.resultMessage).toBeHidden();
  }

  // ---- Goals ----
  get tierCards(): Locator {
    return this.page.getByTestId('tier-card');
  }

  get tierCounter(): Locator {
    return this.page.getByTestId('tier-counter');
  }

  get addTierButton(): Locator {
    return this.page.getByRole('button', { name: /Add New Tier|Max Tiers Reached/ });
  }

  /** Brings tier n (1-based) into view: on mobile the carousel shows one tier at a time. */
  async showTier(n: number): Promise<Locator> {
    const dot = this.page.getByRole('button', { name: `Show tier ${n}`, exact: true });
    if (await dot.isVisible()) await dot.click();
    return this.page.getByRole('article', { name: `Power tier ${n}`, exact: true });
  }

  // ---- Wars ----
  get warCards(): Locator {
    return this.page.getByTestId('war-card');
  }

  get warsBanner(): Locator {
    return this.page.getByTestId('wars-banner');
  }
}
