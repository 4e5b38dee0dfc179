import { isSortDirection, type SortDirection, type SortEntry } from '@kingdom-stats/core';
import { readSorts } from '../../api/dashboard-address.ts';
import type { AddressProblem, ViewChoice } from './address-problems.ts';
import type { Mode } from './ModeSwitch.tsx';
import { CAMP_HEADER } from './summary.ts';

// The main dashboard's mode and its summary tables' sorts in the page's address (issue 41 item 11), beside the
// player table's view (api/dashboard-address.ts):
//   ?mode=autarch&csort=DKP:desc&csort=POWER:asc&ksort=DEAD:asc&together=off
// mode: autarch mode (normal when absent); csort: the camp table's sorts, first one first (none: the server's
// order); ksort: the kingdom table's sort (none: its last column, biggest first); together=off: kingdoms ranked as one
// list rather than inside their camps. The sorts name the columns of the table shown (the mode's), so switching
// the mode drops them. A value the screen does not offer falls back to the default; the screen says so and takes it
// out of the address (summaryAddressProblems, useAddressCheck).

export const SUMMARY_PARAM = {
  mode: 'mode',
  campSort: 'csort',
  kingdomSort: 'ksort',
  together: 'together',
} as const;

export interface KingdomSort {
  key: string;
  direction: SortDirection;
}

export function modeOf(params: URLSearchParams): Mode {
  return params.get(SUMMARY_PARAM.mode) === 'autarch' ? 'autarch' : 'normal';
}

export function campSortsOf(params: URLSearchParams): SortEntry[] {
  return readSorts(params.getAll(SUMMARY_PARAM.campSort));
}

export function kingdomSortOf(params: URLSearchParams): KingdomSort | null {
  const [sort] = readSorts(params.getAll(SUMMARY_PARAM.kingdomSort));
  return sort ? { key: sort.key, direction: sort.direction } : null;
}

export function keepTogetherOf(params: URLSearchParams): boolean {
  return params.get(SUMMARY_PARAM.together) !== 'off';
}

/** A sort as the address writes it: `DKP:desc`. */
export function sortParam(sort: { key: string; direction: SortDirection }): string {
  return `${sort.key}:${sort.direction}`;
}

/** What the dashboard offers, once known (null: not known yet, or not this view's to check). */
export interface SummaryOffer {
  /** Whether the kingdom has autarch mode (its switch shows). */
  autarch: boolean | null;
  /** The camp table's columns. */
  campHeaders: readonly string[] | null;
  /** The kingdom table's columns (its camp column is no column of its own: the KD cell carries the camp). */
  kingdomHeaders: readonly string[] | null;
}

function sortsOffered(values: readonly string[], headers: readonly string[] | null): boolean {
  return values.every((value) => {
    const at = value.lastIndexOf(':');
    const key = value.slice(0, at);
    return at > 0 && isSortDirection(value.slice(at + 1)) && (headers === null || headers.includes(key));
  });
}

/** The mode and summary sorts of an address the dashboard cannot show. */
export function summaryAddressProblems(search: string, offer: SummaryOffer): AddressProblem[] {
  const params = new URLSearchParams(search);
  const wrong: ViewChoice[] = [];
  const mode = params.get(SUMMARY_PARAM.mode);
  if (mode !== null && !(mode === 'normal' || (mode === 'autarch' && offer.autarch !== false))) {
    wrong.push({ name: SUMMARY_PARAM.mode, value: mode });
  }
  const campSorts = params.getAll(SUMMARY_PARAM.campSort);
  if (!sortsOffered(campSorts, offer.campHeaders)) {
    wrong.push({ name: SUMMARY_PARAM.campSort, value: campSorts.join(' ') });
  }
  const kingdomSorts = params.getAll(SUMMARY_PARAM.kingdomSort);
  const kingdomHeaders =
    offer.kingdomHeaders?.filter((header) => header.trim().toUpperCase() !== CAMP_HEADER) ?? null;
  if (kingdomSorts.length > 1 || !sortsOffered(kingdomSorts, kingdomHeaders)) {
    wrong.push({ name: SUMMARY_PARAM.kingdomSort, value: kingdomSorts.join(' ') });
  }
  const together = params.get(SUMMARY_PARAM.together);
  if (together !== null && together !== 'off' && together !== 'on') {
    wrong.push({ name: SUMMARY_PARAM.together, value: together });
  }
  return wrong.length > 0 ? [{ kind: 'view', choices: wrong }] : [];
}
