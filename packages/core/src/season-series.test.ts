import { describe, expect, it } from 'vitest';
import { alignSeasons, seasonSeries } from './season-series.ts';

const DAY = 86_400;
const open = 1_000 * DAY;
const season = { openTime: open, closeTime: open + 50 * DAY };
const scan = (day: number, kills: number | null) => ({ takenAt: open + day * DAY, kills });

describe('seasonSeries', () => {
  it('keeps the season’s scans as days since the open and gains since its first known value', () => {
    const scans = [
      scan(-3, 5),
      scan(0, null),
      scan(0.5, 100),
      scan(2, 150),
      scan(3, null),
      scan(10, 400),
      scan(51, 900),
    ];
    expect(seasonSeries(scans, (s) => s.kills, season)).toEqual([
      { day: 0.5, value: 0 },
      { day: 2, value: 50 },
      { day: 3, value: null },
      { day: 10, value: 300 },
    ]);
  });

  it('answers nothing for a season without a known value', () => {
    expect(seasonSeries([scan(1, null), scan(70, 5)], (s) => s.kills, season)).toEqual([]);
  });
});

describe('alignSeasons', () => {
  it('puts both seasons on the union of their days', () => {
    const a = [
      { day: 0, value: 0 },
      { day: 2, value: 20 },
    ];
    const b = [
      { day: 1, value: 0 },
      { day: 2, value: 5 },
    ];
    expect(alignSeasons(a, b)).toEqual({ days: [0, 1, 2], a: [0, null, 20], b: [null, 0, 5] });
  });
});
