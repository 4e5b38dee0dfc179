import { MONTH_NAMES } from '@kingdom-stats/core';
import { isoUtc } from '../time.ts';

/**
 * Dates written the ways people and tools name scan files and sheets, apart from ISO-8601 (scan-time.ts reads that):
 * - a day, a month's name and a year, with an optional hour: `16Jul23-03h`, `29Feb24-21h40m`, `16 Jul 2023`;
 * - numbers with the year last: `04-12-2024`, `19.01.2025`, `01_19_2025`, `19/01/2025` (in a cell);
 * - eight digits: `01192025` (MMDDYYYY), `19012025` (DDMMYYYY), `20250119` (YYYYMMDD).
 * A date that reads as two different days (`04-12-2024`: 4 December or 12 April; `01032025`: 3 January or
 * 1 March) is never guessed: it comes back as ambiguous with both readings, so that the import can ask for the time.
 * Everything is UTC, like the game.
 */

export type NameDate =
  | { kind: 'date'; takenAt: number; text: string }
  | { kind: 'ambiguous'; text: string; readings: NameDateReading[] };

export type AmbiguousDate = Extract<NameDate, { kind: 'ambiguous' }>;

export interface NameDateReading {
  takenAt: number;
  /** 'day first', 'month first' or 'year first'. */
  order: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// Scans exist from the game's release on; a reading outside 2000–2099 is some other number.
const FIRST_YEAR = 2000;
const LAST_YEAR = 2099;

const DAY_MONTH_NAME_YEAR =
  /(?<![\p{L}\p{N}])(\d{1,2})[ -]?(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*[ -]?(\d{4}|\d{2})(?:[-_ ]+(\d{1,2})h(?:(\d{1,2})m?)?)?(?![\p{L}\p{N}])/iu;
const NUMBERS_YEAR_LAST = /(?<!\d)(\d{1,2})([-./_])(\d{1,2})\2(\d{4})(?!\d)/;
const EIGHT_DIGITS = /(?<!\d)(\d{8})(?!\d)/;

/** The first date form found in a file or sheet name, if any. */
export function findNameDate(text: string): NameDate | undefined {
  const named = DAY_MONTH_NAME_YEAR.exec(text);
  if (named) {
    const [whole, day, month, year, hour = '0', minute = '0'] = named;
    const yearNumber = year!.length === 2 ? 2000 + Number(year) : Number(year);
    const monthNumber = MONTHS.indexOf(month!.slice(0, 3).toLowerCase()) + 1;
    const takenAt = utcSeconds(yearNumber, monthNumber, Number(day), Number(hour), Number(minute));
    if (takenAt !== undefined) return { kind: 'date', takenAt, text: whole };
  }
  const numbers = NUMBERS_YEAR_LAST.exec(text);
  if (numbers) {
    const [whole, first, , second, year] = numbers;
    const result = choose(whole, [
      reading('day first', Number(year), Number(second), Number(first)),
      reading('month first', Number(year), Number(first), Number(second)),
    ]);
    if (result) return result;
  }
  const digits = EIGHT_DIGITS.exec(text)?.[1];
  if (digits) {
    const part = (from: number, to: number) => Number(digits.slice(from, to));
    return choose(digits, [
      reading('year first', part(0, 4), part(4, 6), part(6, 8)),
      reading('month first', part(4, 8), part(0, 2), part(2, 4)),
      reading('day first', part(4, 8), part(2, 4), part(0, 2)),
    ]);
  }
  return undefined;
}

/** "4 December 2024" (and the time when it is not midnight). */
export function describeDay(takenAt: number): string {
  const date = new Date(takenAt * 1000);
  const day = `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  const time = date.toISOString().slice(11, 16);
  return time === '00:00' ? day : `${day} ${time} UTC`;
}

/** The words of a refusal for an ambiguous date: both readings and how to choose. */
export function ambiguityMessage(date: AmbiguousDate, where: string): string {
  const readings = describeReadings(date);
  const first = isoUtc(date.readings[0]!.takenAt);
  return (
    `the date "${date.text}" in ${where} can be read as ${readings}, and the import never guesses: give the scan ` +
    `time with --at (e.g. --at ${first}) or in the upload's time field, or rename it with the date as YYYY-MM-DD`
  );
}

/** "4 December 2024 (day first) or 12 April 2024 (month first)". */
export function describeReadings(date: AmbiguousDate): string {
  return date.readings.map((r) => `${describeDay(r.takenAt)} (${r.order})`).join(' or ');
}

function reading(order: string, year: number, month: number, day: number): NameDateReading | undefined {
  const takenAt = utcSeconds(year, month, day, 0, 0);
  return takenAt === undefined ? undefined : { takenAt, order };
}

function choose(text: string, candidates: (NameDateReading | undefined)[]): NameDate | undefined {
  const readings: NameDateReading[] = [];
  for (const candidate of candidates) {
    if (candidate && !readings.some((r) => r.takenAt === candidate.takenAt)) readings.push(candidate);
  }
  if (readings.length === 0) return undefined;
  if (readings.length === 1) return { kind: 'date', takenAt: readings[0]!.takenAt, text };
  return { kind: 'ambiguous', text, readings };
}

function utcSeconds(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): number | undefined {
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12 || day < 1) return undefined;
  if (hour > 23 || minute > 59) return undefined;
  const ms = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(ms).getUTCDate() !== day) return undefined; // 30 February
  return ms / 1000;
}
