import { expect, test } from '@playwright/test';
import { demoTarget } from '../pages/DashboardPage.ts';
import { kdDashboardJson } from '../pages/KdDashboardPage.ts';

// Issue 41 item 11: the choices of the governor page's charts, autarch mode and the summary tables' sorts are in the
// address like the rest of the view (phones-and-urls.spec.ts, "the view lives in the address").

/** The first screen of a cold server on a busy machine can take a while: wait for its data, not a fixed 5 s. */
const FIRST_LOAD = { timeout: 30_000 };

test.describe('the view lives in the address', () => {
  test("the governor page's chart choices are in the address: reload, Back and Forward; a wrong one is said and taken out", async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const leader = (await kdDashboardJson(request, target)).playerData[0]!;
    const path = `/${target.kd}/governor/${leader['Governor ID']}/${target.code}`;
    await page.goto(path);
    const gains = page.getByRole('button', { name: 'Gains per scan', exact: true });
    const season = page.getByRole('button', { name: 'KvK 6', exact: true });
    const allScans = page.getByRole('button', { name: 'All scans', exact: true });
    await gains.click(FIRST_LOAD);
    await season.click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?values=gains&kvk=6$`));
    await page.reload();
    await expect(gains).toHaveAttribute('aria-pressed', 'true');
    await expect(season).toHaveAttribute('aria-pressed', 'true');
    await page.goBack();
    await expect(allScans).toHaveAttribute('aria-pressed', 'true');
    await expect(gains).toHaveAttribute('aria-pressed', 'true');
    await page.goBack();
    await expect(gains).toHaveAttribute('aria-pressed', 'false');
    await page.goForward();
    await expect(gains).toHaveAttribute('aria-pressed', 'true');

    await page.goto(`${path}?values=sideways&kvk=99&counter=dead`);
    const notice = page.getByTestId('address-notice');
    await expect(notice).toContainText('This link asks for', FIRST_LOAD);
    await expect(notice).toContainText('values=sideways');
    await expect(notice).toContainText('kvk=99');
    await expect(page).toHaveURL(new RegExp(`${path}\\?counter=dead$`));
    await expect(page.getByRole('button', { name: 'Totals', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(allScans).toHaveAttribute('aria-pressed', 'true');
  });

  test('autarch mode and the summary tables’ sorts are in the address; a sort on no column is said and taken out', async ({
    page,
    request,
  }) => {
    const target = await demoTarget(request);
    const path = `/${target.kd}/dashboard/${target.code}`;
    await page.goto(`${path}?page=2`);
    const camps = page.locator('#campPerformance');
    const campPower = camps.locator('th[data-column="Power"]');
    await campPower.getByRole('button').click(FIRST_LOAD);
    await expect(campPower).toHaveAttribute('aria-sort', 'ascending');
    const kingdoms = page.locator('#kingdomPerformance');
    await kingdoms.locator('th[data-column="KD"]').getByRole('button').click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?page=2&csort=Power%3Aasc&ksort=KD%3Adesc$`));
    await page.reload();
    await expect(campPower).toHaveAttribute('aria-sort', 'ascending', FIRST_LOAD);
    await expect(kingdoms.locator('th[data-column="KD"]')).toHaveAttribute('aria-sort', 'descending');
    await page.goBack();
    await expect(kingdoms.locator('th[data-column="KD"]')).not.toHaveAttribute('aria-sort', 'descending');
    await expect(campPower).toHaveAttribute('aria-sort', 'ascending');

    const modeSwitch = page.getByRole('switch', { name: 'Autarch mode' });
    await modeSwitch.click();
    await expect(page.getByRole('heading', { name: 'Autarch Camp Performance' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}\\?page=2&mode=autarch$`));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Autarch Camp Performance' })).toBeVisible(FIRST_LOAD);
    await page.goBack();
    await expect(modeSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(campPower).toHaveAttribute('aria-sort', 'ascending');

    await page.goto(`${path}?csort=Charm:desc&ksort=KD:asc`);
    await expect(page.getByTestId('address-notice')).toHaveText(
      /This link asks for csort=Charm:desc, which this screen does not offer: showing the default instead\./,
      FIRST_LOAD,
    );
    await expect(page).toHaveURL(new RegExp(`${path}\\?ksort=KD%3Aasc$`));
    await expect(kingdoms.locator('th[data-column="KD"]')).toHaveAttribute('aria-sort', 'ascending');
  });
});
