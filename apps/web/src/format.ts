import { abbreviateNumber, EMPTY_CELL, formatInteger } from '@kingdom-stats/core';

/**
 * Numbers and dates in the reader's language (src/i18n). English keeps packages/core's plain-code formats, which
 * print what `Intl.NumberFormat('en-US')` prints without making an Intl object: the first one a tab makes loads
 * ICU's data, which the dashboard's first screen avoids (docs/benchmarks.md, "Issue 16: first screen without ICU").
 * Other languages go through Intl, made once per language on first use: '1.234.567', '1 234 567', '32億'.
 */
let locale = 'en';
let integerFormat: Intl.NumberFormat | undefined;
let compactFormat: Intl.NumberFormat | undefined;
let percentFormat: Intl.NumberFormat | undefined;
let utcFormat: Intl.DateTimeFormat | undefined;
let relativeFormat: Intl.RelativeTimeFormat | undefined;

/** Called when the language changes (src/i18n/i18n.ts); the formats are made again for the new one. */
export function setFormatLocale(next: string): void {
  if (next === locale) return;
  locale = next;
  integerFormat = compactFormat = percentFormat = undefined;
  utcFormat = undefined;
  relativeFormat = undefined;
}

const usesPlainCode = () => locale === 'en';

const known = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && Number.isFinite(value);

/** Full number with separators ('1,234,567', '1.234.567'), or '-' when unknown: the player table. */
export function fullNumber(value: number | null | undefined): string {
  if (usesPlainCode() || !known(value)) return formatInteger(value);
  integerFormat ??= new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return integerFormat.format(Math.round(value) || 0);
}

/** '12.3M' ('12,3 Mio.', '1230万'), or '-' when unknown: the summary tables and cards. */
export function shortNumber(value: number | null | undefined): string {
  if (usesPlainCode() || !known(value)) return abbreviateNumber(value);
  compactFormat ??= new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  return compactFormat.format(value);
}

/** A change with its sign: '+1,234' / '-1,234' / '0'. */
export function signedNumber(value: number | null | undefined, short = false): string {
  if (!known(value)) return EMPTY_CELL;
  const text = short ? shortNumber(value) : fullNumber(value);
  return value > 0 ? `+${text}` : text;
}

/** Evolution is a percentage with one decimal: '+4.2%' ('+4,2 %', '%4,2'). */
export function percent(value: number | null | undefined): string {
  if (!known(value)) return EMPTY_CELL;
  if (usesPlainCode()) {
    const text = `${value.toFixed(1)}%`;
    return value > 0 ? `+${text}` : text;
  }
  percentFormat ??= new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  return percentFormat.format(value / 100);
}

/** Text or '-' for an empty value (SPEC §2). */
export function textOrDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_CELL;
  const text = String(value).trim();
  return text === '' ? EMPTY_CELL : text;
}

/** '5 Jan 2025, 15:00 UTC' ('5 thg 1, 2025 15:00 UTC') for a unix time in seconds: the game's clock is UTC. */
export function utcDateTime(epochSeconds: number | null | undefined): string {
  if (!known(epochSeconds)) return EMPTY_CELL;
  utcFormat ??= new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    hour12: false,
  });
  return `${utcFormat.format(new Date(epochSeconds * 1000))} UTC`;
}

/** '5 minutes ago', '3 hours ago', '2 days ago' (SPEC §9: minutes, hours or days), in the reader's language. */
export function relativeTime(epochSeconds: number, nowMs = Date.now()): string {
  const minutes = Math.max(0, Math.round((nowMs / 1000 - epochSeconds) / 60));
  const hours = Math.round(minutes / 60);
  const days = Math.round(hours / 24);
  if (usesPlainCode()) {
    if (minutes < 1) return 'just now';
    if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
    if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
    return `${days} day${days === 1 ? '' : 's'} ago`;
  }
  // 'always': "1 day ago" rather than "yesterday", as SPEC counts in minutes, hours or days; "now" said as the
  // language says it.
  relativeFormat ??= new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (minutes < 1) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
  if (minutes < 60) return relativeFormat.format(-minutes, 'minute');
  if (hours < 24) return relativeFormat.format(-hours, 'hour');
  return relativeFormat.format(-days, 'day');
}

/** A tone class for gains and losses. */
export function changeTone(value: number | null | undefined): string {
  if (value === null || value === undefined || value === 0) return 'text-slate-300';
  return value > 0 ? 'text-emerald-300' : 'text-rose-300';
}

/** A number with up to `digits` decimals in the reader's language ('1,234.5', '1.234,5'): power in millions, points. */
export function decimalNumber(value: number, digits = 2): string {
  return value.toLocaleString(locale === 'en' ? 'en-US' : locale, { maximumFractionDigits: digits });
}
