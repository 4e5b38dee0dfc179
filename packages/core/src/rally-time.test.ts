import { describe, expect, it } from 'vitest';
import { parseRallyTime } from './rally-time.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('rally times', () => {
  it('reads unix seconds as a number or digits', () => {
    expect(parseRallyTime(1_763_650_000)).toEqual({ ok: true, seconds: 1_763_650_000 });
    expect(parseRallyTime(' 1763650000 ')).toEqual({ ok: true, seconds: 1_763_650_000 });
  });

  it('reads ISO-8601 with or without a zone, a missing zone meaning UTC', () => {
    expect(parseRallyTime('2026-11-20T14:05:00Z')).toEqual({ ok: true, seconds: at('2026-11-20T14:05:00Z') });
    expect(parseRallyTime('2026-11-20 14:05')).toEqual({ ok: true, seconds: at('2026-11-20T14:05:00Z') });
    expect(parseRallyTime('2026-11-20T16:05:00+02:00')).toEqual({
      ok: true,
      seconds: at('2026-11-20T14:05:00Z'),
    });
    expect(parseRallyTime('2026-11-20T16:05:00.250+0200')).toEqual({
      ok: true,
      seconds: at('2026-11-20T14:05:00Z'),
    });
    expect(parseRallyTime('2026-11-20')).toEqual({ ok: true, seconds: at('2026-11-20T00:00:00Z') });
  });

  it('refuses what is not a time, with the reason', () => {
    expect(parseRallyTime('')).toEqual({ ok: false, problem: 'is empty' });
    expect(parseRallyTime('20/11/2026')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('ISO-8601'),
    });
    expect(parseRallyTime('2026-02-30T10:00:00Z')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('not a valid'),
    });
    expect(parseRallyTime('2026-11-20T25:00:00Z')).toMatchObject({ ok: false });
    expect(parseRallyTime(1_763_650_000_000)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('milliseconds'),
    });
    expect(parseRallyTime(12345)).toMatchObject({ ok: false, problem: expect.stringContaining('plausible') });
    expect(parseRallyTime(1_763_650_000.5)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('whole'),
    });
    expect(parseRallyTime(null)).toMatchObject({ ok: false });
  });
});
