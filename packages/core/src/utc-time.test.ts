import { describe, expect, it } from 'vitest';
import { formatUtcMinute } from './utc-time.ts';

describe('formatUtcMinute', () => {
  it('writes a unix time as its UTC day, hour and minute', () => {
    expect(formatUtcMinute(1_766_002_860)).toBe('2025-12-17 20:21 UTC');
  });

  it('drops seconds rather than rounding them up', () => {
    expect(formatUtcMinute(Date.UTC(2026, 0, 1, 23, 59, 59) / 1000)).toBe('2026-01-01 23:59 UTC');
  });

  it('stays in UTC whatever the epoch, including before 1970', () => {
    expect(formatUtcMinute(0)).toBe('1970-01-01 00:00 UTC');
    expect(formatUtcMinute(-60)).toBe('1969-12-31 23:59 UTC');
  });
});
