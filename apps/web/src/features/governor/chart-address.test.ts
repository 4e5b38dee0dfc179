import { describe, expect, it } from 'vitest';
import {
  chartAddressProblems,
  chartCounterOf,
  chartModeOf,
  chartSeasonOf,
  seasonPairOf,
} from './chart-address.ts';

const read = (search: string) => new URLSearchParams(search);

describe('the charts’ choices in the address (issue 41 item 11)', () => {
  it('reads the values, the season, the counter and the season pair, with defaults for what is absent or wrong', () => {
    const shared = read('?values=gains&kvk=7&counter=t4Kills&seasons=7,5');
    expect(chartModeOf(shared)).toBe('gains');
    expect(chartSeasonOf(shared)).toBe(7);
    expect(chartCounterOf(shared)).toBe('t4Kills');
    expect(seasonPairOf(shared)).toEqual([7, 5]);
    const plain = read('');
    expect([chartModeOf(plain), chartSeasonOf(plain), chartCounterOf(plain), seasonPairOf(plain)]).toEqual([
      'totals',
      null,
      null,
      null,
    ]);
    const wrong = read('?values=sideways&kvk=seven&counter=charm&seasons=7');
    expect([chartModeOf(wrong), chartSeasonOf(wrong), chartCounterOf(wrong), seasonPairOf(wrong)]).toEqual([
      'totals',
      null,
      null,
      null,
    ]);
  });

  it('names each choice the screen does not offer, once what it offers is known', () => {
    const offer = {
      seasons: [5, 7],
      counters: ['power', 'killPoints', 'dead'] as const,
      pairSeasons: [5, 7],
    };
    expect(chartAddressProblems('?values=gains&kvk=7&counter=dead&seasons=7,5', offer)).toEqual([]);
    expect(chartAddressProblems('?values=sideways&kvk=9&counter=t4Kills&seasons=7,9', offer)).toEqual([
      {
        kind: 'view',
        choices: [
          { name: 'values', value: 'sideways' },
          { name: 'kvk', value: '9' },
          { name: 'counter', value: 't4Kills' },
          { name: 'seasons', value: '7,9' },
        ],
      },
    ]);
    // Not known yet: only what can never be right.
    const unknown = { seasons: null, counters: null, pairSeasons: null };
    expect(chartAddressProblems('?kvk=9&counter=t4Kills&seasons=7,9', unknown)).toEqual([]);
    expect(chartAddressProblems('?counter=charm', unknown)).toEqual([
      { kind: 'view', choices: [{ name: 'counter', value: 'charm' }] },
    ]);
    // Compare has no season against season.
    expect(chartAddressProblems('?ids=1,2&seasons=7,5', { seasons: [5, 7], counters: null })).toEqual([
      { kind: 'view', choices: [{ name: 'seasons', value: '7,5' }] },
    ]);
  });
});
