/**
 * The order of names that people read as "alphabetical": `Intl.Collator('en', { sensitivity: 'base', numeric: true })`
 * (case and accents ignored, digit runs compared as numbers), computed in plain code for printable ASCII names.
 * Why: the first Intl object a browser tab makes loads ICU's data, 20–70 ms of the main thread on a 2-core machine
 * (docs/benchmarks.md, "Issue 16: first screen without ICU"), and the dashboard's first screen sorts only a few camp
 * names. Other names go to the collator itself, made on first use. name-order.test.ts checks the two agree.
 */

/** Printable ASCII other than digits and letters, in the collator's order (its root collation's primary weights). */
const SYMBOL_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
/** Sort keys of one character: symbols first, then digit runs, then letters (either case alike). */
const DIGIT_RUN_KEY = SYMBOL_ORDER.length;
const LETTER_KEY_BASE = DIGIT_RUN_KEY + 1;
/** Longer names, or longer digit runs, are left to the collator (ICU compares at most 254 digits as one number). */
const MAX_FAST_LENGTH = 200;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

let collator: Intl.Collator | undefined;

function characterKey(code: number): number {
  if (code >= 97 && code <= 122) return LETTER_KEY_BASE + code - 97;
  if (code >= 65 && code <= 90) return LETTER_KEY_BASE + code - 65;
  return SYMBOL_ORDER.indexOf(String.fromCharCode(code));
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** The end of the digit run starting at `start`. */
function digitRunEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  return end;
}

/** Two digit runs by their numbers' values: leading zeros ignored, then more digits is more, then digit by digit. */
function compareDigitRuns(a: string, b: string): number {
  const aDigits = a.replace(/^0+/, '');
  const bDigits = b.replace(/^0+/, '');
  if (aDigits.length !== bDigits.length) return aDigits.length < bDigits.length ? -1 : 1;
  return aDigits < bDigits ? -1 : aDigits > bDigits ? 1 : 0;
}

function compareAscii(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const aCode = a.charCodeAt(i);
    const bCode = b.charCodeAt(j);
    if (isDigit(aCode) && isDigit(bCode)) {
      const aEnd = digitRunEnd(a, i);
      const bEnd = digitRunEnd(b, j);
      const order = compareDigitRuns(a.slice(i, aEnd), b.slice(j, bEnd));
      if (order !== 0) return order;
      i = aEnd;
      j = bEnd;
      continue;
    }
    const aKey = isDigit(aCode) ? DIGIT_RUN_KEY : characterKey(aCode);
    const bKey = isDigit(bCode) ? DIGIT_RUN_KEY : characterKey(bCode);
    if (aKey !== bKey) return aKey < bKey ? -1 : 1;
    i++;
    j++;
  }
  return i < a.length ? 1 : j < b.length ? -1 : 0;
}

function isFast(text: string): boolean {
  return text.length <= MAX_FAST_LENGTH && PRINTABLE_ASCII.test(text);
}

/** -1, 0 or 1: `a` before, level with, or after `b`, as the collator above orders them. */
export function compareNames(a: string, b: string): number {
  if (isFast(a) && isFast(b)) return compareAscii(a, b);
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return Math.sign(collator.compare(a, b));
}

/** plainNameKey's code of a digit run (between the symbols' and the letters', as DIGIT_RUN_KEY). */
const KEY_DIGIT_RUN = 1 + DIGIT_RUN_KEY;
/** plainNameKey's code of each printable ASCII character but digits: 1 + its characterKey. */
const KEY_CODES = Array.from({ length: 128 }, (_, code) =>
  code >= 32 && code < 127 && !isDigit(code) ? 1 + characterKey(code) : 0,
);

/**
 * A key whose plain string order (`<`) is compareNames' order, for a printable ASCII name; null for any other name.
 * A sort of many names reads each name once instead of twice per comparison: each character becomes its sort key's
 * code (symbols, then letters of either case alike), each digit run a marker, its length without leading zeros and
 * those digits, so that longer numbers sort after shorter ones and equal lengths digit by digit.
 */
export function plainNameKey(text: string): string | null {
  if (!isFast(text)) return null;
  const codes: number[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) {
      codes.push(KEY_CODES[code]!);
      i++;
      continue;
    }
    const end = digitRunEnd(text, i);
    let start = i;
    while (start < end && text.charCodeAt(start) === 48) start++;
    codes.push(KEY_DIGIT_RUN, end - start);
    for (let k = start; k < end; k++) codes.push(text.charCodeAt(k));
    i = end;
  }
  return String.fromCharCode(...codes);
}
