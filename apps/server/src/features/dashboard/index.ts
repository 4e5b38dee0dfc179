/**
 * The dashboard's public interface: everything another part of the server may use of it. The other dashboards (KD
 * DKP, autarch), the movements page and the scan import compute their periods and tables with the dashboard's
 * pieces, and reach them here only, never in the files behind it (src/architecture.test.ts fails otherwise), so
 * those files can be split, merged or renamed without touching another feature. docs/architecture.md, "Layers".
 */

// A period: the scans a start and end date choose, its cache keys, its date options, and who may see it.
export { dateOption, type KingdomContext, scansKey } from './context.ts';
// A kingdom's saved formula, as every period computation reads it.
export { selectFormula } from './kingdom-reads.ts';
// The table machinery (filters, sorts, pages, summaries, pages too large for one JSON string) of every dashboard.
export { LARGE_PAGE_ROWS, pageSchemas, sendLargePage } from './large-page.ts';
export { type ResolvedPeriod, resolvePeriod } from './period.ts';
// A period's stats per governor, and how they are read from one SQL row (the KD DKP dashboard's own read).
export { gameKillPoints, STAT_GAINS, unlessDecreased } from './period-rows.ts';
export {
  ALL_STAT_COLUMNS,
  type GainColumn,
  type Gains,
  type PeriodStat,
  statColumns,
  unpack,
} from './queries.ts';
// The app's wiring: the service (its caches, the work before the first request) and the routes.
export { dashboardRoutes } from './routes.ts';
export {
  isUnfiltered,
  pageOf,
  parseTableRequest,
  rankByPower,
  selectRows,
  sortedRows,
  type TableData,
  type TableQuery,
} from './row-query.ts';
export { DashboardService } from './service.ts';
export { fieldMetrics, type Summaries, summariesFor } from './summaries.ts';
export { loadViewerContext, readViewerKingdom } from './viewer-context.ts';
