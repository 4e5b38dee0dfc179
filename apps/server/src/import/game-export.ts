import { normaliseHeader } from './columns.ts';
import { refuse } from './import-error.ts';
import type { RawTable } from './readers/table.ts';

/**
 * The game's own member export (Character ID, Username, Power | Current Power, Highest Power, T5 Deaths … T1 Deaths,
 * Total Kill Points, T5 Kills … T1 Kills, Resources Gathered, Alliance Helps), saved as
 * kingdom-YYYY-MM-DD-YYYY-MM-DD.xlsx. Its numbers are what each member did between the two dates, not their totals
 * at one moment, so storing it as a scan would make every gain the dashboard shows wrong. It is refused, with what
 * it is and what to import instead (docs/decisions.md).
 */

const FILE_NAME = /(?:^|[\\/])kingdom-(\d{4}-\d{2}-\d{2})-(\d{4}-\d{2}-\d{2})\.[^.]+$/i;
// Headers only the game's export has together: a scanner calls the ID "ID" or "Governor ID".
const SIGNATURE = ['characterid', 'username'];
const SIGNATURE_ANY = ['highestpower', 't1deaths', 't1death'];

export function refuseGameExport(fileName: string, tables: readonly RawTable[]): void {
  const named = FILE_NAME.exec(fileName);
  const byHeaders = tables.some((table) => {
    const headers = new Set(table.headers.map(normaliseHeader));
    return SIGNATURE.every((h) => headers.has(h)) && SIGNATURE_ANY.some((h) => headers.has(h));
  });
  if (!named && !byHeaders) return;
  const range = named ? ` from ${named[1]} to ${named[2]}` : ' over the dates it was exported for';
  throw refuse(
    fileName,
    `is the game's own member export: its kills, deaths, kill points, resources and helps are what each member ` +
      `did${range}, not their totals at one moment. The import takes scans: every governor's totals at one ` +
      'moment, as a scanner (RokTracker, Hero Scrolls) reads them from the profiles; the dashboard works out a ' +
      "period's gains from two scans. Import the scans taken at the start and the end of the period instead",
  );
}
