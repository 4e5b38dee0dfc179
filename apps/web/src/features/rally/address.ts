import {
  type CalendarDay,
  customParamsOfDays,
  DEFAULT_RALLY_DATE_FILTER,
  DEFAULT_RALLY_PAGE_SIZE,
  dayFromParts,
  daysOfCustomParams,
  isoDate,
  isRallyDateFilter,
  RALLY_PAGE_SIZES,
  type RallyDateFilter,
} from '@kingdom-stats/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AddressProblem } from '../dashboard/address-problems.ts';

// The rally page's view in the page's address (issue 14, "State in the URL"):
//   ?period=last_week&q=lord&page=2&size=100, or ?period=custom&from=2026-11-01&to=2026-11-07 (UTC days).
// A value that makes no sense is dropped and its default used; the rest of the address still applies.

export interface RallyView {
  dateFilter: RallyDateFilter;
  /** The custom range's API parameters; only with dateFilter 'custom'. */
  custom: { custom_start: number; custom_end: number } | null;
  search: string;
  page: number;
  pageSize: number;
}

const WHOLE = /^\d{1,9}$/;

function dayOfIso(text: string | null): CalendarDay | null {
  const match = text === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendarDay = dayFromParts(year, month, day);
  // 2026-02-31 rolls over to March: not a day anyone meant.
  return isoDate(calendarDay) === text ? calendarDay : null;
}

export function readRallyView(params: URLSearchParams): RallyView {
  const period = params.get('period');
  let dateFilter: RallyDateFilter = isRallyDateFilter(period) ? period : DEFAULT_RALLY_DATE_FILTER;
  let custom: RallyView['custom'] = null;
  if (dateFilter === 'custom') {
    const from = dayOfIso(params.get('from'));
    const to = dayOfIso(params.get('to'));
    if (from !== null && to !== null) custom = customParamsOfDays(from, to);
    else dateFilter = DEFAULT_RALLY_DATE_FILTER;
  }
  const pageText = params.get('page') ?? '';
  const sizeText = params.get('size') ?? '';
  return {
    dateFilter,
    custom,
    search: (params.get('q') ?? '').trim().slice(0, 100),
    page: WHOLE.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1,
    pageSize:
      WHOLE.test(sizeText) && (RALLY_PAGE_SIZES as readonly number[]).includes(Number(sizeText))
        ? Number(sizeText)
        : DEFAULT_RALLY_PAGE_SIZE,
  };
}

/**
 * A period in the address the page cannot show: an unknown preset, or days that are no days (`2026-02-31`, `abc`,
 * one end only). The dashboards' behaviour (issue 41): said, the default period shown, taken out of the address. A
 * custom range given end first is no mistake: it is read the right way round.
 */
export function rallyAddressProblems(search: string): AddressProblem[] {
  const params = new URLSearchParams(search);
  const period = params.get('period');
  if (period !== null && !isRallyDateFilter(period)) return [{ kind: 'period-invalid' }];
  const custom = period === 'custom' || (period === null && (params.has('from') || params.has('to')));
  if (custom && (dayOfIso(params.get('from')) === null || dayOfIso(params.get('to')) === null)) {
    return [{ kind: 'period-invalid' }];
  }
  return [];
}

/** Only what differs from the page's first view is written, so plain links stay plain. */
export function rallyViewAddress(view: RallyView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.dateFilter === 'custom' && view.custom) {
    const days = daysOfCustomParams(view.custom.custom_start, view.custom.custom_end);
    params.set('period', 'custom');
    params.set('from', isoDate(days.from));
    params.set('to', isoDate(days.to));
  } else if (view.dateFilter !== DEFAULT_RALLY_DATE_FILTER && view.dateFilter !== 'custom') {
    params.set('period', view.dateFilter);
  }
  if (view.search !== '') params.set('q', view.search);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_RALLY_PAGE_SIZE) params.set('size', String(view.pageSize));
  return params;
}

export function useRallyView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readRallyView(params), [params]);
  const change = useCallback(
    (patch: Partial<RallyView>, options: { replace?: boolean; preventScrollReset?: boolean } = {}) =>
      // From the address as it is now, not at this callback's render (see useDashboardAddress.ts).
      setParams(
        () => rallyViewAddress({ ...readRallyView(new URLSearchParams(window.location.search)), ...patch }),
        {
          replace: options.replace ?? false,
          preventScrollReset: options.preventScrollReset ?? true,
        },
      ),
    [setParams],
  );
  return { view, change };
}
