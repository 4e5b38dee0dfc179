import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { playerQueryOfAddress, withPlayerQuery } from '../../api/dashboard-address.ts';
import type { PlayerQuery } from '../../api/dashboard-requests.ts';
import type { Period } from './PeriodHeader.tsx';
import type { PlayerTableState } from './PlayerTable.tsx';

export interface AddressChange {
  /** Replace the history entry instead of adding one (typing a search, correcting a page past the end). */
  replace?: boolean;
}

/**
 * The main dashboard's period and player-table view, read from and written to the page's address
 * (api/dashboard-address.ts): a reload or a shared link opens the same view, and Back returns to the previous one.
 */
export function useDashboardAddress(defaultTopFilter: number | null) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => playerQueryOfAddress(params, defaultTopFilter), [params, defaultTopFilter]);
  const { start, end } = query;
  const applied: Period | null = useMemo(
    () => (start !== null && end !== null ? { start, end } : null),
    [start, end],
  );
  const table: PlayerTableState = useMemo(() => {
    const { start: _start, end: _end, ...rest } = query;
    return { ...rest, sorts: [...rest.sorts], filters: [...rest.filters] };
  }, [query]);

  const write = useCallback(
    (update: (current: PlayerQuery) => PlayerQuery, change: AddressChange = {}) =>
      // From the address as it is now, not as it was at this callback's render: a debounced search can call an
      // older render's callback, which would otherwise write that render's view back.
      setParams(
        () =>
          withPlayerQuery(
            window.location.search,
            update(playerQueryOfAddress(window.location.search, defaultTopFilter)),
            defaultTopFilter,
          ),
        {
          replace: change.replace ?? false,
          // The reader stays where they are: changing the table's page must not jump to the top of the screen.
          preventScrollReset: true,
        },
      ),
    [setParams, defaultTopFilter],
  );

  const setTable = useCallback(
    (update: (current: PlayerTableState) => PlayerTableState, change?: AddressChange) =>
      write((current) => {
        const { start: currentStart, end: currentEnd, ...rest } = current;
        const next = update({ ...rest, sorts: [...rest.sorts], filters: [...rest.filters] });
        return { ...next, start: currentStart, end: currentEnd };
      }, change),
    [write],
  );

  const setApplied = useCallback(
    (period: Period) => write((current) => ({ ...current, start: period.start, end: period.end })),
    [write],
  );

  return { query, applied, table, setTable, setApplied };
}
