import { describe, expect, it } from 'vitest';
import type { ScanInfo } from '../scans/kingdom-scans.ts';
import { dateOption } from './context.ts';

const AT = Date.UTC(2025, 11, 17, 20, 21, 14) / 1000;
const scan = (name: string): ScanInfo => ({
  id: 1,
  kind: 'kingdom',
  takenAt: AT,
  name,
  revision: 0,
  incompleteCounters: '{}',
  reviewRevision: 0,
});

describe('dateOption', () => {
  it('lists a scan by its time and name', () => {
    expect(dateOption(scan('KvK start')).display).toBe('2025-12-17 20:21 UTC · KvK start');
  });

  it('lists a scan named after its time once (issue 41: "20:21 UTC · 20:21 UTC")', () => {
    expect(dateOption(scan('2025-12-17 20:21 UTC'))).toEqual({
      timestamp: AT,
      display: '2025-12-17 20:21 UTC',
    });
  });
});
