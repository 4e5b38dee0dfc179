import { describe, expect, it } from 'vitest';
import { playerQueryOfAddress, withPlayerQuery } from '../../api/dashboard-address.ts';
import { withProblems } from './address-problems.ts';
import {
  campSortsOf,
  keepTogetherOf,
  kingdomSortOf,
  modeOf,
  summaryAddressProblems,
} from './summary-address.ts';
import { addressSearch, patchedParams } from './useAddressParams.ts';

const read = (search: string) => new URLSearchParams(search);
const offer = {
  autarch: true,
  campHeaders: ['CAMP NAME', 'POWER', 'DKP'],
  kingdomHeaders: ['CAMP NAME', 'KD', 'POWER', 'DKP'],
};

describe('the dashboard’s mode and summary sorts in the address (issue 41 item 11)', () => {
  it('reads autarch mode, the camp sorts in order, the kingdom sort and camps kept apart', () => {
    const shared = read('?mode=autarch&csort=DKP:desc&csort=POWER:asc&ksort=POWER:asc&together=off');
    expect(modeOf(shared)).toBe('autarch');
    expect(campSortsOf(shared)).toEqual([
      { key: 'DKP', direction: 'desc', priority: 1 },
      { key: 'POWER', direction: 'asc', priority: 2 },
    ]);
    expect(kingdomSortOf(shared)).toEqual({ key: 'POWER', direction: 'asc' });
    expect(keepTogetherOf(shared)).toBe(false);
    const plain = read('');
    expect([modeOf(plain), campSortsOf(plain), kingdomSortOf(plain), keepTogetherOf(plain)]).toEqual([
      'normal',
      [],
      null,
      true,
    ]);
  });

  it('names a mode the kingdom does not have and sorts on columns its tables do not have', () => {
    expect(summaryAddressProblems('?mode=autarch&csort=DKP:desc&ksort=KD:asc&together=off', offer)).toEqual(
      [],
    );
    expect(
      summaryAddressProblems('?mode=autarch&csort=CHARM:desc&ksort=CAMP%20NAME:asc&together=maybe', {
        ...offer,
        autarch: false,
      }),
    ).toEqual([
      {
        kind: 'view',
        choices: [
          { name: 'mode', value: 'autarch' },
          { name: 'csort', value: 'CHARM:desc' },
          { name: 'ksort', value: 'CAMP NAME:asc' },
          { name: 'together', value: 'maybe' },
        ],
      },
    ]);
    // Tables not known yet (or the other mode's): the sorts wait; a malformed one is wrong anyway.
    const unknown = { autarch: null, campHeaders: null, kingdomHeaders: null };
    expect(summaryAddressProblems('?mode=autarch&csort=CHARM:desc', unknown)).toEqual([]);
    expect(summaryAddressProblems('?csort=DKP:sideways', unknown)).toEqual([
      { kind: 'view', choices: [{ name: 'csort', value: 'DKP:sideways' }] },
    ]);
  });

  it('gathers the wrong choices into one notice as they are found', () => {
    const first = summaryAddressProblems('?mode=sideways', offer);
    const later = summaryAddressProblems('?csort=CHARM:desc&mode=sideways', offer);
    const told = withProblems(withProblems([], first), later);
    expect(told).toEqual([
      {
        kind: 'view',
        choices: [
          { name: 'mode', value: 'sideways' },
          { name: 'csort', value: 'CHARM:desc' },
        ],
      },
    ]);
  });

  it('keeps the summary choices when the player table’s view changes, and the view when a choice changes', () => {
    const search = '?mode=autarch&csort=DKP:desc&page=3&q=lord&lang=fr';
    const query = { ...playerQueryOfAddress(search, null), page: 1, search: 'kuro' };
    expect(withPlayerQuery(search, query, null).toString()).toBe(
      'mode=autarch&csort=DKP%3Adesc&lang=fr&q=kuro',
    );
    expect(patchedParams(search, { csort: ['POWER:asc', 'DKP:desc'], mode: null }).toString()).toBe(
      'page=3&q=lord&lang=fr&csort=POWER%3Aasc&csort=DKP%3Adesc',
    );
    expect(addressSearch(patchedParams('?ids=1,2', { seasons: '7,5' }))).toBe('?ids=1,2&seasons=7,5');
    expect(addressSearch(patchedParams('?values=gains', { values: null }))).toBe('');
  });
});
