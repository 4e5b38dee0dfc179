import { neutralizeFormula } from '@kingdom-stats/core';
import { MIGRATION_LIST_CSV_COLUMNS, type MigrationEntry } from '@kingdom-stats/core/api';
import { isoUtc } from '../../time.ts';

/** A season's list as CSV (CRLF, UTF-8 with a byte-order mark so Excel reads names right; flags as yes/no). */
export function migrationListToCsv(kvk: number, entries: readonly MigrationEntry[]): string {
  const yes = (flag: boolean) => (flag ? 'yes' : 'no');
  const lines = [MIGRATION_LIST_CSV_COLUMNS.join(',')];
  for (const entry of entries) {
    const cells: (string | number)[] = [
      kvk,
      entry.governorId,
      entry.name,
      entry.direction,
      entry.reason,
      yes(entry.contacted),
      yes(entry.excluded),
      yes(entry.migrated),
      yes(entry.zeroed),
      entry.note,
      entry.updatedBy,
      isoUtc(entry.updatedAt),
    ];
    lines.push(cells.map(csvCell).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = neutralizeFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
