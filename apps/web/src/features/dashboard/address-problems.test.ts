import { describe, expect, it } from 'vitest';
import { playerQueryOfAddress } from '../../api/dashboard-address.ts';
import { rallyAddressProblems } from '../rally/address.ts';
import {
  type AddressKnowledge,
  type AddressProblem,
  addressProblems,
  addressWithout,
} from './address-problems.ts';

const known: AddressKnowledge = {
  scanTimes: [1000, 2000, 3000],
  kds: [2101, 2102],
  camps: ['Azure Legion', 'Crimson Pact'],
  periodRefused: false,
};
const nothingKnown: AddressKnowledge = { scanTimes: null, kds: null, camps: null, periodRefused: false };

describe('a dashboard address with values the kingdom cannot show (issue 41)', () => {
  it('finds a kingdom and a camp that are not offered, once the choices are known', () => {
    expect(addressProblems('?kd=7777&camp=Nope', known)).toEqual([
      { kind: 'kd', value: '7777' },
      { kind: 'camp', value: 'Nope' },
    ]);
    expect(addressProblems('?kd=7777&camp=Nope', nothingKnown)).toEqual([]);
    expect(addressProblems('?kd=x1', nothingKnown)).toEqual([{ kind: 'kd', value: 'x1' }]);
    expect(addressProblems('?kd=2101&camp=Azure%20Legion', known)).toEqual([]);
    expect(addressProblems('?kd=all&camp=all', known)).toEqual([]);
  });

  it('tells a malformed, a reversed and an unknown period apart', () => {
    expect(addressProblems('?from=abc&to=2000', nothingKnown)).toEqual([{ kind: 'period-invalid' }]);
    expect(addressProblems('?from=1000', nothingKnown)).toEqual([{ kind: 'period-invalid' }]);
    expect(addressProblems('?from=3000&to=1000', nothingKnown)).toEqual([{ kind: 'period-reversed' }]);
    expect(addressProblems('?from=1&to=2', known)).toEqual([{ kind: 'period-unknown' }]);
    expect(addressProblems('?from=1&to=2', { ...nothingKnown, periodRefused: true })).toEqual([
      { kind: 'period-unknown' },
    ]);
    expect(addressProblems('?from=1000&to=3000', known)).toEqual([]);
  });

  it('takes only the wrong values out of the address', () => {
    const search = '?from=abc&to=2000&kd=7777&camp=Azure+Legion&sort=Dead%3Adesc&page=3';
    const problems = addressProblems(search, known);
    expect(addressWithout(search, problems).toString()).toBe('camp=Azure+Legion&sort=Dead%3Adesc');
  });

  it('asks for no period when the address’s start is after its end', () => {
    expect(playerQueryOfAddress('?from=3000&to=1000', null)).toMatchObject({ start: null, end: null });
    expect(playerQueryOfAddress('?from=1000&to=3000', null)).toMatchObject({ start: '1000', end: '3000' });
  });

  it('finds the rally page’s period that is no period, and takes it out whole', () => {
    const invalid: AddressProblem[] = [{ kind: 'period-invalid' }];
    expect(rallyAddressProblems('?period=yesterdayish')).toEqual(invalid);
    expect(rallyAddressProblems('?period=custom&from=2026-02-31&to=2026-03-02')).toEqual(invalid);
    expect(rallyAddressProblems('?from=abc&q=lord')).toEqual(invalid);
    expect(rallyAddressProblems('?period=custom&from=2026-11-07&to=2026-11-01')).toEqual([]);
    expect(rallyAddressProblems('?period=last_week&q=lord')).toEqual([]);
    expect(addressWithout('?period=custom&from=abc&to=2026-11-01&q=lord', invalid).toString()).toBe('q=lord');
  });
});
