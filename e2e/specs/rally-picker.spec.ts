import { expect, type Page, test } from '@playwright/test';
import { DateRangePicker, demoKingdom, periodLabel, RallyPage, rallyApi } from '../pages/RallyPage.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

/** Opens the page with the browser's clock fixed (the server keeps its own), then the picker. */
async function openPicker(page: Page, target: { kd: number; code: string }, now: string) {
  await page.clock.setFixedTime(new Date(now));
  const rally = new RallyPage(page);
  await rally.open(target.kd, target.code);
  await rally.settled();
  await rally.periodButton('Custom Range').click();
  const picker = new DateRangePicker(page);
  await expect(picker.dialog).toBeVisible();
  return { rally, picker };
}

test.describe('the Select Date Range picker', () => {
  test('shows the month with Su–Sa columns, today outlined, and only allowed days', async ({
    page,
    request,
  }) => {
    const target = await demoKingdom(request);
    // Tuesday 2026-03-10: 60 days back is January 9, so February 1st (the previous month) is the first day allowed.
    const { picker } = await openPicker(page, target, '2026-03-10T10:00:00Z');

    await expect(picker.month).toHaveText('March 2026');
    await expect(picker.weekdayHeaders).toHaveText(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    await expect(picker.hint).toHaveText('Click to select start date');
    await expect(picker.label).toHaveText('Select dates');
    await expect(picker.apply).toBeDisabled();
    await expect(picker.day('March 10, 2026')).toHaveAttribute('aria-current', 'date');
    await expect(picker.day('March 10, 2026')).toBeEnabled();
    await expect(picker.day('March 11, 2026')).toBeDisabled();
    await expect(picker.nextMonth).toBeDisabled();

    await picker.previousMonth.click();
    await expect(picker.month).toHaveText('February 2026');
    await expect(picker.day('February 1, 2026')).toBeEnabled();
    // February 2026 starts on a Sunday: the 1st is in the first column.
    const firstRow = picker.dialog.locator('tbody tr').first();
    await expect(firstRow.locator('td').first()).toHaveText('1');
    await expect(picker.previousMonth).toBeDisabled();
  });

  test('picks a start, swaps on an earlier second click, starts anew on a third, clears', async ({
    page,
    request,
  }) => {
    const target = await demoKingdom(request);
    const { picker } = await openPicker(page, target, '2026-03-10T10:00:00Z');
    await picker.previousMonth.click();

    await picker.day('February 20, 2026').click();
    await expect(picker.hint).toHaveText('Click to select end date');
    await expect(picker.label).toHaveText('Select dates');
    await expect(picker.apply).toBeDisabled();

    // Hovering previews the range from the start to the day under the pointer.
    await picker.day('February 24, 2026').hover();
    await expect(picker.day('February 22, 2026')).toHaveAttribute('data-in-range', 'true');
    await expect(picker.day('February 26, 2026')).not.toHaveAttribute('data-in-range', 'true');

    await picker.day('February 10, 2026').click();
    await expect(picker.label).toHaveText('Feb 10 - Feb 20');
    await expect(picker.hint).toHaveText('Click to select new range');
    await expect(picker.apply).toBeEnabled();
    await expect(picker.day('February 10, 2026')).toHaveAttribute('aria-pressed', 'true');
    await expect(picker.day('February 20, 2026')).toHaveAttribute('aria-pressed', 'true');

    await picker.day('February 15, 2026').click();
    await expect(picker.hint).toHaveText('Click to select end date');
    await expect(picker.label).toHaveText('Select dates');
    await expect(picker.apply).toBeDisabled();

    await picker.day('February 18, 2026').click();
    await expect(picker.label).toHaveText('Feb 15 - Feb 18');

    await picker.clear.click();
    await expect(picker.label).toHaveText('Select dates');
    await expect(picker.hint).toHaveText('Click to select start date');
    await expect(picker.apply).toBeDisabled();
  });

  test('Apply Range asks for the custom range in unix seconds; a preset clears it', async ({
    page,
    request,
  }) => {
    const target = await demoKingdom(request);
    const thisWeek = await rallyApi(request, target, { date_filter: 'this_week' });
    const { rally, picker } = await openPicker(page, target, '2026-03-10T10:00:00Z');
    await picker.previousMonth.click();
    await picker.day('February 15, 2026').click();
    await picker.day('February 18, 2026').click();

    const asked = page.waitForRequest((r) => r.url().includes('date_filter=custom'));
    await picker.apply.click();
    const url = new URL((await asked).url());
    expect(url.searchParams.get('custom_start')).toBe(String(at('2026-02-15T00:00:00Z')));
    expect(url.searchParams.get('custom_end')).toBe(String(at('2026-02-18T23:59:59Z')));
    await expect(picker.dialog).toBeHidden();
    await expect(rally.periodButton('Custom Range')).toHaveAttribute('aria-pressed', 'true');
    await expect(rally.periodText).toHaveText('Feb 15 - Feb 18 (UTC)');

    // Opening it again starts from the applied range.
    await rally.periodButton('Custom Range').click();
    await expect(picker.label).toHaveText('Feb 15 - Feb 18');
    await expect(picker.month).toHaveText('February 2026');
    await picker.dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(picker.dialog).toBeHidden();

    const later: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/rally/')) later.push(new URL(r.url()));
    });
    await rally.periodButton('This Week').click();
    await expect(rally.periodButton('This Week')).toHaveAttribute('aria-pressed', 'true');
    // This week's answer is still cached from the first load; anything asked now carries no custom range.
    await expect(rally.periodText).toHaveText(`${periodLabel(thisWeek.period)} (UTC)`);
    expect(
      later.every((url) => !url.searchParams.has('custom_start') && !url.searchParams.has('custom_end')),
    ).toBe(true);
    await expect(rally.periodButton('Custom Range')).toHaveAttribute('aria-pressed', 'false');
    await rally.periodButton('Custom Range').click();
    await expect(picker.label).toHaveText('Select dates');
  });

  test('crosses the year on New Year’s Day: December is the previous month', async ({ page, request }) => {
    const target = await demoKingdom(request);
    const { picker } = await openPicker(page, target, '2026-01-01T08:00:00Z');
    await expect(picker.month).toHaveText('January 2026');
    await expect(picker.day('January 2, 2026')).toBeDisabled();
    await picker.previousMonth.click();
    await expect(picker.month).toHaveText('December 2025');
    await expect(picker.day('December 1, 2025')).toBeEnabled();
    await expect(picker.previousMonth).toBeDisabled();
    await picker.day('December 30, 2025').click();
    await picker.nextMonth.click();
    await picker.day('January 1, 2026').click();
    await expect(picker.label).toHaveText('Dec 30 - Jan 1');
  });
});
