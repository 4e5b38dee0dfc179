import {
  type CalendarDay,
  type CalendarMonth,
  DAY_SECONDS,
  dayOf,
  dayParts,
  isSelectionComplete,
  MONTH_NAMES,
  monthTitle,
  type RallyDateFilter,
  type RangeSelection,
  type SecondsRange,
  type SelectionStage,
  selectionStage,
  shortDayLabel,
  WEEKDAY_HEADERS,
} from '@kingdom-stats/core';
import { type MessageId, translate } from '../../i18n/i18n.ts';

// The rally page's days in the reader's language. English keeps packages/core's SPEC forms ('Nov 16 - Nov 22',
// 'November 2026', 'Su'…'Sa'); other languages ask Intl, on the game's UTC calendar.

const utcDate = (day: CalendarDay) => new Date(day * DAY_SECONDS * 1000);
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

/** 'Nov 16' / '16 thg 11' / '11月16日'. */
export function shortDay(day: CalendarDay, locale: string): string {
  if (locale === 'en') return shortDayLabel(day);
  return dateFormat(locale, { month: 'short', day: 'numeric' }).format(utcDate(day));
}

/** 'November 2026' / 'tháng 11 năm 2026': the calendar's title. */
export function monthName(view: CalendarMonth, locale: string): string {
  if (locale === 'en') return monthTitle(view);
  return dateFormat(locale, { month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(view.year, view.month - 1, 1)),
  );
}

/** 'November 16, 2026': a calendar day's name for screen readers. */
export function fullDay(day: CalendarDay, locale: string): string {
  if (locale === 'en') {
    const parts = dayParts(day);
    return `${MONTH_NAMES[parts.month - 1]} ${parts.day}, ${parts.year}`;
  }
  return dateFormat(locale, { dateStyle: 'long' }).format(utcDate(day));
}

/** The calendar's column headers, Sunday first. 1970-01-04 was a Sunday. */
export function weekdayHeaders(locale: string): readonly string[] {
  if (locale === 'en') return WEEKDAY_HEADERS;
  const format = dateFormat(locale, { weekday: locale === 'ar' ? 'narrow' : 'short' });
  return WEEKDAY_HEADERS.map((_, i) => format.format(utcDate(3 + i)));
}

/** 'Nov 16 - Nov 22' when both days are chosen, else 'Select dates' (SPEC), in the reader's language. */
export function rangeText(selection: RangeSelection, locale: string): string {
  if (!isSelectionComplete(selection)) return translate('rally.selectDates');
  return translate('rally.range', {
    from: shortDay(selection.start, locale),
    to: shortDay(selection.end, locale),
  });
}

/** A period the server answered (half-open seconds) as its days. */
export function periodText(range: SecondsRange, locale: string): string {
  return rangeText({ start: dayOf(range.start), end: dayOf(range.end - 1) }, locale);
}

const HINTS: Record<SelectionStage, MessageId> = {
  'no-start': 'rally.hint.start',
  'start-picked': 'rally.hint.end',
  'end-picked': 'rally.hint.new',
};

/** SPEC §4's hint above the calendar for the selection's stage. */
export function hintText(selection: RangeSelection): string {
  return translate(HINTS[selectionStage(selection)]);
}

export const PERIOD_LABELS: Record<RallyDateFilter, MessageId> = {
  today: 'rally.period.today',
  yesterday: 'rally.period.yesterday',
  this_week: 'rally.period.thisWeek',
  last_week: 'rally.period.lastWeek',
  last_30_days: 'rally.period.last30Days',
  custom: 'rally.period.custom',
};

/** Rallies per day with one decimal: '2.5' / '2,5'. */
export function averageText(value: number, locale: string): string {
  if (locale === 'en') return value.toFixed(1);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}
