import { NO_CAMP } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { mapInSlices, yieldToEventLoop } from '../../event-loop.ts';
import { applyKingdomFarms } from '../farms/policy.ts';
import type { KingdomContext } from './context.ts';
import type { ResolvedPeriod } from './period.ts';
import { buildPlayerRow, periodDkpScorer } from './period-rows.ts';
import { type PeriodData, SUMMARY_METRICS } from './period-view.ts';
import { readPeriod } from './queries.ts';
import { rankByPower } from './row-query.ts';
import { buildSummaries } from './summaries.ts';

// A period's rows computed from the database: the full path the dashboard service caches (service.ts), and the
// period's lists of camps and kds, which the SQL first page (page-query.ts) answers the same way.

/**
 * Camps that have governors in the period, by name (NO_CAMP last when some governors have none), and the
 * period's known home kds: from every governor's home kd (a row's Camp is its kd's camp), scoped or not.
 */
export function periodLists(homeKds: readonly (number | null)[], context: KingdomContext) {
  const camps = new Set(homeKds.map((kd) => context.campOf(kd) ?? NO_CAMP));
  const named = sortNames([...camps].filter((camp) => camp !== NO_CAMP));
  return {
    availableCamps: camps.has(NO_CAMP) ? [...named, NO_CAMP] : named,
    availableKds: homeKds.filter((kd): kd is number => kd !== null),
  };
}

/** A period's rows (all governors, or those of the `scope` home kds), built in slices between event-loop turns. */
export async function computePeriod(
  db: Kysely<Database>,
  context: KingdomContext,
  period: ResolvedPeriod,
  scope: readonly number[] | null,
): Promise<PeriodData> {
  const read = await readPeriod(
    db,
    context.kingdom.kd,
    period.scans,
    scope === null ? {} : { homeKd: scope },
  );
  // Farms counted as the kingdom chose (docs/farms.md), before any row, summary or ranking is built.
  const stats = applyKingdomFarms(read.stats, context.farms).stats;
  await yieldToEventLoop();
  const rowContext = {
    period: { start: period.start.takenAt, end: period.end.takenAt },
    dkp: periodDkpScorer(context.formula),
    campOf: context.campOf,
  };
  const rows = await mapInSlices(stats, (stat) => buildPlayerRow(stat, rowContext));
  await yieldToEventLoop();
  return {
    rows,
    // Nearly every request of a whole period shows its unfiltered summaries: computed here, in its own slice of work.
    summaries: scope === null ? buildSummaries(rows, SUMMARY_METRICS, context.campNames) : undefined,
    byPower: lazy(() => rankByPower(rows)),
    ...periodLists(read.homeKds, context),
    sorted: new Map(),
    views: new Map(),
  };
}

/** A value computed on first use. */
function lazy<T>(compute: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= compute();
    return value;
  };
}

const NAME_COLLATOR = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function sortNames(names: string[]): string[] {
  return names.sort((a, b) => NAME_COLLATOR.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
}
