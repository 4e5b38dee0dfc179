import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.ts';

/**
 * Fresh planner statistics after an import (docs/decisions.md, "Planner statistics after an import"). PostgreSQL
 * plans a period from its statistics; after a bulk import they describe the tables as they were, and with
 * autovacuum off or not yet run a period took seconds instead of a tenth of one. Autovacuum's analyze rule, on what
 * is known at once: a table is analysed when it was never analysed, when it grew by more than 50 rows + 10 % since
 * its last analysis (its pages now against those the analysis counted: imports add rows), or when the caller's
 * import wrote that many stat rows. Below that rule, governor_stats.scan_id alone is analysed after every import, so
 * the newest scan is always in the statistics that plan its reads. PostgreSQL's own change counters are not used: they reach other connections
 * up to a second after a commit, which would make the answer depend on timing.
 */
export const IMPORT_TABLES = [
  'governor_stats',
  'governor_presence',
  'scan_kd_totals',
  'scan_home_moves',
] as const;

/** PostgreSQL's defaults for autovacuum_analyze_threshold and autovacuum_analyze_scale_factor. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

interface TableSize {
  name: string;
  /** Rows and pages at the last ANALYZE (or VACUUM); reltuples is -1 before the first. */
  reltuples: number;
  relpages: number;
  /** Pages now. */
  pages: number;
}

/**
 * Analyses those of IMPORT_TABLES whose statistics an import has made stale, and governor_stats.scan_id after every
 * import that wrote stat rows; answers what it analysed. `changedStatRows`: the stat rows the caller's import wrote
 * (a file replacing rows does not grow the table).
 * SQLite: `PRAGMA optimize`, which runs ANALYZE itself where its statistics are missing or stale.
 */
export async function refreshPlannerStatistics<DB>(db: Kysely<DB>, changedStatRows = 0): Promise<string[]> {
  if (dialectOf(db) === 'sqlite') {
    await sql`pragma optimize`.execute(db);
    return [];
  }
  const { rows } = await sql<{
    name: string;
    reltuples: number | string;
    relpages: number;
    pages: number | string;
  }>`
    select c.relname as name, c.reltuples, c.relpages,
      pg_relation_size(c.oid) / current_setting('block_size')::int as pages
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
    where c.relkind = 'r' and c.relname in (${sql.join([...IMPORT_TABLES])})
  `.execute(db);
  const stale = rows
    .map(
      (row): TableSize => ({
        name: row.name,
        reltuples: Number(row.reltuples),
        relpages: Number(row.relpages),
        pages: Number(row.pages),
      }),
    )
    .filter((table) => isStale(table, table.name === 'governor_stats' ? changedStatRows : 0))
    .map((table) => table.name)
    .sort();
  for (const name of stale) await sql`analyze ${sql.id(name)}`.execute(db);
  if (changedStatRows > 0 && !stale.includes('governor_stats')) {
    // Below the rule, the newest scan is still missing from scan_id's statistics: the planner then takes it for one
    // row, and a statement reading it (the home-moves insert, KD DKP's candidates) picks a nested loop over 16,000
    // rows: 30-58 s instead of 1-2 s (issue 44). One column at its small target (migration 0016) is cheap every time.
    await sql`analyze governor_stats (scan_id)`.execute(db);
    stale.push(SCAN_ID_STATISTICS);
  }
  return stale;
}

/** What refreshPlannerStatistics answers when it analysed governor_stats.scan_id alone. */
export const SCAN_ID_STATISTICS = 'governor_stats (scan_id)';

function isStale(table: TableSize, changedRows: number): boolean {
  if (table.reltuples < 0) return true;
  const limit = ANALYZE_THRESHOLD + ANALYZE_SCALE_FACTOR * table.reltuples;
  if (changedRows > limit) return true;
  // Rows added since the analysis, estimated as the planner does: the new pages at the analysed rows per page.
  const rowsPerPage = table.relpages > 0 ? table.reltuples / table.relpages : 0;
  const added =
    table.relpages > 0 ? (table.pages - table.relpages) * rowsPerPage : table.pages > 0 ? Infinity : 0;
  return added > limit;
}

/**
 * After an import has committed (the upload route and the CLI): refreshes the statistics for the stat rows its
 * scans wrote. The import stands whatever happens here, so a failure is reported to `warn`, not thrown: planner
 * statistics are an optimisation, and autovacuum, where it runs, catches up anyway.
 */
export async function refreshAfterImport<DB>(
  db: Kysely<DB>,
  file: { scans: readonly { status: string; rows: number }[] },
  warn: (message: string) => void = console.warn,
): Promise<void> {
  const written = file.scans.filter((scan) => scan.status !== 'already-imported');
  if (written.length === 0) return;
  const rows = written.reduce((sum, scan) => sum + scan.rows, 0);
  try {
    await refreshPlannerStatistics(db, rows);
  } catch (error) {
    warn(`planner statistics not refreshed after the import: ${(error as Error).message}`);
  }
}
