import { describe, expect, it } from 'vitest';
import { scanLabel } from './time.ts';

const AT = Date.UTC(2025, 11, 17, 20, 21) / 1000;

describe('scanLabel', () => {
  it('names a scan and its time, or its time once when the scan is named after it', () => {
    expect(scanLabel('KvK start', AT)).toBe('KvK start · 2025-12-17 20:21 UTC');
    expect(scanLabel('2025-12-17 20:21 UTC', AT)).toBe('2025-12-17 20:21 UTC');
  });
});
