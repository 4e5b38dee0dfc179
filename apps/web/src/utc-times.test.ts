import { describe, expect, it } from 'vitest';
import { formatUtc } from './features/admin-shared/time.ts';
import { scanTime } from './features/governor/format.ts';

// The web app's scan times come from packages/core's formatUtcMinute; what the screens printed before must not move.
describe('UTC times on the screens', () => {
  it('read YYYY-MM-DD HH:MM UTC', () => {
    expect(scanTime(1_766_002_860)).toBe('2025-12-17 20:21 UTC');
    expect(formatUtc(1_790_337_600)).toBe('2026-09-25 12:00 UTC');
    expect(formatUtc(0)).toBe('1970-01-01 00:00 UTC');
    expect(formatUtc(null)).toBe('-');
  });
});
