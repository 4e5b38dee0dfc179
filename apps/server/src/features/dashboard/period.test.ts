import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import type { ScanInfo } from '../scans/kingdom-scans.ts';
import type { KingdomSettings } from '../settings/service.ts';
import { dkpScansSelection } from './context.ts';
import { resolvePeriod, START_AFTER_END } from './period.ts';

const scans: ScanInfo[] = [100, 200, 300, 400].map((takenAt, i) => ({
  id: i + 1,
  kind: 'kingdom',
  takenAt,
  name: `scan ${i + 1}`,
  revision: 0,
  incompleteCounters: '{}',
  reviewRevision: 0,
}));
const settings = (start: string | null = null, end: string | null = null): KingdomSettings => ({
  defaultTopFilter: null,
  defaultDates: { start, end },
  showAutarchSwitcher: true,
});
const times = (period: ReturnType<typeof resolvePeriod>) =>
  period && [period.start.takenAt, period.end.takenAt];

describe('resolvePeriod', () => {
  it('defaults to the first and last scan, or to the kingdom’s default dates', () => {
    expect(times(resolvePeriod(scans, settings(), {}))).toEqual([100, 400]);
    expect(times(resolvePeriod(scans, settings('200', '300'), {}))).toEqual([200, 300]);
    expect(resolvePeriod(scans, settings('200', '300'), {})!.scans.map((s) => s.id)).toEqual([2, 3]);
    // A default that is no longer a scan falls back.
    expect(times(resolvePeriod(scans, settings('250', '999'), {}))).toEqual([100, 400]);
  });

  it('takes given dates, and completes one given date without crossing it', () => {
    expect(times(resolvePeriod(scans, settings('300', '400'), { start: '100', end: '200' }))).toEqual([
      100, 200,
    ]);
    expect(times(resolvePeriod(scans, settings('300', '400'), { end: '200' }))).toEqual([100, 200]);
    expect(times(resolvePeriod(scans, settings('100', '200'), { start: '300' }))).toEqual([300, 400]);
    expect(times(resolvePeriod(scans, settings(), { start: '300', end: '300' }))).toEqual([300, 300]);
  });

  it('refuses dates that are not scans, and a start after the end', () => {
    const refusal = (given: { start?: string; end?: string }) => {
      try {
        resolvePeriod(scans, settings(), given);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        return (error as AppError).message;
      }
      return 'accepted';
    };
    expect(refusal({ start: '150' })).toMatch(/^start_date 150 /);
    expect(refusal({ end: '401' })).toMatch(/^end_date 401 /);
    expect(refusal({ start: '400', end: '100' })).toBe(START_AFTER_END);
  });

  it('is null for a kingdom without scans', () => {
    expect(resolvePeriod([], settings('100', null), {})).toBeNull();
  });
});

describe('dkpScansSelection', () => {
  it('reads saved wars as War n with before and after times', () => {
    const saved = {
      base: { a: 1 },
      wars: [
        { before: { a: 1 }, after: { b: 2 } },
        { before: { c: '3' }, after: { d: 4 } },
      ],
    };
    expect(dkpScansSelection(JSON.stringify(saved))).toEqual({
      wars: [
        { name: 'War 1', before: 1, after: 2 },
        { name: 'War 2', before: 3, after: 4 },
      ],
    });
  });

  it('is none without wars or with something unreadable', () => {
    for (const saved of [null, '', 'not json', '{}', '{"wars": []}', '{"wars": [{"before": {}}]}']) {
      expect(dkpScansSelection(saved)).toBe('none');
    }
  });
});
