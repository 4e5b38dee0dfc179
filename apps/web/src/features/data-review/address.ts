import { FLAG_STATUSES, REVIEW_CHECKS, type ReviewCheck } from '@kingdom-stats/core/api';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { FlagFilter, FlagQuery } from './api.ts';

/**
 * The flag list's filters and page in the page's address (`?status=all&check=digit_misread&governor=ayla&page=2`),
 * so a reload or a shared link opens the same list.
 */

const STATUSES: readonly string[] = [...FLAG_STATUSES, 'all'];

export function flagQueryOfAddress(search: string): FlagQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status') ?? '';
  const check = params.get('check') ?? '';
  const scan = Number(params.get('scan'));
  const page = Number(params.get('page'));
  return {
    status: STATUSES.includes(status) ? (status as FlagFilter) : 'open',
    check: (REVIEW_CHECKS as readonly string[]).includes(check) ? (check as ReviewCheck) : null,
    scan: Number.isSafeInteger(scan) && scan > 0 ? scan : null,
    governor: (params.get('governor') ?? '').slice(0, 100),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

function addressOfFlagQuery(query: FlagQuery): string {
  const params = new URLSearchParams();
  if (query.status !== 'open') params.set('status', query.status);
  if (query.check) params.set('check', query.check);
  if (query.scan !== null) params.set('scan', String(query.scan));
  if (query.governor.trim() !== '') params.set('governor', query.governor.trim());
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** Whether the address names a filter or page of the list (then the page opens at the review). */
export function addressHasReviewQuery(search: string): boolean {
  const params = new URLSearchParams(search);
  return ['status', 'check', 'scan', 'governor', 'page'].some((key) => params.has(key));
}

export function useReviewAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => flagQueryOfAddress(location.search), [location.search]);
  /** A filter change starts again at page 1; only `page` itself keeps the others. */
  const change = useCallback(
    (update: Partial<FlagQuery>, options: { replace?: boolean } = {}) => {
      // From the address as it is now: a debounced search may call an older render's callback.
      const current = flagQueryOfAddress(window.location.search);
      const next = { ...current, ...update, page: update.page ?? 1 };
      // No hash: the router scrolls to an address's anchor on every change, which would pull the reader away from
      // the filter they are typing in. A link with filters scrolls to the list itself (useScrollToReview).
      navigate(
        { search: addressOfFlagQuery(next) },
        { replace: options.replace ?? false, preventScrollReset: true },
      );
    },
    [navigate],
  );
  return { query, change };
}
