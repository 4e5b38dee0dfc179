import type { DashboardResponse } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { dashboardMarkScope } from '../data-review/mark-scope.ts';
import { type ReadReviewSources, reviewMarksFrom, rowsWithoutDecreased } from '../data-review/marks.ts';
import { farmMarksFor } from '../farms/marks.ts';
import type { KingdomContext } from './context.ts';
import type { ResolvedPeriod } from './period.ts';
import { scoredGains } from './period-rows.ts';

/**
 * The marks beside a main dashboard answer's numbers: fields under review and corrections (docs/data-review.md,
 * "Marks"; beside the name or in their own column, mark-scope.ts) and, when the kingdom shows farms apart, which rows are farms (docs/farms.md). Added to every answer, never
 * kept in the service's period caches, so an accepted value or a new link shows at once.
 *
 * Started as soon as the period is known: the review's sources (`readSources`: the period's open flags and
 * corrections, which the service keeps under the period's scans' review revisions: ReviewSourcesCache) need the
 * period only and are read beside the period's statement, where after the answer they were one more round trip on
 * PostgreSQL; the farm policy comes from the context already read. What the rows need (their governors' marks, a
 * farm's main) is read once the page is known.
 */
export function startAnswerMarks(
  db: Kysely<Database>,
  context: KingdomContext,
  period: ResolvedPeriod,
  readSources: ReadReviewSources,
): (answer: DashboardResponse) => Promise<DashboardResponse> {
  const span = { kd: context.kingdom.kd, start: period.start.takenAt, end: period.end.takenAt };
  const sources = readSources(span);
  // Observed at once: a failing read must not be an unhandled rejection while the statement runs; it fails the answer.
  sources.catch(() => undefined);
  const farmsApart = context.farms.policy.mode === 'apart';
  // Beside the name only what the row's headline numbers use; T1–T3 kills, resources and helps in their columns.
  const scope = dashboardMarkScope(scoredGains(context.formula));
  return async (answer) => {
    if (answer.playerData.length === 0) return answer;
    const { rows, governorIds, decreased } = rowsWithoutDecreased(answer.playerData, 'Gov ID');
    const [reviewMarks, farmMarks] = await Promise.all([
      sources.then((read) => reviewMarksFrom(db, { ...span, governorIds, decreased, scope }, read)),
      farmsApart ? farmMarksFor(db, span.kd, governorIds) : undefined,
    ]);
    return {
      ...answer,
      playerData: rows as DashboardResponse['playerData'],
      ...(reviewMarks ? { reviewMarks } : {}),
      ...(farmMarks ? { farmMarks } : {}),
    };
  };
}
