import type { AddressProblem, ViewChoice } from '../dashboard/address-problems.ts';
import { CHART_METRICS, type ChartMode, type MetricKey } from './series.ts';

// The chart choices of the governor page and of compare in the page's address (issue 41 item 11), so a shared link
// opens the same charts:
//   /{kd}/governor/{id}/{code}?values=gains&kvk=7&counter=dead&seasons=7,5
//   /{kd}/compare/{code}?ids=1,2&counter=t4Kills&values=gains&kvk=7
// values: totals (the default, not written) or gains; kvk: the season whose scans the charts show (all scans when
// absent); counter: the one counter charted (compare, and the governor page's season against season); seasons: the
// two seasons the governor page sets side by side. A value the screen does not offer falls back to the default,
// and the screen says so and takes it out of the address (chartAddressProblems, useAddressCheck).

export const CHART_PARAM = { values: 'values', kvk: 'kvk', counter: 'counter', seasons: 'seasons' } as const;

const KVK = /^\d{1,6}$/;
const METRIC_KEYS: readonly string[] = CHART_METRICS.map((metric) => metric.key);

export function chartModeOf(params: URLSearchParams): ChartMode {
  return params.get(CHART_PARAM.values) === 'gains' ? 'gains' : 'totals';
}

/** The season the charts are cut to, as its KvK number; null for every scan. */
export function chartSeasonOf(params: URLSearchParams): number | null {
  const text = params.get(CHART_PARAM.kvk);
  return text !== null && KVK.test(text) ? Number(text) : null;
}

export function chartCounterOf(params: URLSearchParams): MetricKey | null {
  const text = params.get(CHART_PARAM.counter);
  return text !== null && METRIC_KEYS.includes(text) ? (text as MetricKey) : null;
}

/** The governor page's two seasons side by side: `7,5`. */
export function seasonPairOf(params: URLSearchParams): [number, number] | null {
  const parts = (params.get(CHART_PARAM.seasons) ?? '').split(',');
  if (parts.length !== 2 || !parts.every((part) => KVK.test(part))) return null;
  return [Number(parts[0]), Number(parts[1])];
}

/** What a screen's charts offer, once its data is known (null: not known yet, not checked). */
export interface ChartOffer {
  /** The seasons the charts can be cut to (KvK numbers). */
  seasons: readonly number[] | null;
  /** The counters with values. */
  counters: readonly MetricKey[] | null;
  /** The seasons the season-against-season chart offers; undefined on a screen without it (compare). */
  pairSeasons?: readonly number[] | null;
}

/** The chart choices of an address the screen cannot show. */
export function chartAddressProblems(search: string, offer: ChartOffer): AddressProblem[] {
  const params = new URLSearchParams(search);
  const wrong: ViewChoice[] = [];
  const check = (name: string, ok: (value: string) => boolean) => {
    const value = params.get(name);
    if (value !== null && !ok(value)) wrong.push({ name, value });
  };
  check(CHART_PARAM.values, (value) => value === 'gains' || value === 'totals');
  check(
    CHART_PARAM.kvk,
    (value) => KVK.test(value) && (offer.seasons === null || offer.seasons.includes(Number(value))),
  );
  check(
    CHART_PARAM.counter,
    (value) =>
      METRIC_KEYS.includes(value) && (offer.counters === null || offer.counters.includes(value as MetricKey)),
  );
  if (offer.pairSeasons === undefined) {
    check(CHART_PARAM.seasons, () => false);
  } else {
    const known = offer.pairSeasons;
    check(CHART_PARAM.seasons, () => {
      const pair = seasonPairOf(params);
      return pair !== null && (known === null || pair.every((kvk) => known.includes(kvk)));
    });
  }
  return wrong.length > 0 ? [{ kind: 'view', choices: wrong }] : [];
}
