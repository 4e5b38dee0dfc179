/**
 * Rally Data periods and the date range picker (SPEC "Rally Data page", §4 Date picker, §5 Calendar, §9).
 *
 * Every date here is a UTC calendar day: the game's clock is UTC, so "Today" starts at 00:00 UTC for every viewer
 * whatever their own time zone (docs/decisions.md). A day is handled as a `CalendarDay`, the number of days since
 * 1970-01-01, which makes day arithmetic plain integer arithmetic; times are unix seconds.
 */

export const RALLY_TIME_ZONE = 'UTC';
export const DAY_SECONDS = 86_400;
/** SPEC §9: the calendar reaches 60 days back at most. */
export const CALENDAR_MAX_DAYS_BACK = 60;

export const RALLY_DATE_FILTERS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'last_30_days',
  'custom',
] as const;
export type RallyDateFilter = (typeof RALLY_DATE_FILTERS)[number];
export type RallyPreset = Exclude<RallyDateFilter, 'custom'>;
export const DEFAULT_RALLY_DATE_FILTER: RallyDateFilter = 'this_week';

/** The period buttons, in the order the page shows them. */
export const RALLY_DATE_FILTER_OPTIONS: readonly { value: RallyDateFilter; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'this_week', label: 'This Week' },
  { value: 'last_week', label: 'Last Week' },
  { value: 'last_30_days', label: 'Last 30 Days' },
  { value: 'custom', label: 'Custom Range' },
];

export function isRallyDateFilter(value: unknown): value is RallyDateFilter {
  return typeof value === 'string' && (RALLY_DATE_FILTERS as readonly string[]).includes(value);
}

/** Days since 1970-01-01 (UTC). */
export type CalendarDay = number;

export function dayOf(seconds: number): CalendarDay {
  return Math.floor(seconds / DAY_SECONDS);
}

/** 00:00:00 UTC of the day, in unix seconds. */
export function dayStartSeconds(day: CalendarDay): number {
  return day * DAY_SECONDS;
}

export interface DayParts {
  year: number;
  /** 1–12. */
  month: number;
  /** 1–31. */
  day: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

export function dayParts(day: CalendarDay): DayParts {
  const date = new Date(day * DAY_SECONDS * 1000);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
  };
}

/** The day of a year, month (1–12) and day of month; out-of-range months and days roll over like Date.UTC. */
export function dayFromParts(year: number, month: number, day: number): CalendarDay {
  return Math.round(Date.UTC(year, month - 1, day) / (DAY_SECONDS * 1000));
}

/** 'YYYY-MM-DD'. */
export function isoDate(day: CalendarDay): string {
  return new Date(day * DAY_SECONDS * 1000).toISOString().slice(0, 10);
}

export const MONTH_SHORT_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'Mar 9'. */
export function shortDayLabel(day: CalendarDay): string {
  const parts = dayParts(day);
  return `${MONTH_SHORT_NAMES[parts.month - 1]} ${parts.day}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Periods

/** A half-open range of unix seconds: `start <= t < end`. */
export interface SecondsRange {
  start: number;
  end: number;
}

/** Monday of the week holding `day` (weeks run Monday to Sunday). */
export function mondayOf(day: CalendarDay): CalendarDay {
  const weekday = dayParts(day).weekday;
  return day - ((weekday + 6) % 7);
}

/**
 * The seconds a preset covers at `now` (unix seconds):
 * - today: 00:00 UTC today up to 00:00 tomorrow; yesterday: the day before;
 * - this_week: Monday 00:00 of this week to the next Monday (Monday to Sunday), last_week the week before;
 * - last_30_days: today and the 29 days before it (SPEC: "label counts 29 days back"), 30 calendar days.
 * The current day and week include their future part, where there are simply no rallies yet.
 */
export function presetRange(preset: RallyPreset, now: number): SecondsRange {
  const today = dayOf(now);
  const days = (from: CalendarDay, to: CalendarDay): SecondsRange => ({
    start: dayStartSeconds(from),
    end: dayStartSeconds(to),
  });
  switch (preset) {
    case 'today':
      return days(today, today + 1);
    case 'yesterday':
      return days(today - 1, today);
    case 'this_week': {
      const monday = mondayOf(today);
      return days(monday, monday + 7);
    }
    case 'last_week': {
      const monday = mondayOf(today) - 7;
      return days(monday, monday + 7);
    }
    case 'last_30_days':
      return days(today - 29, today + 1);
  }
}

/**
 * The custom period of the API's custom_start and custom_end (unix seconds, both inclusive): the picker sends
 * 00:00:00 UTC of the first day and 23:59:59 UTC of the last.
 */
export function customRange(customStart: number, customEnd: number): SecondsRange {
  return { start: customStart, end: customEnd + 1 };
}

/** What the picker sends for a chosen range of days: the first second of `from` and the last second of `to`. */
export function customParamsOfDays(
  from: CalendarDay,
  to: CalendarDay,
): { custom_start: number; custom_end: number } {
  const [first, last] = from <= to ? [from, to] : [to, from];
  return { custom_start: dayStartSeconds(first), custom_end: dayStartSeconds(last + 1) - 1 };
}

/** The days a custom_start/custom_end pair covers, for showing an applied range back in the picker. */
export function daysOfCustomParams(
  customStart: number,
  customEnd: number,
): { from: CalendarDay; to: CalendarDay } {
  return { from: dayOf(customStart), to: dayOf(customEnd) };
}

/**
 * How many days the average per day divides by: the calendar days of the period that have begun by `now` (a
 * period's future days have no rallies yet and would drag the average down). At least 1.
 */
export function daysInPeriod(range: SecondsRange, now: number): number {
  const begunUntil = Math.min(range.end, dayStartSeconds(dayOf(now) + 1));
  const days = Math.ceil((begunUntil - range.start) / DAY_SECONDS);
  return Math.max(1, days);
}

/** Rallies per day, one decimal. */
export function averagePerDay(totalRallies: number, days: number): number {
  if (days <= 0) return 0;
  return Math.round((totalRallies / days) * 10) / 10;
}

/** The period's days as a label, 'Nov 16 - Nov 22' (a one-day period: 'Nov 22 - Nov 22'). */
export function periodLabel(range: SecondsRange): string {
  return rangeLabel({ start: dayOf(range.start), end: dayOf(range.end - 1) });
}

// ---------------------------------------------------------------------------------------------------------------
// The calendar

export const WEEKDAY_HEADERS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;

export interface CalendarBounds {
  /** First selectable day. */
  min: CalendarDay;
  /** Last selectable day: today. */
  max: CalendarDay;
}

/** SPEC §5: from the later of 60 days back and the first day of the previous month, up to today. */
export function calendarBounds(now: number): CalendarBounds {
  const today = dayOf(now);
  const { year, month } = dayParts(today);
  const firstOfPreviousMonth = dayFromParts(year, month - 1, 1);
  return { min: Math.max(today - CALENDAR_MAX_DAYS_BACK, firstOfPreviousMonth), max: today };
}

export function isSelectable(day: CalendarDay, bounds: CalendarBounds): boolean {
  return day >= bounds.min && day <= bounds.max;
}

export interface CalendarMonth {
  year: number;
  /** 1–12. */
  month: number;
}

export function monthOf(day: CalendarDay): CalendarMonth {
  const { year, month } = dayParts(day);
  return { year, month };
}

export function addMonths(view: CalendarMonth, delta: number): CalendarMonth {
  const index = view.year * 12 + (view.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

function monthIndex(view: CalendarMonth): number {
  return view.year * 12 + view.month - 1;
}

/** 'November 2026'. */
export function monthTitle(view: CalendarMonth): string {
  return `${MONTH_NAMES[view.month - 1]} ${view.year}`;
}

/**
 * The month as weeks of seven cells, Sunday first (columns Su to Sa); cells before the 1st and after the last day
 * are null. Four to six weeks.
 */
export function monthGrid(view: CalendarMonth): (CalendarDay | null)[][] {
  const first = dayFromParts(view.year, view.month, 1);
  const last = dayFromParts(view.year, view.month + 1, 1) - 1;
  const lead = dayParts(first).weekday;
  const cells: (CalendarDay | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; day <= last; day++) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (CalendarDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Whether the month has any selectable day: the picker's previous and next buttons stop at the bounds. */
export function monthHasSelectableDays(view: CalendarMonth, bounds: CalendarBounds): boolean {
  const index = monthIndex(view);
  return index >= monthIndex(monthOf(bounds.min)) && index <= monthIndex(monthOf(bounds.max));
}

// ---------------------------------------------------------------------------------------------------------------
// The picker's selection (SPEC §4: no start, start picked, end picked, clicking again starts a new range)

export interface RangeSelection {
  start: CalendarDay | null;
  end: CalendarDay | null;
}

export const EMPTY_SELECTION: RangeSelection = { start: null, end: null };

export type SelectionStage = 'no-start' | 'start-picked' | 'end-picked';

export function selectionStage(selection: RangeSelection): SelectionStage {
  if (selection.start === null) return 'no-start';
  return selection.end === null ? 'start-picked' : 'end-picked';
}

/**
 * A click on `day`: the first click picks the start; the second the end (a day before the start swaps the two, the
 * start day itself makes a one-day range); a click on a complete range starts a new one at `day`.
 */
export function pickDay(selection: RangeSelection, day: CalendarDay): RangeSelection {
  switch (selectionStage(selection)) {
    case 'no-start':
    case 'end-picked':
      return { start: day, end: null };
    case 'start-picked': {
      const start = selection.start!;
      return day < start ? { start: day, end: start } : { start, end: day };
    }
  }
}

export const SELECTION_HINTS: Record<SelectionStage, string> = {
  'no-start': 'Click to select start date',
  'start-picked': 'Click to select end date',
  'end-picked': 'Click to select new range',
};

export function selectionHint(selection: RangeSelection): string {
  return SELECTION_HINTS[selectionStage(selection)];
}

/** Apply Range is enabled only when both dates are chosen. */
export function isSelectionComplete(
  selection: RangeSelection,
): selection is { start: CalendarDay; end: CalendarDay } {
  return selection.start !== null && selection.end !== null;
}

/** 'Mon d - Mon d' when both dates are chosen, otherwise 'Select dates'. */
export function rangeLabel(selection: RangeSelection): string {
  if (!isSelectionComplete(selection)) return 'Select dates';
  return `${shortDayLabel(selection.start)} - ${shortDayLabel(selection.end)}`;
}

/**
 * The days to highlight: the chosen range, or while only the start is chosen, the range from the start to the day
 * under the pointer (either way round). Null when nothing spans.
 */
export function highlightedRange(
  selection: RangeSelection,
  hover: CalendarDay | null,
): { from: CalendarDay; to: CalendarDay } | null {
  if (isSelectionComplete(selection)) return { from: selection.start, to: selection.end };
  if (selection.start !== null && hover !== null) {
    return hover < selection.start
      ? { from: hover, to: selection.start }
      : { from: selection.start, to: hover };
  }
  return null;
}

/** The month the picker opens on: the chosen start's month when it is still selectable, else today's. */
export function initialMonth(selection: RangeSelection, now: number): CalendarMonth {
  const bounds = calendarBounds(now);
  const start = selection.start;
  return monthOf(start !== null && isSelectable(start, bounds) ? start : bounds.max);
}
