import { countNoun, formatUtcMinute } from '@kingdom-stats/core';
import type { ImportedScan, ScanFileResult } from '@kingdom-stats/core/api';
import type { ScanTimeSource } from './scan-time.ts';

/**
 * An import's result in sentences, the same for the upload's message and the CLI's lines: what each scan became,
 * the rows merged or skipped, the sheets skipped, the columns not read and what the file leaves unknown.
 */

const TIME_SOURCES: Record<ScanTimeSource, string> = {
  given: 'the time given',
  'summary-sheet': 'the Summary sheet',
  'file-name-unix-time': 'the unix time in the file name',
  'sheet-name': 'the sheet name',
  'file-name-date': 'the date in the file name',
  'date-column': 'the date column',
  'update-column': 'the latest last_updateUTC',
};

/** How a header was read other than by the alias table, as the answer says it. */
const MATCHED_HOW: Record<string, string> = {
  words: 'Columns read by their words',
  position: 'Columns read by column position: headers in a language not listed',
};

/** Skipped rows named one by one, up to this many; the rest are counted. */
const SKIPPED_ROWS_NAMED = 5;

export function timeSourceWords(source: string): string {
  return TIME_SOURCES[source as ScanTimeSource] ?? source;
}

/** One sentence per scan of the file, e.g. 'Imported 249 governors as scan "2025-06-27" (…); 1 repeated row merged.' */
export function scanSentence(scan: ImportedScan, inFileOfSeveral = false): string {
  const governors = countNoun(scan.rows, 'governor');
  const where = `scan ${scan.scanId} "${scan.name}" (${formatUtcMinute(scan.takenAt)})`;
  const sheet = inFileOfSeveral && scan.sheetName !== undefined ? `Sheet "${scan.sheetName}": ` : '';
  const what = {
    imported: `Imported ${governors} as ${where}, time from ${timeSourceWords(scan.takenAtSource)}`,
    added: `Added ${governors} to ${where}, the scan of that moment`,
    replaced: `Replaced the stored values with ${governors} in ${where}`,
    'already-imported': `Already imported: ${scan.rows === 1 ? 'this governor is' : `these ${governors} are`} in ${where} with the same values; nothing changed`,
  }[scan.status];
  const notes: string[] = [];
  if (scan.mergedRepeatedRows > 0) {
    notes.push(`${countNoun(scan.mergedRepeatedRows, 'repeated row')} merged`);
  }
  for (const skipped of scan.skippedRows.slice(0, SKIPPED_ROWS_NAMED)) {
    notes.push(`row ${skipped.row} skipped: ${skipped.reason}`);
  }
  if (scan.skippedRows.length > SKIPPED_ROWS_NAMED) {
    notes.push(`${countNoun(scan.skippedRows.length - SKIPPED_ROWS_NAMED, 'more row')} skipped`);
  }
  return `${sheet}${[what, ...notes].join('; ')}.`;
}

/** Everything after the scans: sheets skipped, columns not read, warnings. */
export function fileNotes(result: ScanFileResult): string[] {
  const notes = result.skippedSheets.map((sheet) => `Sheet "${sheet.name}" skipped: ${sheet.reason}.`);
  for (const note of result.notes ?? []) notes.push(`${note}.`);
  if (result.camps && result.camps.length > 0) notes.push(campsSentence(result.camps));
  if (result.ignoredColumns.length > 0) {
    notes.push(`Columns not imported (unknown headers): ${result.ignoredColumns.join(', ')}.`);
  }
  const byHow = new Map<string, string[]>();
  for (const { header, column, how } of result.matchedColumns ?? []) {
    byHow.set(how, [...(byHow.get(how) ?? []), `"${header}" as ${column.replace(/^extra /, '')}`]);
  }
  for (const [how, columns] of byHow)
    notes.push(`${MATCHED_HOW[how] ?? `Columns read (${how})`}: ${columns.join(', ')}.`);
  for (const warning of result.warnings) notes.push(`Warning: ${warning}.`);
  if (result.misreads) {
    const { count, reviewPath } = result.misreads;
    notes.push(
      `${count === 1 ? '1 value looks' : `${count} values look`} misread: review them at ${reviewPath}.`,
    );
  }
  return notes;
}

/** A whole-map file's camps: `Camps of the map: "Camp 1" created (kd 1001, 1002); "Alpha" matched (kd 1003).` */
function campsSentence(camps: NonNullable<ScanFileResult['camps']>): string {
  const parts = camps.map((camp) => {
    const kds = `kd ${camp.kds.join(', ')}`;
    if (camp.status === 'created') return `"${camp.name}" created (${kds})`;
    const added = camp.added.length > 0 ? `; kd ${camp.added.join(', ')} added to it` : '';
    return `"${camp.name}" matched (${kds}${added})`;
  });
  return `Camps of the map: ${parts.join('; ')}.`;
}

/** Every sentence of the result, one per scan, then the file's notes: the CLI prints one per line. */
export function resultSentences(result: ScanFileResult): string[] {
  const several = result.scans.length > 1;
  return [...result.scans.map((scan) => scanSentence(scan, several)), ...fileNotes(result)];
}

/** The upload's message: the file's name, then every sentence. */
export function importMessage(result: ScanFileResult): string {
  return `${result.fileName}: ${resultSentences(result).join(' ')}`;
}
