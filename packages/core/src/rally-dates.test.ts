import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  averagePerDay,
  type CalendarDay,
  calendarBounds,
  customParamsOfDays,
  customRange,
  DAY_SECONDS,
  dayFromParts,
  dayOf,
  dayParts,
  daysInPeriod,
  daysOfCustomParams,
  EMPTY_SELECTION,
  highlightedRange,
  initialMonth,
  isoDate,
  isRallyDateFilter,
  isSelectable,
  isSelectionComplete,
  mondayOf,
  monthGrid,
  monthHasSelectableDays,
  monthTitle,
  periodLabel,
  pickDay,
  presetRange,
  RALLY_DATE_FILTER_OPTIONS,
  RALLY_DATE_FILTERS,
  type RallyPreset,
  rangeLabel,
  selectionHint,
  selectionStage,
  WEEKDAY_HEADERS,
} from './rally-dates.ts';

/** Unix seconds of an ISO time (UTC). */
const at = (iso: string) => Date.parse(iso) / 1000;
const day = (iso: string): CalendarDay => dayOf(at(`${iso}T00:00:00Z`));
/** A range as ISO times, for readable expectations. */
const iso = (range: { start: number; end: number }) => ({
  start: new Date(range.start * 1000).toISOString(),
  end: new Date(range.end * 1000).toISOString(),
});

describe('period presets', () => {
  it('lists the period buttons in SPEC order with this_week the default', () => {
    expect(RALLY_DATE_FILTER_OPTIONS.map((o) => o.label)).toEqual([
      'Today',
      'Yesterday',
      'This Week',
      'Last Week',
      'Last 30 Days',
      'Custom Range',
    ]);
    expect(RALLY_DATE_FILTER_OPTIONS.map((o) => o.value)).toEqual([...RALLY_DATE_FILTERS]);
    expect(isRallyDateFilter('this_week')).toBe(true);
    expect(isRallyDateFilter('THIS_WEEK')).toBe(false);
    expect(isRallyDateFilter(undefined)).toBe(false);
  });

  // Wednesday 2026-11-18 15:30 UTC.
  const wednesday = at('2026-11-18T15:30:00Z');

  it('today and yesterday are whole UTC days', () => {
    expect(iso(presetRange('today', wednesday))).toEqual({
      start: '2026-11-18T00:00:00.000Z',
      end: '2026-11-19T00:00:00.000Z',
    });
    expect(iso(presetRange('yesterday', wednesday))).toEqual({
      start: '2026-11-17T00:00:00.000Z',
      end: '2026-11-18T00:00:00.000Z',
    });
  });

  it('this week runs Monday to Sunday, last week the seven days before', () => {
    expect(iso(presetRange('this_week', wednesday))).toEqual({
      start: '2026-11-16T00:00:00.000Z',
      end: '2026-11-23T00:00:00.000Z',
    });
    expect(iso(presetRange('last_week', wednesday))).toEqual({
      start: '2026-11-09T00:00:00.000Z',
      end: '2026-11-16T00:00:00.000Z',
    });
  });

  it('on a Monday this week starts that very morning', () => {
    const monday = at('2026-11-16T00:00:00Z');
    expect(iso(presetRange('this_week', monday)).start).toBe('2026-11-16T00:00:00.000Z');
    expect(iso(presetRange('last_week', monday)).start).toBe('2026-11-09T00:00:00.000Z');
  });

  it('on a Sunday this week is the week that started six days before', () => {
    const sunday = at('2026-11-22T23:59:59Z');
    expect(iso(presetRange('this_week', sunday))).toEqual({
      start: '2026-11-16T00:00:00.000Z',
      end: '2026-11-23T00:00:00.000Z',
    });
    expect(iso(presetRange('last_week', sunday))).toEqual({
      start: '2026-11-09T00:00:00.000Z',
      end: '2026-11-16T00:00:00.000Z',
    });
  });

  it('last 30 days is today and the 29 days before it', () => {
    const range = presetRange('last_30_days', wednesday);
    expect(iso(range)).toEqual({ start: '2026-10-20T00:00:00.000Z', end: '2026-11-19T00:00:00.000Z' });
    expect((range.end - range.start) / DAY_SECONDS).toBe(30);
  });

  it('crosses a year boundary: 2026-01-01 (a Thursday)', () => {
    const newYear = at('2026-01-01T08:00:00Z');
    expect(iso(presetRange('yesterday', newYear)).start).toBe('2025-12-31T00:00:00.000Z');
    expect(iso(presetRange('this_week', newYear))).toEqual({
      start: '2025-12-29T00:00:00.000Z',
      end: '2026-01-05T00:00:00.000Z',
    });
    expect(iso(presetRange('last_week', newYear)).start).toBe('2025-12-22T00:00:00.000Z');
    expect(iso(presetRange('last_30_days', newYear)).start).toBe('2025-12-03T00:00:00.000Z');
  });

  it('crosses a month boundary after February: 2026-03-01 (a Sunday)', () => {
    const march = at('2026-03-01T00:00:00Z');
    expect(iso(presetRange('yesterday', march)).start).toBe('2026-02-28T00:00:00.000Z');
    expect(iso(presetRange('this_week', march))).toEqual({
      start: '2026-02-23T00:00:00.000Z',
      end: '2026-03-02T00:00:00.000Z',
    });
    expect(iso(presetRange('last_30_days', march)).start).toBe('2026-01-31T00:00:00.000Z');
  });

  it('handles a leap February: 2028-03-01', () => {
    expect(iso(presetRange('yesterday', at('2028-03-01T12:00:00Z'))).start).toBe('2028-02-29T00:00:00.000Z');
  });

  it('every preset is whole days and contains now, except yesterday and last week which end before today', () => {
    const presets: RallyPreset[] = ['today', 'yesterday', 'this_week', 'last_week', 'last_30_days'];
    fc.assert(
      fc.property(fc.integer({ min: 1_500_000_000, max: 2_500_000_000 }), (now) => {
        for (const preset of presets) {
          const range = presetRange(preset, now);
          expect(range.start % DAY_SECONDS).toBe(0);
          expect(range.end % DAY_SECONDS).toBe(0);
          expect(range.start).toBeLessThan(range.end);
          const containsNow = range.start <= now && now < range.end;
          expect(containsNow).toBe(preset !== 'yesterday' && preset !== 'last_week');
        }
        expect(dayParts(dayOf(presetRange('this_week', now).start)).weekday).toBe(1);
        expect(presetRange('last_week', now).end).toBe(presetRange('this_week', now).start);
      }),
    );
  });

  it('mondayOf a Sunday is six days back', () => {
    expect(isoDate(mondayOf(day('2026-11-22')))).toBe('2026-11-16');
    expect(isoDate(mondayOf(day('2026-11-16')))).toBe('2026-11-16');
  });
});

describe('custom ranges and averages', () => {
  it('sends the first second of the first day and the last second of the last day', () => {
    const params = customParamsOfDays(day('2026-11-03'), day('2026-11-09'));
    expect(params).toEqual({
      custom_start: at('2026-11-03T00:00:00Z'),
      custom_end: at('2026-11-09T23:59:59Z'),
    });
    expect(customParamsOfDays(day('2026-11-09'), day('2026-11-03'))).toEqual(params);
    expect(daysOfCustomParams(params.custom_start, params.custom_end)).toEqual({
      from: day('2026-11-03'),
      to: day('2026-11-09'),
    });
    expect(iso(customRange(params.custom_start, params.custom_end))).toEqual({
      start: '2026-11-03T00:00:00.000Z',
      end: '2026-11-10T00:00:00.000Z',
    });
  });

  it('divides by the days of the period that have begun', () => {
    const wednesday = at('2026-11-18T15:30:00Z');
    expect(daysInPeriod(presetRange('today', wednesday), wednesday)).toBe(1);
    expect(daysInPeriod(presetRange('yesterday', wednesday), wednesday)).toBe(1);
    expect(daysInPeriod(presetRange('this_week', wednesday), wednesday)).toBe(3);
    expect(daysInPeriod(presetRange('last_week', wednesday), wednesday)).toBe(7);
    expect(daysInPeriod(presetRange('last_30_days', wednesday), wednesday)).toBe(30);
    const custom = customParamsOfDays(day('2026-11-01'), day('2026-11-10'));
    expect(daysInPeriod(customRange(custom.custom_start, custom.custom_end), wednesday)).toBe(10);
    // A period wholly in the future still divides by one day, never by zero.
    expect(
      daysInPeriod({ start: at('2026-12-01T00:00:00Z'), end: at('2026-12-08T00:00:00Z') }, wednesday),
    ).toBe(1);
  });

  it('rounds the average to one decimal', () => {
    expect(averagePerDay(10, 3)).toBe(3.3);
    expect(averagePerDay(20, 3)).toBe(6.7);
    expect(averagePerDay(0, 7)).toBe(0);
    expect(averagePerDay(5, 0)).toBe(0);
  });

  it('labels a period by its first and last day', () => {
    const wednesday = at('2026-11-18T15:30:00Z');
    expect(periodLabel(presetRange('this_week', wednesday))).toBe('Nov 16 - Nov 22');
    expect(periodLabel(presetRange('today', wednesday))).toBe('Nov 18 - Nov 18');
    expect(periodLabel(presetRange('last_30_days', at('2026-01-01T00:00:00Z')))).toBe('Dec 3 - Jan 1');
  });
});

describe('calendar', () => {
  it('has weekday headers Su to Sa', () => {
    expect(WEEKDAY_HEADERS).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
  });

  it('lays out November 2026 from a Sunday the 1st', () => {
    const grid = monthGrid({ year: 2026, month: 11 });
    expect(grid).toHaveLength(5);
    expect(grid[0]![0]).toBe(day('2026-11-01'));
    expect(grid[4]!.map((d) => (d === null ? null : dayParts(d).day))).toEqual([
      29,
      30,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('lays out February 2026 in exactly four weeks and January 2026 from a Thursday', () => {
    expect(monthGrid({ year: 2026, month: 2 })).toHaveLength(4);
    const january = monthGrid({ year: 2026, month: 1 });
    expect(january[0]!.slice(0, 4)).toEqual([null, null, null, null]);
    expect(january[0]![4]).toBe(day('2026-01-01'));
    expect(dayParts(january[0]![4]!).weekday).toBe(4);
  });

  it('puts every day of any month once, in its weekday column', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const grid = monthGrid({ year, month });
        expect(grid.length).toBeGreaterThanOrEqual(4);
        expect(grid.length).toBeLessThanOrEqual(6);
        const days: CalendarDay[] = [];
        for (const week of grid) {
          expect(week).toHaveLength(7);
          week.forEach((d, column) => {
            if (d === null) return;
            expect(dayParts(d).weekday).toBe(column);
            days.push(d);
          });
        }
        expect(dayParts(days[0]!)).toMatchObject({ year, month, day: 1 });
        expect(days.every((d, i) => i === 0 || d === days[i - 1]! + 1)).toBe(true);
        expect(dayParts(days.at(-1)! + 1).day).toBe(1);
      }),
    );
  });

  it('moves between months across a year boundary', () => {
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(addMonths({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(addMonths({ year: 2026, month: 3 }, -14)).toEqual({ year: 2025, month: 1 });
    expect(monthTitle({ year: 2026, month: 11 })).toBe('November 2026');
  });

  describe('bounds', () => {
    const bounds = (nowIso: string) => {
      const b = calendarBounds(at(nowIso));
      return { min: isoDate(b.min), max: isoDate(b.max) };
    };

    it('starts at the first day of the previous month when that is later than 60 days back', () => {
      expect(bounds('2026-11-22T07:00:00Z')).toEqual({ min: '2026-10-01', max: '2026-11-22' });
      // 60 days before 2026-03-01 is 2025-12-31; February 1st is later.
      expect(bounds('2026-03-01T00:00:00Z')).toEqual({ min: '2026-02-01', max: '2026-03-01' });
    });

    it('crosses the year: on 2026-01-01 the previous month is December 2025', () => {
      expect(bounds('2026-01-01T12:00:00Z')).toEqual({ min: '2025-12-01', max: '2026-01-01' });
    });

    it('starts 60 days back at the end of a month that follows a 31-day month', () => {
      // 60 days before 2026-01-31 is 2025-12-02, later than 2025-12-01.
      expect(bounds('2026-01-31T23:59:59Z')).toEqual({ min: '2025-12-02', max: '2026-01-31' });
      expect(bounds('2026-08-31T10:00:00Z')).toEqual({ min: '2026-07-02', max: '2026-08-31' });
    });

    it('never reaches more than 60 days back nor before the previous month', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1_500_000_000, max: 2_500_000_000 }), (now) => {
          const b = calendarBounds(now);
          const today = dayOf(now);
          expect(b.max).toBe(today);
          expect(today - b.min).toBeLessThanOrEqual(60);
          const previous = addMonths({ year: dayParts(today).year, month: dayParts(today).month }, -1);
          expect(b.min).toBeGreaterThanOrEqual(dayFromParts(previous.year, previous.month, 1));
        }),
      );
    });

    it('makes only days within the bounds selectable, and only months holding such days reachable', () => {
      const b = calendarBounds(at('2026-01-01T12:00:00Z'));
      expect(isSelectable(day('2025-12-01'), b)).toBe(true);
      expect(isSelectable(day('2025-11-30'), b)).toBe(false);
      expect(isSelectable(day('2026-01-01'), b)).toBe(true);
      expect(isSelectable(day('2026-01-02'), b)).toBe(false);
      expect(monthHasSelectableDays({ year: 2025, month: 12 }, b)).toBe(true);
      expect(monthHasSelectableDays({ year: 2025, month: 11 }, b)).toBe(false);
      expect(monthHasSelectableDays({ year: 2026, month: 2 }, b)).toBe(false);
    });
  });
});

describe('the picker selection', () => {
  const d3 = day('2026-11-03');
  const d9 = day('2026-11-09');
  const d12 = day('2026-11-12');

  it('goes no start → start picked → end picked → new range', () => {
    let selection = EMPTY_SELECTION;
    expect(selectionStage(selection)).toBe('no-start');
    expect(selectionHint(selection)).toBe('Click to select start date');
    expect(rangeLabel(selection)).toBe('Select dates');

    selection = pickDay(selection, d3);
    expect(selection).toEqual({ start: d3, end: null });
    expect(selectionHint(selection)).toBe('Click to select end date');
    expect(rangeLabel(selection)).toBe('Select dates');
    expect(isSelectionComplete(selection)).toBe(false);

    selection = pickDay(selection, d9);
    expect(selection).toEqual({ start: d3, end: d9 });
    expect(selectionHint(selection)).toBe('Click to select new range');
    expect(rangeLabel(selection)).toBe('Nov 3 - Nov 9');
    expect(isSelectionComplete(selection)).toBe(true);

    selection = pickDay(selection, d12);
    expect(selection).toEqual({ start: d12, end: null });
    expect(selectionHint(selection)).toBe('Click to select end date');
  });

  it('swaps when the second click is before the first', () => {
    expect(pickDay(pickDay(EMPTY_SELECTION, d9), d3)).toEqual({ start: d3, end: d9 });
  });

  it('allows a one-day range by clicking the start day again', () => {
    expect(pickDay(pickDay(EMPTY_SELECTION, d9), d9)).toEqual({ start: d9, end: d9 });
    expect(rangeLabel({ start: d9, end: d9 })).toBe('Nov 9 - Nov 9');
  });

  it('labels a range across a year boundary', () => {
    expect(rangeLabel({ start: day('2025-12-28'), end: day('2026-01-02') })).toBe('Dec 28 - Jan 2');
  });

  it('highlights the chosen range, or the start to the hovered day', () => {
    expect(highlightedRange(EMPTY_SELECTION, d9)).toBeNull();
    expect(highlightedRange({ start: d9, end: null }, null)).toBeNull();
    expect(highlightedRange({ start: d9, end: null }, d12)).toEqual({ from: d9, to: d12 });
    expect(highlightedRange({ start: d9, end: null }, d3)).toEqual({ from: d3, to: d9 });
    expect(highlightedRange({ start: d3, end: d9 }, d12)).toEqual({ from: d3, to: d9 });
  });

  it('opens on the chosen start month while selectable, otherwise on today', () => {
    const now = at('2026-11-22T07:00:00Z');
    expect(initialMonth(EMPTY_SELECTION, now)).toEqual({ year: 2026, month: 11 });
    expect(initialMonth({ start: day('2026-10-05'), end: d3 }, now)).toEqual({ year: 2026, month: 10 });
    expect(initialMonth({ start: day('2026-08-05'), end: d3 }, now)).toEqual({ year: 2026, month: 11 });
  });
});
