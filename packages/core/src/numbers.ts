/**
 * Number reading and display shared by the server (scan import, SQL-side filters) and the browser
 * (sorting, filtering, table cells). Two readers exist on purpose:
 * - `parseScanValue` is strict: a scanner file cell that does not look like a number must be reported,
 *   never silently turned into 0.
 * - `parseNumber` is SPEC §5's lenient reading for sort and filter, where anything unreadable counts as 0.
 */

/** What the UI shows for a missing value (SPEC §2: "Empty values show '-'"). */
export const EMPTY_CELL = '-';

/**
 * Why a cell is not read as a number, so that the message can say what is wrong with it rather than only that it is:
 * - 'not-a-number': text that is no number at all ('n/a', '12x');
 * - 'not-decimal': hexadecimal, octal or binary ('0x10' would otherwise become governor 16);
 * - 'exponent': scientific notation ('1.5E+21'), which a spreadsheet writes after dropping digits;
 * - 'not-finite': 'Infinity', 'NaN' (as text or as a number cell);
 * - 'too-large': digits beyond what a double holds at all;
 * - 'ambiguous-decimal-mark': '2,500' where the comma may be the decimal mark (see ScanValueOptions).
 */
export type InvalidScanValueReason =
  | 'not-a-number'
  | 'not-decimal'
  | 'exponent'
  | 'not-finite'
  | 'too-large'
  | 'ambiguous-decimal-mark';

export type ScanValue =
  | { kind: 'number'; value: number }
  | { kind: 'empty' }
  | { kind: 'invalid'; reason: InvalidScanValueReason };

export interface ScanValueOptions {
  /**
   * The file may use a comma as its decimal mark (a CSV separated by ';', as Excel writes it in locales that do).
   * Then '2,500' is 2.5 or 2500 and '2.500' is 2500 or 2.5: neither is read, both are refused as ambiguous.
   */
  decimalCommaPossible?: boolean;
}

// Suffixes as powers of ten, so they can be applied to the decimal text rather than to a float.
const SUFFIX_EXPONENTS: Readonly<Record<string, number>> = { k: 3, m: 6, b: 9 };

// One separator per number (the backreference \3), so '1,234 567' is rejected rather than guessed at.
// '.' is deliberately absent: "1.234" must stay one-point-two-three-four.
const STRICT_NUMBER = new RegExp(
  [
    '^([+-]?)',
    '(',
    '\\d{1,3}([,_ \\u00a0])\\d{3}(?:\\3\\d{3})*(?:\\.\\d+)?', // grouped: 1,234,567.5
    '|\\d{1,3}(?:\\.\\d{3}){2,}', // dot-grouped: 1.234.567 (no decimals: the dot is taken)
    '|\\d+(?:\\.\\d+)?', // plain: 1234.5
    '|\\.\\d+', // .5
    ')',
    '(?:[ \\u00a0]?([kmb]))?$',
  ].join(''),
  'i',
);

const DOT_GROUPED = /^\d{1,3}(?:\.\d{3}){2,}$/;

// Lenient form, applied after separators are stripped. Exponents are accepted here so that
// parseNumber(String(x)) === x for every finite x, including String(1e21) === '1e+21'.
const LENIENT_NUMBER = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:e([+-]?\d+))?([kmb])?%?$/i;

function withoutNegativeZero(value: number): number {
  return value === 0 ? 0 : value;
}

/**
 * Decimal text of unsigned `body` times 10^suffix, computed on the digits so that '1.1K' is exactly
 * 1100 and '9999.9B' exactly 9999900000000; multiplying the parsed float would leave noise such as
 * 1100.0000000000002 or 0.00009999999999999999 in what are integer counts.
 */
function applySuffix(body: string, suffix: string | undefined): string {
  const places = suffix === undefined ? 0 : (SUFFIX_EXPONENTS[suffix.toLowerCase()] ?? 0);
  if (places === 0) return body;
  const [whole = '', fraction = ''] = body.split('.');
  const padded = fraction.padEnd(places, '0');
  const rest = padded.slice(places);
  return `${whole}${padded.slice(0, places)}${rest === '' ? '' : `.${rest}`}`;
}

/**
 * Strict reading of one scanner spreadsheet cell. The import layer decides what -1/-2/-3 or an
 * invalid cell mean; this function only says what the cell literally holds.
 * Scientific notation ('1.5E+21') is invalid: scanners export counts, and a spreadsheet that wrote
 * an exponent has already dropped digits.
 */
export function parseScanValue(raw: unknown, options: ScanValueOptions = {}): ScanValue {
  if (raw === null || raw === undefined) return { kind: 'empty' };
  if (typeof raw === 'number') {
    return Number.isFinite(raw) ? { kind: 'number', value: withoutNegativeZero(raw) } : invalid('not-finite');
  }
  if (typeof raw === 'bigint') {
    const value = Number(raw);
    return Number.isFinite(value) ? { kind: 'number', value } : invalid('too-large');
  }
  if (typeof raw !== 'string') return invalid('not-a-number');

  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  const match = STRICT_NUMBER.exec(text);
  if (!match) return invalid(whyNotANumber(text, options));
  const [, sign = '', body = '', , suffix] = match;
  if (options.decimalCommaPossible && (body.includes(',') || ONE_DOT_GROUP.test(body))) {
    return invalid('ambiguous-decimal-mark');
  }
  const separators = DOT_GROUPED.test(body) ? /\./g : /[,_ \u00a0]/g;
  const magnitude = Number(applySuffix(body.replace(separators, ''), suffix));
  const value = sign === '-' ? -magnitude : magnitude;
  return Number.isFinite(value)
    ? { kind: 'number', value: withoutNegativeZero(value) }
    : invalid('too-large');
}

function invalid(reason: InvalidScanValueReason): ScanValue {
  return { kind: 'invalid', reason };
}

const NOT_DECIMAL = /^[+-]?0(?:x[\da-f_]+|o[0-7_]+|b[01_]+)$/i;
const NOT_FINITE = /^[+-]?(?:infinity|inf|nan|\u221e)$/i;
const EXPONENT = /^[+-]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)e[+-]?\d+$/i;
// '2.500' with a comma decimal mark is 2500; with a dot decimal mark it is 2.5.
const ONE_DOT_GROUP = /^\d{1,3}\.\d{3}$/;
// '1234,5' or '1.234,5': a number only where the comma is the decimal mark.
const COMMA_DECIMAL = /^[+-]?\d[\d.]*,\d+(?:[ \u00a0]?[kmb])?$/i;

function whyNotANumber(text: string, options: ScanValueOptions): InvalidScanValueReason {
  if (NOT_DECIMAL.test(text)) return 'not-decimal';
  if (NOT_FINITE.test(text)) return 'not-finite';
  if (EXPONENT.test(text)) return 'exponent';
  if (options.decimalCommaPossible && COMMA_DECIMAL.test(text)) return 'ambiguous-decimal-mark';
  return 'not-a-number';
}

/**
 * Lenient reading that reports failure instead of hiding it behind 0. Used by sorting to tell
 * numeric text from names. Accepts everything `parseScanValue` accepts, plus any placement of ','
 * and whitespace, a trailing '%' and exponents.
 * Trailing garbage is not ignored ('12abc' → null): unlike parseFloat, a name such as
 * '3rd Legion' must not sort as the number 3.
 */
export function tryParseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? withoutNegativeZero(value) : null;
  if (typeof value === 'bigint') {
    const converted = Number(value);
    return Number.isFinite(converted) ? converted : null;
  }
  if (typeof value !== 'string') return null;

  const strict = parseScanValue(value);
  if (strict.kind === 'number') return strict.value;
  if (strict.kind === 'empty') return null;

  const compact = value.replace(/[,\s]/g, '');
  const match = LENIENT_NUMBER.exec(compact);
  if (!match) return null;
  const [, sign = '', body = '', exponent, suffix] = match;
  const shifted = applySuffix(body, suffix);
  const magnitude = Number(exponent === undefined ? shifted : `${shifted}e${exponent}`);
  const result = sign === '-' ? -magnitude : magnitude;
  return Number.isFinite(result) ? withoutNegativeZero(result) : null;
}

/** SPEC §5: K/M/B suffixes and a leading minus; null, undefined, empty or unparseable give 0. */
export function parseNumber(value: unknown): number {
  return tryParseNumber(value) ?? 0;
}

const ABBREVIATIONS: ReadonlyArray<{ threshold: number; suffix: string }> = [
  { threshold: 1e9, suffix: 'B' },
  { threshold: 1e6, suffix: 'M' },
  { threshold: 1e3, suffix: 'K' },
];

/**
 * SPEC §9: K, M, B at 1e3, 1e6, 1e9 with one decimal. Abbreviated values always carry the decimal
 * ('1.0K', not '1K') so a column of them lines up; smaller values are whole numbers because counts
 * have no fractions worth showing. A value that rounds up to the next unit is promoted
 * (999,950 → '1.0M', never '1000.0K'). There is no unit above B. Non-finite values show as missing.
 */
export function abbreviateNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_CELL;
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);

  const whole = Math.round(magnitude);
  if (whole < 1e3) return whole === 0 ? '0' : `${sign}${whole}`;

  for (let i = ABBREVIATIONS.length - 1; i >= 0; i--) {
    const unit = ABBREVIATIONS[i]!;
    const scaled = Math.round((magnitude / unit.threshold) * 10) / 10;
    if (scaled < 1e3 || i === 0) return `${sign}${scaled.toFixed(1)}${unit.suffix}`;
  }
  return `${sign}${whole}`;
}

/** Below this, String() writes a whole number's digits in full (from 1e21 on, in exponent form). */
const PLAIN_DIGITS_LIMIT = 1e21;

let exactFormat: Intl.NumberFormat | undefined;

/**
 * What `Intl.NumberFormat('en-US')` prints: ',' between thousands, up to 3 decimals. Whole numbers below 1e21 (every
 * count this product shows) are grouped in plain code, because the first Intl object a browser tab makes loads ICU's
 * data, 20–70 ms of the main thread on a 2-core machine, and the dashboard's first screen formats nothing else
 * (docs/benchmarks.md, "Issue 16: first screen without ICU"); the rest go to the formatter, made on first use.
 */
export function formatExact(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < PLAIN_DIGITS_LIMIT) {
    const digits = String(Math.abs(value));
    const head = digits.length % 3 || 3;
    let grouped = digits.slice(0, head);
    for (let i = head; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
    return value < 0 || Object.is(value, -0) ? `-${grouped}` : grouped;
  }
  exactFormat ??= new Intl.NumberFormat('en-US');
  return exactFormat.format(value);
}

/**
 * Whole number with ',' thousands separators, as the #,##0 export format shows it. Rounds half away
 * from zero, and never prints '-0' (which Intl does for -0.4).
 */
export function formatInteger(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_CELL;
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return formatExact(withoutNegativeZero(rounded));
}
