import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.ts';

/**
 * Fresh planner statistics after an import (docs/decisions.md, "Planner statistics after an import"). PostgreSQL
 * plans a period from its statistics; after a bulk import they describe the tables as they were, and with
 * autovacuum off or not yet run a period took seconds instead of a tenth of one. Autovacuum's own rule decides:
 * a table is analysed when it was never analysed or when the rows changed since its last analysis pass
 * 50 + 10 % of its size.
 */
export const IMPORT_TABLES = ['governor_stats', 'governor_presence', 'scan_kd_totals'] as const;

/** PostgreSQL's defaults for autovacuum_analyze_threshold and autovacuum_analyze_scale_factor. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

interface TableActivity {
  name: string;
  /** -1 until the table's first ANALYZE or VACUUM. */
  reltuples: number;
  modifiedSinceAnalyze: number;
}

/**
 * Analyses those of IMPORT_TABLES whose statistics an import has made stale; answers their names. `changedStatRows`:
 * the stat rows the caller's import just wrote. PostgreSQL's change counters can lag a moment behind a commit made
 * on another connection, so the caller's count is added to governor_stats' own.
 * SQLite: `PRAGMA optimize`, which runs ANALYZE itself where its statistics are missing or stale.
 */
export async function refreshPlannerStatistics<DB>(db: Kysely<DB>, changedStatRows = 0): Promise<string[]> {
  if (dialectOf(db) === 'sqlite') {
    await sql`pragma optimize`.execute(db);
    return [];
  }
  const { rows } = await sql<{ name: string; reltuples: number | string; modified: number | string | null }>`
    select c.relname as name, c.reltuples, s.n_mod_since_analyze as modified
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
    left join pg_stat_user_tables s on s.relid = c.oid
    where c.relkind = 'r' and c.relname in (${sql.join([...IMPORT_TABLES])})
  `.execute(db);
  const stale = rows
    .map(
      (row): TableActivity => ({
        name: row.name,
        reltuples: Number(row.reltuples),
        modifiedSinceAnalyze:
          Number(row.modified ?? 0) + (row.name === 'governor_stats' ? changedStatRows : 0),
      }),
    )
    .filter(isStale)
    .map((table) => table.name)
    .sort();
  for (const name of stale) await sql`analyze ${sql.id(name)}`.execute(db);
  return stale;
}

function isStale(table: TableActivity): boolean {
  if (table.reltuples < 0) return true;
  return table.modifiedSinceAnalyze > ANALYZE_THRESHOLD + ANALYZE_SCALE_FACTOR * table.reltuples;
}
