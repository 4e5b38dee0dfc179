/**
 * Formula-injection defence for exported spreadsheets (OWASP "CSV Injection"). Governor names and alliance tags
 * are chosen by players; a name such as `=HYPERLINK("http://evil","Click")` must reach the spreadsheet as text,
 * never as a formula. A text cell whose first non-blank character could start a formula gets a leading `'`, the
 * mark spreadsheets themselves use for "this is text". Numbers are left alone: they are written as numbers.
 */

// = + - @ start formulas; tab and carriage return let a following trigger slip past a first-character check
// in some importers. The full-width forms are read as their ASCII twins by East Asian Excel builds.
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/**
 * Blank and invisible characters some importers skip before they look for a formula: every Unicode space and line
 * break (`\n`, the ideographic space U+3000, …), control characters and zero-width format characters.
 */
const LEADING_SKIPPED = /^[\s\p{Cc}\p{Cf}\p{Z}]+/u;

/** True when a spreadsheet could read this text as a formula. */
export function isFormulaLike(text: string): boolean {
  if (text === '') return false;
  if (TRIGGERS.has(text[0]!)) return true;
  const trimmed = text.replace(LEADING_SKIPPED, '');
  return trimmed !== '' && TRIGGERS.has(trimmed[0]!);
}

/** The text, prefixed with `'` when it could run as a formula. */
export function neutralizeFormula(text: string): string {
  return isFormulaLike(text) ? `'${text}` : text;
}

export type SpreadsheetValue = string | number | boolean | null;

/**
 * One export cell: finite numbers and booleans pass, text is neutralised, anything missing or not finite is
 * null (an empty cell, never the number 0).
 */
export function safeCell(value: unknown): SpreadsheetValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return neutralizeFormula(value);
  return neutralizeFormula(String(value));
}
