import { expect, type Page, test } from '@playwright/test';
import { KingdomHomePage } from '../pages/KingdomHomePage.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const KD = 2101;

function kdhome(
  status: 'active' | 'offseason',
  kvk: { kvk_number: number; open: string; close: string } | null,
) {
  return {
    kd: KD,
    name: 'Aurelia',
    code: 'aurelia-code',
    kvk_info: {
      status,
      current_kvk: kvk && { kvk_number: kvk.kvk_number, open_time: at(kvk.open), close_time: at(kvk.close) },
    },
  };
}

async function answerKdhome(page: Page, body: unknown, options: { status?: number; delayMs?: number } = {}) {
  await page.route('**/api/kdhome/*', async (route) => {
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    await route.fulfill({
      status: options.status ?? 200,
      contentType: 'application/json',
      body: JSON.stringify(body),
    });
  });
}

test.describe('Kingdom home', () => {
  test('signed out, it sends to the login page and remembers where from', async ({ page }) => {
    const home = new KingdomHomePage(page);
    await home.open(KD);
    await expect(page).toHaveURL(/\/login(\?|$)/);
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/${KD}/home`);
  });

  test('shows KvK Active in green with the KvK number, open and close times', async ({ page }) => {
    const home = new KingdomHomePage(page);
    await home.signInWithStoredToken();
    await answerKdhome(
      page,
      kdhome('active', { kvk_number: 7, open: '2026-11-12T14:00:00Z', close: '2027-01-06T09:05:00Z' }),
    );
    await home.open(KD);
    await home.expectHeading('Kingdom 2101');
    await expect(home.status).toHaveText('KvK Active');
    await expect(home.status).toHaveAttribute('data-status', 'active');
    // Green: the banner's colour, read as RGB from a canvas whatever CSS colour space the stylesheet uses.
    const [r, g, b] = await home.status.evaluate((el) => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.fillStyle = getComputedStyle(el).color;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data];
    });
    expect(g).toBeGreaterThan(r! + 40);
    expect(g).toBeGreaterThan(b! + 20);
    await expect(home.kvkNumber).toHaveText('KvK 7');
    await expect(home.openTime).toHaveText('Nov 12, 14:00 UTC');
    await expect(home.closeTime).toHaveText('Jan 6, 09:05 UTC');
  });

  test('shows Offseason with the next KvK', async ({ page }) => {
    const home = new KingdomHomePage(page);
    await home.signInWithStoredToken();
    await answerKdhome(
      page,
      kdhome('offseason', { kvk_number: 8, open: '2027-03-01T00:00:00Z', close: '2027-04-25T12:30:00Z' }),
    );
    await home.open(KD);
    await expect(home.status).toHaveText('Offseason');
    await expect(home.status).toHaveAttribute('data-status', 'offseason');
    await expect(home.kvkNumber).toHaveText('KvK 8');
    await expect(home.openTime).toHaveText('Mar 1, 00:00 UTC');
    await expect(home.closeTime).toHaveText('Apr 25, 12:30 UTC');
  });

  test('shows Offseason without a KvK when none is scheduled', async ({ page }) => {
    const home = new KingdomHomePage(page);
    await home.signInWithStoredToken();
    await answerKdhome(page, kdhome('offseason', null));
    await home.open(KD);
    await expect(home.status).toHaveText('Offseason');
    await expect(home.kvkNumber).toBeHidden();
  });

  test('says Loading kingdom data... while it loads', async ({ page }) => {
    const home = new KingdomHomePage(page);
    await home.signInWithStoredToken();
    await answerKdhome(
      page,
      kdhome('active', { kvk_number: 7, open: '2026-11-12T14:00:00Z', close: '2027-01-06T14:00:00Z' }),
      { delayMs: 1_000 },
    );
    await home.open(KD);
    await expect(home.loading).toBeVisible();
    await expect(home.status).toHaveText('KvK Active');
    await expect(home.loading).toBeHidden();
  });

  test('says Failed to load kingdom data when the server refuses', async ({ page }) => {
    const home = new KingdomHomePage(page);
    await home.signInWithStoredToken();
    await answerKdhome(
      page,
      { statusCode: 403, code: 'FORBIDDEN', error: 'No access', message: 'No access', detail: 'No access' },
      { status: 403 },
    );
    await home.open(KD);
    await expect(home.failed).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('the real server refuses a token that is no session, which signs the browser out', async ({
    page,
  }) => {
    const home = new KingdomHomePage(page);
    await home.signInWithStoredToken('not-a-real-session');
    const answer = page.waitForResponse((r) => r.url().endsWith(`/api/kdhome/${KD}`));
    await home.open(KD);
    expect((await answer).status()).toBe(401);
    await expect(page).toHaveURL(/\/login(\?|$)/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });
});
