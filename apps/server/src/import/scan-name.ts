import { formatUtcMinute } from '@kingdom-stats/core';

/**
 * Scan names as people see them in the period selects: cleaned of characters that would garble a page or a
 * terminal, and readable when the file name was made by a machine.
 */

/** Names are shown in selects and tables: longer ones are cut. */
export const MAX_SCAN_NAME_LENGTH = 100;

// C0/C1 controls, and the bidirectional overrides and isolates that can make a name read backwards.
const CONTROL_CHARACTERS = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const UUID = /[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}/gi;
const LONG_DIGIT_RUN = /\d{6,}/g;

/** A name without control characters, its spaces collapsed; '' when nothing readable is left. */
export function cleanScanName(name: string): string {
  return name
    .replace(CONTROL_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_SCAN_NAME_LENGTH)
    .trim();
}

/**
 * True for names a scanner or a chat app made up: no letter at all (01032025, 3851), or ids, unix times and uuids
 * with no word of three letters or more left between them (742871269048975389_1766002874_3851, <uuid>_2).
 * Short names with letters (kd2101, D1) are someone's choice: kept.
 */
export function isMachineMadeName(name: string): boolean {
  if (!/\p{L}/u.test(name)) return true;
  const rest = name.replace(UUID, ' ').replace(LONG_DIGIT_RUN, ' ');
  return rest !== name && !/\p{L}{3,}/u.test(rest);
}

/**
 * The name a new scan is stored with: its time ("2025-12-17 20:21 UTC") when its file name says nothing a person
 * chose.
 */
export function defaultScanName(nameFromFile: string, takenAt: number): string {
  const cleaned = cleanScanName(nameFromFile);
  return cleaned === '' || isMachineMadeName(cleaned) ? formatUtcMinute(takenAt) : cleaned;
}
