import { CAMP_SUMMARY_HEADERS, NO_CAMP, type PlayerRow } from '@kingdom-stats/core/api';
import type { KingdomContext } from './context.ts';
import type { PeriodPlayerRow } from './period-rows.ts';
import { isUnfiltered, selectRows, type TableData, type TableRequest, viewKey } from './row-query.ts';
import { fieldMetrics, type Summaries, summariesFor } from './summaries.ts';

/**
 * A computed period and its views: what the dashboard service keeps in its cache per period, and the rows and
 * summaries one request's filters and sort select from it.
 */

/**
 * The summaries' metrics: each column's known values summed; a row whose DKP or KP (T4+T5) is unknown because a gain
 * went down adds those of its known gains (PeriodPlayerRow.summed), so a sum's DKP is the formula over the summed
 * known gains, as the SQL first page weighs it from the columns' sums (page-query.ts).
 */
export const SUMMARY_METRICS = fieldMetrics<PlayerRow>(CAMP_SUMMARY_HEADERS.slice(2)).map((metric) =>
  metric.header === 'DKP' || metric.header === 'KP (T4+T5)'
    ? {
        header: metric.header,
        value: (row: PeriodPlayerRow) =>
          row.summed ? row.summed[metric.header as 'DKP' | 'KP (T4+T5)'] : metric.value(row),
      }
    : metric,
);

/** A period's computed rows and what is derived from them alone. */
export interface PeriodData extends TableData<PlayerRow> {
  rows: PlayerRow[];
  availableCamps: string[];
  availableKds: number[];
  /**
   * Summaries of all rows (the unfiltered table), computed with a whole period; a scoped one (a kd or camp view
   * computed alone) never shows its rows unfiltered, so it has none.
   */
  summaries?: Summaries;
  /** Recent views (filters and sort) of the period, by viewKey, most recently used last. */
  views: Map<string, PeriodView>;
}

export interface PeriodView {
  ordered: PlayerRow[];
  summaries: Summaries;
}

/** Views kept per period: during KvK many viewers open the same kd, search or sort, and page through it. */
const VIEWS_KEPT = 16;

/** The rows a request selects, in its order, with their summaries: computed once per view of a period. */
export function viewOf(data: PeriodData, request: TableRequest, campNames: readonly string[]): PeriodView {
  const key = viewKey(request);
  const hit = data.views.get(key);
  if (hit) {
    data.views.delete(key);
    data.views.set(key, hit);
    return hit;
  }
  const { selected, ordered } = selectRows(data, request);
  const summaries = summariesFor(data, selected, isUnfiltered(request), SUMMARY_METRICS, campNames);
  const view = { ordered, summaries };
  data.views.set(key, view);
  if (data.views.size > VIEWS_KEPT) data.views.delete(data.views.keys().next().value!);
  return view;
}

/**
 * The home kds a request's rows can come from when it names a kd or a camp (null: any, or a view that needs
 * governors of no camp, whose kds are not listed). Top N, search and column filters select within those kds.
 */
export function homeKdScope(request: TableRequest, context: KingdomContext): number[] | null {
  const campKds =
    request.camp === null || sameName(request.camp, NO_CAMP) ? null : context.campKds(request.camp);
  if (request.kd !== null) {
    // A kd outside the named camp selects nobody; scoping to it still answers that.
    return [request.kd];
  }
  return campKds;
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
