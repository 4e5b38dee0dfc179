import { DEFAULT_TABLE_PAGE_SIZE } from '@kingdom-stats/core';
import { useState } from 'react';

/** Paging for rows the browser already holds (the summary tables). A page size change goes back to page 1. */
export function useClientPaging<T>(rows: readonly T[], initialSize = DEFAULT_TABLE_PAGE_SIZE) {
  const [pageSize, setPageSizeState] = useState(initialSize);
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pageCount);
  return {
    page: current,
    pageSize,
    pageCount,
    rows: rows.slice((current - 1) * pageSize, current * pageSize),
    setPage,
    setPageSize: (size: number) => {
      setPageSizeState(size);
      setPage(1);
    },
  };
}
