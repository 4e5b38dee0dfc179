/**
 * The misreads an OCR scanner makes on a number, turned around: given the value it read, the values the
 * screen may have shown. Two kinds (issue 12): a digit lost (an 11-digit value saved with 10 digits), and
 * one digit read as its look-alike (3↔8, 1↔7, 5↔6, 0↔8).
 */

/** Look-alike digit pairs, both directions. */
export const LOOK_ALIKE_PAIRS: readonly (readonly [string, string])[] = [
  ['3', '8'],
  ['1', '7'],
  ['5', '6'],
  ['0', '8'],
];

const LOOK_ALIKES = new Map<string, string[]>();
for (const [a, b] of LOOK_ALIKE_PAIRS) {
  LOOK_ALIKES.set(a, [...(LOOK_ALIKES.get(a) ?? []), b]);
  LOOK_ALIKES.set(b, [...(LOOK_ALIKES.get(b) ?? []), a]);
}

export interface MisreadCandidate {
  /** The value the screen may have shown. */
  value: number;
  /** Plain words: "a 1 read as 7", "a digit lost". */
  how: string;
}

/** The values with one look-alike digit swapped back (no leading zero). */
export function swapCandidates(read: number): MisreadCandidate[] {
  if (!Number.isSafeInteger(read) || read < 0) return [];
  const digits = String(read);
  const found: MisreadCandidate[] = [];
  for (let i = 0; i < digits.length; i++) {
    for (const original of LOOK_ALIKES.get(digits[i]!) ?? []) {
      if (i === 0 && original === '0' && digits.length > 1) continue;
      const value = Number(digits.slice(0, i) + original + digits.slice(i + 1));
      found.push({ value, how: `a ${original} read as ${digits[i]}` });
    }
  }
  return found;
}

/** The values with one digit put back at any place (no leading zero). */
export function lostDigitCandidates(read: number): MisreadCandidate[] {
  if (!Number.isSafeInteger(read) || read < 0) return [];
  const digits = String(read);
  const seen = new Set<number>();
  const found: MisreadCandidate[] = [];
  for (let i = 0; i <= digits.length; i++) {
    for (let d = i === 0 ? 1 : 0; d <= 9; d++) {
      const value = Number(digits.slice(0, i) + String(d) + digits.slice(i));
      if (!Number.isSafeInteger(value) || seen.has(value)) continue;
      seen.add(value);
      found.push({ value, how: 'a digit lost' });
    }
  }
  return found;
}

/** The values with one digit taken out (an extra digit read into the number: 893,265 for 89,326). */
export function extraDigitCandidates(read: number): MisreadCandidate[] {
  if (!Number.isSafeInteger(read) || read < 10) return [];
  const digits = String(read);
  const seen = new Set<number>();
  const found: MisreadCandidate[] = [];
  for (let i = 0; i < digits.length; i++) {
    const rest = digits.slice(0, i) + digits.slice(i + 1);
    if (rest.length > 1 && rest.startsWith('0')) continue;
    const value = Number(rest);
    if (seen.has(value)) continue;
    seen.add(value);
    found.push({ value, how: 'a digit too many' });
  }
  return found;
}

/** What a value read too high may have been: a look-alike read higher, or a digit read in that is not there. */
export function tooHighCandidates(read: number): MisreadCandidate[] {
  return [...swapCandidates(read), ...extraDigitCandidates(read)];
}

export function misreadCandidates(read: number): MisreadCandidate[] {
  return [...swapCandidates(read), ...lostDigitCandidates(read)];
}

/**
 * The candidates within [low, high]. The suggestion is the single one when exactly one value fits; when
 * several fit (a lost last digit leaves ten), the misread is still reported, without a suggestion.
 */
export function candidatesWithin(candidates: readonly MisreadCandidate[], low: number, high: number) {
  const fitting = candidates.filter((c) => c.value >= low && c.value <= high);
  const values = new Set(fitting.map((c) => c.value));
  return { fitting, suggested: values.size === 1 ? fitting[0]!.value : null };
}
