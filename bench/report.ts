/**
 * The targets (bench/report-checks.ts) checked against what bench/run.ts collected (bench/results.ts), and the
 * one table printed at the end.
 */

import { type Cell, CHECKS } from './report-checks.ts';
import {
  DATABASE_LABELS,
  type DatabaseName,
  type DatabaseResults,
  type LoadDuring,
  type Outcome,
  type WebBundleFigures,
} from './results.ts';

export interface TargetRow {
  measurement: string;
  target: string;
  sqlite?: Cell;
  postgres?: Cell;
  /** Every measured database met it; null without a target. */
  met: boolean | null;
}

/** "[load 3.2]": the 1-minute load average when the measurement ended (its samples' recent past). */
function withLoad(cell: Cell, load: LoadDuring | undefined): Cell {
  return load ? { ...cell, text: `${cell.text} [load ${load.after[0].toFixed(1)}]` } : cell;
}

export function targetRows(
  databases: Partial<Record<DatabaseName, DatabaseResults>>,
  web: Outcome<WebBundleFigures>,
  webLoad: LoadDuring | undefined,
): TargetRow[] {
  return CHECKS.map((check) => {
    const row: TargetRow = { measurement: check.measurement, target: check.target, met: null };
    for (const name of ['sqlite', 'postgres'] as const) {
      const results = databases[name];
      if (!results) continue;
      const load = check.section ? results.loadAverages[check.section] : webLoad;
      row[name] = withLoad(check.cell(results, web), load);
    }
    const verdicts = [row.sqlite?.met, row.postgres?.met].filter((m) => m !== undefined && m !== null);
    row.met = verdicts.length === 0 ? null : verdicts.every(Boolean);
    return row;
  });
}

/** One plain-text table: measurement, SQLite, PostgreSQL, target, met. */
export function formatTable(rows: readonly TargetRow[]): string {
  const metText = (row: TargetRow) => {
    if (row.met === null) return '—';
    if (row.met) return 'yes';
    const misses = (['sqlite', 'postgres'] as const).filter((name) => row[name]?.met === false);
    return `no (${misses.map((name) => DATABASE_LABELS[name]).join(', ')})`;
  };
  const lines = [
    ['measurement', DATABASE_LABELS.sqlite, DATABASE_LABELS.postgres, 'target', 'met'],
    ...rows.map((row) => [
      row.measurement,
      row.sqlite?.text ?? 'not run',
      row.postgres?.text ?? 'not run',
      row.target,
      metText(row),
    ]),
  ];
  const widths = lines[0]!.map((_, c) => Math.max(...lines.map((line) => line[c]!.length)));
  const format = (line: string[]) => `| ${line.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  return [
    format(lines[0]!),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...lines.slice(1).map(format),
  ].join('\n');
}

export { freshServers } from './report-checks.ts';
