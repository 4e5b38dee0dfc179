import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyFilters,
  type ColumnFilter,
  compareValues,
  cycleSort,
  FILTER_OPERATORS,
  isFilterOperator,
  isSortDirection,
  matchesFilter,
  matchesSearch,
  normalizeSearch,
  normalizeSorts,
  SEARCH_DEBOUNCE_MS,
  type SortEntry,
  searchLikePattern,
  sortRows,
  toggleDescFirst,
} from './table-query.ts';

const asc = (key: string, priority = 1): SortEntry => ({ key, direction: 'asc', priority });
const desc = (key: string, priority = 1): SortEntry => ({ key, direction: 'desc', priority });

describe('operators and constants', () => {
  it('knows exactly the four SPEC operators', () => {
    expect(FILTER_OPERATORS).toEqual(['contains', 'equals', 'greater', 'less']);
    expect(FILTER_OPERATORS.every(isFilterOperator)).toBe(true);
    expect(isFilterOperator('between')).toBe(false);
    expect(isFilterOperator('CONTAINS')).toBe(false);
    expect(isFilterOperator(undefined)).toBe(false);
  });

  it('recognises sort directions', () => {
    expect(isSortDirection('asc')).toBe(true);
    expect(isSortDirection('desc')).toBe(true);
    expect(isSortDirection('up')).toBe(false);
  });

  it('debounces search for 500 ms', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(500);
  });
});

describe('compareValues', () => {
  it('compares numbers and numeric text by value', () => {
    expect(compareValues(2, 10)).toBeLessThan(0);
    expect(compareValues('10', '9')).toBeGreaterThan(0);
    expect(compareValues('1.5M', '999K')).toBeGreaterThan(0);
    expect(compareValues('1,234', 1234)).toBe(0);
    expect(compareValues('-2k', -1999)).toBeLessThan(0);
  });

  it('sorts names alphabetically, ignoring case', () => {
    expect(compareValues('alpha', 'Bravo')).toBeLessThan(0);
    expect(compareValues('Charlie', 'bravo')).toBeGreaterThan(0);
    expect(compareValues('DELTA', 'delta')).toBe(0);
    expect(compareValues('Camp 2', 'Camp 10')).toBeLessThan(0);
  });

  it('counts text as 0 against numbers, after a real 0', () => {
    expect(compareValues('abc', 5)).toBeLessThan(0);
    expect(compareValues('abc', -5)).toBeGreaterThan(0);
    expect(compareValues('abc', 0)).toBeGreaterThan(0);
    expect(compareValues('12abc', 1)).toBeLessThan(0);
  });

  it('puts missing values after everything', () => {
    for (const missing of [null, undefined, '', '  ', Number.NaN]) {
      expect(compareValues(missing, 1e12)).toBeGreaterThan(0);
      expect(compareValues('zzz', missing)).toBeLessThan(0);
      expect(compareValues(missing, null)).toBe(0);
    }
  });

  it('is a consistent order for any mix of values', () => {
    let ordered = 0;
    const cell = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.string(),
      fc.constantFrom(null, undefined, '', 'abc', 'Abc', '1,234', '1.5K'),
    );
    fc.assert(
      fc.property(cell, cell, cell, (a, b, c) => {
        expect(Math.sign(compareValues(a, b))).toBe(-Math.sign(compareValues(b, a)) || 0);
        if (compareValues(a, b) <= 0 && compareValues(b, c) <= 0) {
          ordered++;
          expect(compareValues(a, c)).toBeLessThanOrEqual(0);
        }
      }),
    );
    // Transitivity was checked on ordered triples, not on none.
    expect(ordered).toBeGreaterThan(5);
  });
});

describe('sortRows', () => {
  const rows = [
    { id: 'a', name: 'bravo', kills: '1.5K', camp: 'X' },
    { id: 'b', name: 'Alpha', kills: 900, camp: 'Y' },
    { id: 'c', name: 'charlie', kills: null, camp: 'X' },
    { id: 'd', name: 'delta', kills: '2,000', camp: 'Y' },
    { id: 'e', name: 'echo', kills: 900, camp: 'X' },
  ];
  const ids = (sorted: readonly { id: string }[]) => sorted.map((row) => row.id).join('');

  it('sorts ascending and descending with missing values last both ways', () => {
    expect(ids(sortRows(rows, [asc('kills')]))).toBe('beadc');
    expect(ids(sortRows(rows, [desc('kills')]))).toBe('dabec');
  });

  it('sorts text columns alphabetically', () => {
    expect(ids(sortRows(rows, [asc('name')]))).toBe('bacde');
    expect(ids(sortRows(rows, [desc('name')]))).toBe('edcab');
  });

  it('breaks ties with the next priority, not the list order', () => {
    expect(ids(sortRows(rows, [desc('kills', 2), asc('camp', 1)]))).toBe('aecdb');
    expect(ids(sortRows(rows, [asc('camp', 1), desc('kills', 2)]))).toBe('aecdb');
  });

  it('keeps the input order for ties (stable)', () => {
    expect(ids(sortRows(rows, [asc('camp')]))).toBe('acebd');
    expect(ids(sortRows(rows, [desc('camp')]))).toBe('bdace');
  });

  it('treats a column a row lacks as missing', () => {
    const sparse = [{ id: 'x' }, { id: 'y', score: 1 }, { id: 'z', score: 2 }];
    expect(ids(sortRows(sparse, [desc('score')]))).toBe('zyx');
    expect(ids(sortRows(sparse, [asc('constructor')]))).toBe('xyz');
  });

  it('returns a new array and leaves the input alone', () => {
    const input = [...rows];
    const sorted = sortRows(input, []);
    expect(sorted).not.toBe(input);
    expect(sorted).toEqual(rows);
    sortRows(input, [desc('kills')]);
    expect(input).toEqual(rows);
  });

  it('orders any mix of cells as compareValues does, ties by the next column, then the input order', () => {
    const cell = fc.oneof(
      fc.integer({ min: -5, max: 5 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ maxLength: 6 }),
      fc.constantFrom(
        null,
        undefined,
        '',
        ' ',
        'abc',
        'Abc',
        'Gov 10',
        'gov 9',
        'Élan',
        'elan',
        '1,234',
        '1.5K',
        '0',
      ),
    );
    const row = fc.record({ a: cell, b: cell });
    const entry = fc.record({
      key: fc.constantFrom('a', 'b', 'absent'),
      direction: fc.constantFrom('asc' as const, 'desc' as const),
      priority: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), fc.array(entry, { maxLength: 3 }), (rows, sorts) => {
        // The order compareValues defines: ascending, or descending with missing values still last.
        const entries = normalizeSorts(sorts);
        const missing = (value: unknown) =>
          compareValues(value, null) === 0 && compareValues(null, value) === 0;
        const reference = rows
          .map((row, index) => ({ row, index }))
          .sort((x, y) => {
            for (const { key, direction } of entries) {
              const a = (x.row as Record<string, unknown>)[key];
              const b = (y.row as Record<string, unknown>)[key];
              const ascending = compareValues(a, b);
              const order = direction === 'desc' && !missing(a) && !missing(b) ? -ascending : ascending;
              if (order !== 0) return order;
            }
            return x.index - y.index;
          })
          .map((item) => item.row);
        expect(sortRows(rows, sorts)).toEqual(reference);
      }),
      { numRuns: 500 },
    );
  });

  it('orders numeric columns like a numeric sort, blanks last', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer(), { nil: null })), (values) => {
        const sorted = sortRows(
          values.map((value) => ({ value })),
          [desc('value')],
        ).map((row) => row.value);
        const present = values.filter((value): value is number => value !== null).sort((a, b) => b - a);
        expect(sorted).toEqual([...present, ...values.filter((value) => value === null)]);
      }),
    );
  });
});

describe('normalizeSorts', () => {
  it('orders by priority, drops repeated keys and renumbers from 1', () => {
    expect(normalizeSorts([desc('b', 7), asc('a', 3), asc('b', 9)])).toEqual([asc('a', 1), desc('b', 2)]);
  });
});

describe('cycleSort (player table)', () => {
  it('cycles a column through asc, desc and removed on plain clicks', () => {
    const first = cycleSort([], 'kills', { multi: false });
    expect(first).toEqual([asc('kills')]);
    const second = cycleSort(first, 'kills', { multi: false });
    expect(second).toEqual([desc('kills')]);
    expect(cycleSort(second, 'kills', { multi: false })).toEqual([]);
  });

  it('replaces the whole list when a new column is plain-clicked', () => {
    expect(cycleSort([desc('power', 1), asc('name', 2)], 'kills', { multi: false })).toEqual([asc('kills')]);
  });

  it('keeps only the clicked column when a sorted column is plain-clicked', () => {
    const sorts = [desc('power', 1), asc('name', 2)];
    expect(cycleSort(sorts, 'name', { multi: false })).toEqual([desc('name', 1)]);
    expect(cycleSort(sorts, 'power', { multi: false })).toEqual([]);
  });

  it('appends a new column at the next priority on shift-click', () => {
    expect(cycleSort([desc('power', 1)], 'name', { multi: true })).toEqual([
      desc('power', 1),
      asc('name', 2),
    ]);
  });

  it('advances a column in place on shift-click', () => {
    const sorts = [asc('power', 1), asc('name', 2)];
    expect(cycleSort(sorts, 'power', { multi: true })).toEqual([desc('power', 1), asc('name', 2)]);
  });

  it('renumbers priorities after a removal', () => {
    const sorts = [desc('power', 1), asc('name', 2), desc('kills', 3)];
    expect(cycleSort(sorts, 'power', { multi: true })).toEqual([asc('name', 1), desc('kills', 2)]);
  });

  it('always leaves priorities 1..n over distinct keys', () => {
    const click = fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd'), multi: fc.boolean() });
    fc.assert(
      fc.property(fc.array(click, { maxLength: 30 }), (clicks) => {
        let sorts: SortEntry[] = [];
        for (const { key, multi } of clicks) sorts = cycleSort(sorts, key, { multi });
        expect(sorts.map((entry) => entry.priority)).toEqual(sorts.map((_, i) => i + 1));
        expect(new Set(sorts.map((entry) => entry.key)).size).toBe(sorts.length);
      }),
    );
  });
});

describe('toggleDescFirst (kingdom table, diplomacy)', () => {
  it('sorts a first-clicked column descending', () => {
    expect(toggleDescFirst(null, 'power')).toEqual({ key: 'power', direction: 'desc' });
    expect(toggleDescFirst({ key: 'kills', direction: 'asc' }, 'power')).toEqual({
      key: 'power',
      direction: 'desc',
    });
  });

  it('flips the direction of the active column', () => {
    expect(toggleDescFirst({ key: 'power', direction: 'desc' }, 'power')).toEqual({
      key: 'power',
      direction: 'asc',
    });
    expect(toggleDescFirst({ key: 'power', direction: 'asc' }, 'power')).toEqual({
      key: 'power',
      direction: 'desc',
    });
  });
});

describe('matchesFilter', () => {
  const row = { name: '  Dragon Slayer ', alliance: 'ABC', power: 1_500_000, kills: '2.5K', note: null };
  const filter = (column: string, operator: ColumnFilter['operator'], value: string): ColumnFilter => ({
    column,
    operator,
    value,
  });

  it('matches contains as case-insensitive text', () => {
    expect(matchesFilter(row, filter('name', 'contains', 'slay'))).toBe(true);
    expect(matchesFilter(row, filter('name', 'contains', ' DRAGON '))).toBe(true);
    expect(matchesFilter(row, filter('name', 'contains', 'knight'))).toBe(false);
    expect(matchesFilter(row, filter('power', 'contains', '500'))).toBe(true);
  });

  it('matches equals as whole trimmed text, ignoring case', () => {
    expect(matchesFilter(row, filter('name', 'equals', 'dragon slayer'))).toBe(true);
    expect(matchesFilter(row, filter('name', 'equals', 'dragon'))).toBe(false);
    expect(matchesFilter(row, filter('alliance', 'equals', 'abc'))).toBe(true);
  });

  it('compares greater and less as numbers, reading suffixes on both sides', () => {
    expect(matchesFilter(row, filter('power', 'greater', '1M'))).toBe(true);
    expect(matchesFilter(row, filter('power', 'greater', '1.5M'))).toBe(false);
    expect(matchesFilter(row, filter('power', 'less', '2,000,000'))).toBe(true);
    expect(matchesFilter(row, filter('kills', 'greater', '2499'))).toBe(true);
    expect(matchesFilter(row, filter('kills', 'less', '2500'))).toBe(false);
    expect(matchesFilter(row, filter('alliance', 'greater', '-1'))).toBe(true);
  });

  it('lets rows without the column pass', () => {
    expect(matchesFilter(row, filter('note', 'equals', 'x'))).toBe(true);
    expect(matchesFilter(row, filter('absent', 'greater', '5'))).toBe(true);
    expect(matchesFilter(row, filter('constructor', 'equals', 'x'))).toBe(true);
  });

  it('passes everything when the filter value is empty', () => {
    expect(matchesFilter(row, filter('name', 'equals', ''))).toBe(true);
    expect(matchesFilter(row, filter('power', 'less', '   '))).toBe(true);
  });

  it('ignores an operator outside the contract', () => {
    const unknown = { column: 'name', operator: 'between', value: 'x' } as unknown as ColumnFilter;
    expect(matchesFilter(row, unknown)).toBe(true);
  });
});

describe('applyFilters', () => {
  const rows = [
    { id: 1, camp: 'Red', power: 100 },
    { id: 2, camp: 'Blue', power: 300 },
    { id: 3, camp: 'red', power: 500 },
    { id: 4, power: 50 },
    { id: 5, power: 200 },
  ];

  it('keeps rows matching every filter', () => {
    const kept = applyFilters(rows, [
      { column: 'camp', operator: 'equals', value: 'RED' },
      { column: 'power', operator: 'greater', value: '99' },
    ]);
    expect(kept.map((row) => row.id)).toEqual([1, 3, 5]);
  });

  it('keeps everything without filters', () => {
    expect(applyFilters(rows, [])).toEqual(rows);
  });
});

describe('search', () => {
  const row = { govId: 123456789, name: 'Lady Oscar', alliance: '[ROSE]' };

  it('normalises by trimming and lower-casing', () => {
    expect(normalizeSearch('  RoSe ')).toBe('rose');
  });

  it('matches governor id, name or alliance, ignoring case', () => {
    expect(matchesSearch(row, '4567')).toBe(true);
    expect(matchesSearch(row, 'oscar')).toBe(true);
    expect(matchesSearch(row, ' rose ')).toBe(true);
    expect(matchesSearch(row, 'lily')).toBe(false);
  });

  it('matches every row on a blank search', () => {
    expect(matchesSearch(row, '')).toBe(true);
    expect(matchesSearch({ govId: null, name: undefined, alliance: null }, '   ')).toBe(true);
  });

  it('does not match on missing fields', () => {
    expect(matchesSearch({ govId: null, name: undefined, alliance: null }, 'null')).toBe(false);
  });

  it('builds a LIKE pattern from the same normalisation, escaping wildcards', () => {
    expect(searchLikePattern('  Oscar ')).toBe('%oscar%');
    expect(searchLikePattern('100%_\\')).toBe('%100\\%\\_\\\\%');
    expect(searchLikePattern('  ')).toBeNull();
  });
});
