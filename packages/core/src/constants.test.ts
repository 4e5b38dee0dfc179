import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RALLY_PAGE_SIZE,
  DEFAULT_TABLE_PAGE_SIZE,
  MAX_EXPORT_PAGE_SIZE,
  pagerItems,
  QUERY_GC_TIME_MS,
  QUERY_RETRY_MAX_DELAY_MS,
  queryRetryDelay,
  RALLY_PAGE_SIZES,
  TABLE_PAGE_SIZES,
} from './constants.ts';

describe('page sizes', () => {
  it('offers the default among the choices', () => {
    expect(TABLE_PAGE_SIZES).toContain(DEFAULT_TABLE_PAGE_SIZE);
    expect(RALLY_PAGE_SIZES).toContain(DEFAULT_RALLY_PAGE_SIZE);
  });

  it('lets the export page exceed every table page size', () => {
    expect(Math.max(...TABLE_PAGE_SIZES)).toBeLessThan(MAX_EXPORT_PAGE_SIZE);
  });
});

describe('query timing', () => {
  it('keeps unused data five minutes', () => {
    expect(QUERY_GC_TIME_MS).toBe(300_000);
  });

  it('backs off exponentially from one second', () => {
    expect([0, 1, 2, 3, 4].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('caps the backoff at 30 seconds', () => {
    expect(queryRetryDelay(5)).toBe(30_000);
    expect(queryRetryDelay(50)).toBe(QUERY_RETRY_MAX_DELAY_MS);
  });
});

describe('pagerItems', () => {
  it('shows every page when there are 7 or fewer', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows nothing when there are no pages', () => {
    expect(pagerItems(1, 0)).toEqual([]);
    expect(pagerItems(1, Number.NaN)).toEqual([]);
  });

  it('puts the current page and its neighbours between first and last', () => {
    expect(pagerItems(5, 20)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 20]);
    expect(pagerItems(16, 20)).toEqual([1, 'ellipsis', 15, 16, 17, 'ellipsis', 20]);
  });

  it('fills the slots from the start near the first page', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
  });

  it('fills the slots from the end near the last page', () => {
    expect(pagerItems(20, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
    expect(pagerItems(17, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
  });

  it('switches to ellipses at 8 pages', () => {
    expect(pagerItems(1, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 8]);
    expect(pagerItems(5, 8)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8]);
  });

  it('clamps a page outside the range', () => {
    expect(pagerItems(99, 20)).toEqual(pagerItems(20, 20));
    expect(pagerItems(-3, 20)).toEqual(pagerItems(1, 20));
  });

  it('keeps its shape for any page of any larger pager', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 8, max: 10_000 })
          .chain((total) => fc.tuple(fc.integer({ min: 1, max: total }), fc.constant(total))),
        ([current, total]) => {
          const items = pagerItems(current, total);
          expect(items).toHaveLength(7);
          expect(items[0]).toBe(1);
          expect(items.at(-1)).toBe(total);
          expect(items).toContain(current);
          const pages = items.filter((item): item is number => item !== 'ellipsis');
          expect(pages).toEqual([...pages].sort((a, b) => a - b));
          for (let i = 1; i < items.length; i++) {
            const before = items[i - 1];
            const item = items[i];
            if (item === 'ellipsis' && typeof before === 'number') {
              // An ellipsis hides at least two pages; one hidden page would just be shown.
              const after = items[i + 1];
              expect(typeof after).toBe('number');
              expect((after as number) - before).toBeGreaterThanOrEqual(3);
            }
            if (typeof item === 'number' && typeof before === 'number') expect(item - before).toBe(1);
          }
        },
      ),
    );
  });
});
