import { describe, expect, it } from 'vitest';
import {
  autarchFileName,
  campPerformanceFileName,
  compactUtcStamp,
  fileNameSlug,
  kdPerformanceFileName,
  playerStatsFileName,
} from './export-names.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('compactUtcStamp', () => {
  it('writes day, month, 12-hour clock and am/pm in UTC', () => {
    expect(compactUtcStamp(at('2025-01-05T15:20:00Z'))).toBe('5jan3pm');
    expect(compactUtcStamp(at('2025-12-31T09:59:59Z'))).toBe('31dec9am');
  });

  it('calls midnight 12am and noon 12pm', () => {
    expect(compactUtcStamp(at('2025-03-01T00:30:00Z'))).toBe('1mar12am');
    expect(compactUtcStamp(at('2025-03-01T12:00:00Z'))).toBe('1mar12pm');
  });

  it('ignores the local time zone', () => {
    // 23:00 UTC is the next day east of Greenwich; the name must still say the UTC day.
    expect(compactUtcStamp(at('2025-06-14T23:00:00Z'))).toBe('14jun11pm');
  });

  it('does not throw on an impossible time', () => {
    expect(compactUtcStamp(Number.NaN)).toBe('unknown');
  });
});

describe('fileNameSlug', () => {
  it('keeps lower-case letters and digits joined by dashes', () => {
    expect(fileNameSlug('Azure Legion')).toBe('azure-legion');
    expect(fileNameSlug('  [KVK] Émeraude  #2 ')).toBe('kvk-emeraude-2');
  });

  it('falls back when nothing usable is left', () => {
    expect(fileNameSlug('龍', 'camp')).toBe('camp');
    expect(fileNameSlug('../..')).toBe('x');
  });
});

describe('campPerformanceFileName', () => {
  it('stamps the export time', () => {
    const now = at('2025-01-05T15:00:00Z');
    expect(campPerformanceFileName('csv', now)).toBe('camp-performance-5jan3pm.csv');
    expect(campPerformanceFileName('xlsx', now)).toBe('camp-performance-5jan3pm.xlsx');
  });
});

describe('playerStatsFileName', () => {
  const base = { kd: 2101, start: at('2025-01-05T15:00:00Z'), end: at('2025-01-12T03:00:00Z') };

  it('names the kingdom and the period', () => {
    expect(playerStatsFileName(base)).toBe('kd2101-stats-5jan3pm-to-12jan3am.xlsx');
  });

  it('adds camp, top, search and sorted in that order', () => {
    expect(
      playerStatsFileName({ ...base, camp: 'Azure Legion', top: 300, search: 'drag', sorted: true }),
    ).toBe('kd2101-stats-5jan3pm-to-12jan3am-azure-legion-top300-search-sorted.xlsx');
  });

  it('leaves out filters that keep everyone', () => {
    expect(playerStatsFileName({ ...base, camp: 'all', top: 'all', search: '  ', sorted: false })).toBe(
      'kd2101-stats-5jan3pm-to-12jan3am.xlsx',
    );
    expect(playerStatsFileName({ ...base, top: 0 })).toBe('kd2101-stats-5jan3pm-to-12jan3am.xlsx');
    expect(playerStatsFileName({ ...base, top: '500' })).toBe('kd2101-stats-5jan3pm-to-12jan3am-top500.xlsx');
  });
});

describe('autarchFileName', () => {
  const now = at('2025-02-09T20:45:00Z');

  it('stamps the export time', () => {
    expect(autarchFileName({ kd: 2101, nowSeconds: now })).toBe('autarch-kd2101-9feb8pm.xlsx');
  });

  it('adds top, search and sorted', () => {
    expect(autarchFileName({ kd: 'all', nowSeconds: now, top: 100, search: 'x', sorted: true })).toBe(
      'autarch-kdall-9feb8pm-top100-search-sorted.xlsx',
    );
  });
});

describe('kdPerformanceFileName', () => {
  it('names the period and marks a search', () => {
    const input = { kd: 2101, start: at('2025-01-05T15:00:00Z'), end: at('2025-01-12T15:00:00Z') };
    expect(kdPerformanceFileName(input)).toBe('kd2101-performance-5jan3pm-to-12jan3pm.xlsx');
    expect(kdPerformanceFileName({ ...input, search: 'abc' })).toBe(
      'kd2101-performance-5jan3pm-to-12jan3pm-search.xlsx',
    );
  });
});
