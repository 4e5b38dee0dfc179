import { statColumnOf } from './columns.ts';
import { refuse } from './import-error.ts';
import type { RawTable } from './readers/table.ts';

/**
 * Tables that compare scans instead of being one: a column of gains ("Dead Gain", "KP Difference", "Power Change",
 * "T4 Kills Delta") or two columns of one stat ("T4 Kills (start)" and "T4 Kills (end)"). Stored as a scan, their
 * numbers would be read as totals and every gain the dashboard works out from them would be wrong, so they are
 * refused with what they are and what a scan is.
 */

const GAIN_WORDS = new Set([
  'gain',
  'gains',
  'gained',
  'difference',
  'differences',
  'diff',
  'change',
  'changes',
  'changed',
  'delta',
  'increase',
  'growth',
]);
// Words that tell one of two scans apart: "(start)"/"(end)", "before"/"after", pandas' "_x"/"_y" of a merge.
const MOMENT_WORDS = new Set([
  'start',
  'end',
  'begin',
  'beginning',
  'before',
  'after',
  'initial',
  'final',
  'first',
  'last',
  'previous',
  'prev',
  'old',
  'new',
  'pre',
  'post',
  'x',
  'y',
]);

const WHAT_A_SCAN_IS =
  "a scan is every governor's totals (power, kill points, dead, kills by tier …) at one moment, as the scanner " +
  'read them from the profiles; the dashboard works out gains itself from two scans. Import the scans the table ' +
  'was made from, one file per scan';

export function refuseComparisonTable(table: RawTable, fileName: string, placePrefix = ''): void {
  const byStat = new Map<string, string[]>();
  for (const header of table.headers) {
    if (header === '') continue;
    const words = wordsOf(header);
    const gainWord = words.find((word) => GAIN_WORDS.has(word));
    if (gainWord !== undefined) {
      const rest = words.filter((word) => !GAIN_WORDS.has(word)).join(' ');
      if (rest === '' || statColumnOf(rest) !== undefined) {
        throw refuse(
          fileName,
          `${placePrefix}is a table of gains, not a scan: its column "${header}" holds what changed between two ` +
            `scans; ${WHAT_A_SCAN_IS}`,
        );
      }
    }
    const momentless = words.filter((word) => !MOMENT_WORDS.has(word));
    const stat = statColumnOf(momentless.join(' '));
    if (stat === undefined) continue;
    byStat.set(stat, [...(byStat.get(stat) ?? []), header]);
  }
  for (const headers of byStat.values()) {
    const [first, second] = headers;
    if (first === undefined || second === undefined) continue;
    if (!headers.some((header) => wordsOf(header).some((word) => MOMENT_WORDS.has(word)))) continue;
    throw refuse(
      fileName,
      `${placePrefix}has two columns of one stat ("${first}" and "${second}"): it compares two scans rather than ` +
        `being one; ${WHAT_A_SCAN_IS}`,
    );
  }
}

function wordsOf(header: string): string[] {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
