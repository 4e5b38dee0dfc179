import {
  DEFAULT_TABLE_PAGE_SIZE,
  isSortDirection,
  type SortDirection,
  TABLE_PAGE_SIZES,
} from '@kingdom-stats/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

// The KvK DKP dashboard's view in the page's address (issue 14, "State in the URL"), the same parameter names as
// the main dashboard's (api/dashboard-address.ts): ?from=…&to=…&q=…&sort=Dead:desc&page=2&size=50. A value that
// makes no sense is dropped and its default used; the rest of the address still applies.

export interface DkpSort {
  key: string;
  direction: SortDirection;
}

export interface DkpView {
  /** The applied period (scan times); null for the server's default one. */
  period: { start: string; end: string } | null;
  search: string;
  sort: DkpSort;
  page: number;
  pageSize: number;
}

/** SPEC §2: DKP Score, highest first. */
export const DEFAULT_DKP_SORT: DkpSort = { key: 'DKP Score', direction: 'desc' };

const TIMESTAMP = /^\d{1,12}$/;
const WHOLE = /^\d{1,9}$/;

export function readDkpView(params: URLSearchParams): DkpView {
  const from = params.get('from');
  const to = params.get('to');
  const period =
    // A start after the end is no period (the screen says so: features/dashboard/address-problems.ts).
    from !== null && to !== null && TIMESTAMP.test(from) && TIMESTAMP.test(to) && Number(from) <= Number(to)
      ? { start: from, end: to }
      : null;
  const search = (params.get('q') ?? '').slice(0, 100);
  const sortText = params.get('sort') ?? '';
  const at = sortText.lastIndexOf(':');
  const direction = sortText.slice(at + 1);
  const sort =
    at > 0 && isSortDirection(direction) ? { key: sortText.slice(0, at), direction } : DEFAULT_DKP_SORT;
  const pageText = params.get('page') ?? '';
  const page = WHOLE.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  const sizeText = params.get('size') ?? '';
  const pageSize =
    WHOLE.test(sizeText) && (TABLE_PAGE_SIZES as readonly number[]).includes(Number(sizeText))
      ? Number(sizeText)
      : DEFAULT_TABLE_PAGE_SIZE;
  return { period, search, sort, page, pageSize };
}

/** Only what differs from the screen's first view is written, so plain links stay plain. */
export function dkpViewAddress(view: DkpView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.period) {
    params.set('from', view.period.start);
    params.set('to', view.period.end);
  }
  if (view.search !== '') params.set('q', view.search);
  if (view.sort.key !== DEFAULT_DKP_SORT.key || view.sort.direction !== DEFAULT_DKP_SORT.direction) {
    params.set('sort', `${view.sort.key}:${view.sort.direction}`);
  }
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_TABLE_PAGE_SIZE) params.set('size', String(view.pageSize));
  return params;
}

/** The view and a way to change it; typing a search replaces the history entry instead of adding one. */
export function useDkpView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readDkpView(params), [params]);
  const change = useCallback(
    (patch: Partial<DkpView>, options: { replace?: boolean } = {}) =>
      // From the address as it is now, not at this callback's render (see useDashboardAddress.ts).
      setParams(
        () => dkpViewAddress({ ...readDkpView(new URLSearchParams(window.location.search)), ...patch }),
        {
          replace: options.replace ?? false,
          preventScrollReset: true,
        },
      ),
    [setParams],
  );
  return { view, change };
}
