import { expect, type Page, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';
import { clippedText, sidewaysScroll } from '../support/clipped-text.ts';
import { DEMO_SECRET } from '../support/env.ts';
import { signIn } from '../support/users.ts';

/** Console errors and warnings and page errors while the screen is open. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

const demo = (query = '') => `/demo/dashboard/${DEMO_SECRET}${query}`;

/** What the main dashboard says in each language tested (apps/web/src/i18n/locales/<code>.json). */
const DASHBOARD_IN = [
  {
    lang: 'vi',
    dir: 'ltr',
    title: /^Bảng điều khiển chính — Vương quốc \d+$/,
    camps: 'Thành tích theo phe',
    players: 'Thống kê người chơi',
    powerHeader: 'Sức Mạnh',
    menu: 'Ngôn ngữ',
  },
  {
    lang: 'ar',
    dir: 'rtl',
    title: /^لوحة المعلومات الرئيسية — المملكة \d+$/,
    camps: 'الأداء حسب المعسكر',
    players: 'إحصاءات اللاعبين',
    powerHeader: 'القوة',
    menu: 'اللغة',
  },
  {
    lang: 'ja',
    dir: 'ltr',
    title: /^メインダッシュボード — 王国 \d+$/,
    camps: '陣営別の成績',
    players: 'プレイヤー統計',
    powerHeader: '戦力',
    menu: '言語',
  },
] as const;

test.describe('languages @desktop-only', () => {
  for (const expected of DASHBOARD_IN) {
    test(`the dashboard in ${expected.lang}: translated headings and headers, direction, no console errors`, async ({
      page,
    }) => {
      const problems = collectProblems(page);
      await page.goto(demo(`?lang=${expected.lang}`));
      await expect(page.getByRole('heading', { level: 1, name: expected.title })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', expected.lang);
      await expect(page.locator('html')).toHaveAttribute('dir', expected.dir);
      await expect(page.getByRole('heading', { level: 2, name: expected.camps })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: expected.players })).toBeVisible();
      // Headers are translated for the eye; the column keeps its English id for sorting and exports.
      await expect(page.locator('#playerStats th[data-column="Power"]')).toContainText(expected.powerHeader);
      await expect(page.locator('#playerStats tbody tr[data-gov-id]').first()).toBeVisible();
      // The menu shows the language chosen.
      await expect(page.getByRole('combobox', { name: expected.menu })).toHaveValue(expected.lang);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });
  }

  test('a link’s ?lang= is remembered for the next screen, and the menu changes the language', async ({
    page,
  }) => {
    await page.goto(demo('?lang=ja'));
    await expect(page.getByRole('heading', { level: 1, name: /^メインダッシュボード/ })).toBeVisible();

    // The landing page, without the parameter, opens in the language the link carried.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'プラットフォームの機能' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');

    // The header's menu switches the page at once and is remembered across a reload.
    await page.getByRole('combobox', { name: '言語' }).selectOption('de');
    await expect(page.getByRole('heading', { level: 2, name: 'Funktionen der Plattform' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Funktionen der Plattform' })).toBeVisible();

    // German numbers: dots between thousands in the player table's Power column.
    await page.goto(demo());
    const power = page.locator('#playerStats tbody td[data-col="Power"]').first();
    await expect(power).toHaveText(/^\d{1,3}(\.\d{3})+$/);
  });

  test('the KvK DKP, compare and arrivals screens in Arabic: translated headings, headers, plurals and dialog', async ({
    page,
    request,
  }) => {
    const problems = collectProblems(page);
    const target = await demoTarget(request);
    const rows = await request.get(`/api/kd-dashboard/${target.kd}/data/${target.code}`);
    const ids = ((await rows.json()) as { playerData: { 'Governor ID': number }[] }).playerData
      .slice(0, 2)
      .map((row) => row['Governor ID']);

    await page.goto(`/${target.kd}/kd-dashboard/${target.code}?lang=ar`);
    await expect(page.getByRole('heading', { level: 1, name: /^لوحة DKP — المملكة \d+$/ })).toBeVisible();
    await expect(page.locator('#dkp-table th[data-column="DKP Score"]')).toContainText('نقاط DKP');
    // Arabic's plural forms: '309 حكام' (3–10 after the hundreds), '311 حاكمًا' (11–99 after them).
    await expect(page.getByText(/^[\d,٬]+ (حكام|حاكمًا|حاكم)، مرتّبون حسب نقاط DKP\.$/)).toBeVisible();
    await page.getByRole('button', { name: 'تصنيفات ما قبل KvK' }).click();
    await expect(page.getByRole('dialog', { name: 'تصنيفات ما قبل KvK' })).toContainText('أيام قبل الافتتاح');

    await page.goto(`/${target.kd}/compare/${target.code}?ids=${ids.join(',')}&lang=ar`);
    await expect(page.getByRole('heading', { level: 1, name: 'مقارنة الحكام' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'الحكام قيد المقارنة' }).getByRole('listitem')).toHaveCount(
      2,
    );

    await page.goto(`/${target.kd}/movements/${target.code}?lang=ar`);
    await expect(
      page.getByRole('heading', { level: 1, name: /^الوافدون والمغادرون — المملكة \d+$/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: /^الوافدون \(/ }).locator('th[data-column="Why"]'),
    ).toHaveText('السبب');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test('English stays the default for an English browser', async ({ page }) => {
    await page.goto(demo());
    await expect(
      page.getByRole('heading', { level: 1, name: /^Main dashboard — Kingdom \d+$/ }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });
});

// Issue 38: on a phone the Arabic header cut "Kingdom Stats" short. The longest sign-in labels are Arabic,
// Vietnamese, German and Russian; the name, the language menu and Login must fit side by side at 375 px.
test.describe('the header on a phone @phone-only', () => {
  const LOGIN_IN = { ar: 'تسجيل الدخول', vi: 'Đăng nhập', de: 'Anmelden', ru: 'Войти' } as const;
  for (const [lang, login] of Object.entries(LOGIN_IN)) {
    test(`keeps the site's name whole in ${lang}`, async ({ page }) => {
      await page.goto(`/?lang=${lang}`);
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: login, exact: true })).toBeInViewport({ ratio: 1 });
      await expect(banner.getByRole('combobox')).toHaveValue(lang);
      const name = banner.getByText('Kingdom Stats', { exact: true });
      await expect(name).toBeVisible();
      const { shown, needed } = await name.evaluate((span) => ({
        shown: span.clientWidth,
        needed: span.scrollWidth,
      }));
      expect(needed).toBeLessThanOrEqual(shown);
    });
  }
});

/** Every screen of apps/web/src/routes.tsx (but /unauthorized, a sentence and a link), in its address form. */
function everyScreen(kd: number, code: string, governorIds: number[]) {
  return [
    { name: 'landing', path: '/' },
    { name: 'login', path: '/login' },
    { name: 'demo', path: `/demo/dashboard/${DEMO_SECRET}` },
    { name: 'dashboard', path: `/${kd}/dashboard/${code}` },
    { name: 'KvK DKP', path: `/${kd}/kd-dashboard/${code}` },
    { name: 'rallies', path: `/${kd}/rallydata/${code}` },
    { name: 'movements', path: `/${kd}/movements/${code}` },
    { name: 'activity', path: `/${kd}/activity/${code}` },
    { name: 'governor', path: `/${kd}/governor/${governorIds[0]}/${code}` },
    { name: 'compare', path: `/${kd}/compare/${code}?ids=${governorIds.join(',')}` },
    { name: 'formula', path: `/${kd}/formula/${code}` },
    // Signed in from here on (a superadmin sees them all).
    { name: 'kingdom home', path: `/${kd}/home`, signedIn: true },
    { name: 'kingdom settings', path: `/admin/settings/${kd}/${code}`, signedIn: true },
    { name: 'data review', path: `/admin/settings/${kd}/${code}/review`, signedIn: true },
    { name: 'migration list', path: `/admin/settings/${kd}/${code}/migration-list`, signedIn: true },
    { name: 'Kingdom Management', path: '/admin/settings', signedIn: true },
    { name: 'User Management', path: '/admin/users', signedIn: true },
  ];
}

// Issue 38 item 7: every screen in a long Latin script with diacritics (vi), right to left (ar) and CJK (ja), at
// both widths: the language and direction, no console errors, no page wider than the window, and no button,
// heading, label or table header whose words are cut off (support/clipped-text.ts). One page load per screen;
// soft checks, so a failure lists every screen and element at once.
test.describe('every screen in vi, ar and ja @phone', () => {
  for (const lang of ['vi', 'ar', 'ja'] as const) {
    test(`every screen in ${lang}: lang and dir, no console errors, nothing clipped or wider than the page`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const target = await demoTarget(request);
      const rows = await request.get(`/api/dashboard/${target.kd}/data/${target.code}`);
      const governorIds = ((await rows.json()) as { playerData: { 'Gov ID': number }[] }).playerData
        .slice(0, 2)
        .map((row) => row['Gov ID']);
      const problems = collectProblems(page);
      let signedIn = false;
      for (const screen of everyScreen(target.kd, target.code, governorIds)) {
        if (screen.signedIn && !signedIn) {
          await signIn(page, 'superadmin');
          signedIn = true;
        }
        problems.length = 0;
        const separator = screen.path.includes('?') ? '&' : '?';
        await page.goto(`${screen.path}${separator}lang=${lang}`);
        await expect(page.getByRole('heading', { level: 1 }).first(), screen.name).toBeVisible();
        await expect(page.locator('[role="status"]:has(.animate-spin)'), screen.name).toHaveCount(0);
        await expect.soft(page.locator('html'), screen.name).toHaveAttribute('lang', lang);
        await expect
          .soft(page.locator('html'), screen.name)
          .toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        expect.soft(await sidewaysScroll(page), `${screen.name}: the page scrolls sideways by`).toBe(0);
        expect.soft(await clippedText(page), `${screen.name}: clipped text`).toEqual([]);
        expect.soft(problems, `${screen.name}: console errors`).toEqual([]);
      }
    });
  }
});
