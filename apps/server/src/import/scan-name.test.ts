import { describe, expect, it } from 'vitest';
import { cleanScanName, defaultScanName, isMachineMadeName } from './scan-name.ts';

const AT = Date.UTC(2025, 11, 17, 20, 21) / 1000;

describe('scan names', () => {
  it.each([
    ['742871269048975389_1766002874_3851', true],
    ['01032025', true],
    ['3851', true],
    ['0f8fad5b-d9cb-469f-a165-70867728950e_2', true],
    ['kd1234-start', false],
    ['kd2101', false],
    ['PriorPass4Opening 04-12-2024', false],
    ['Guild_1766002874_3', false],
  ])('%s is machine-made: %s', (name, machineMade) => {
    expect(isMachineMadeName(name)).toBe(machineMade);
  });

  it('names a scan by its time when the file name is machine-made', () => {
    expect(defaultScanName('742871269048975389_1766002874_3851', AT)).toBe('2025-12-17 20:21 UTC');
    expect(defaultScanName('kd1234-start', AT)).toBe('kd1234-start');
    expect(defaultScanName('\u0000\u0007', AT)).toBe('2025-12-17 20:21 UTC');
  });

  it('removes control characters and bidirectional overrides, and cuts long names', () => {
    expect(cleanScanName('KvK\u0007 start\u202e\t\n')).toBe('KvK start');
    expect(cleanScanName('a'.repeat(150))).toHaveLength(100);
  });
});
