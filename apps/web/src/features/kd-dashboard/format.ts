import type { DkpRow } from '@kingdom-stats/core/api';
import { fullNumber } from '../../format.ts';
import { i18n, translate } from '../../i18n/i18n.ts';

/** The reader's language; English keeps the plain-code formats the first screens use (src/format.ts). */
const currentLocale = () => i18n.locale || 'en';

/** SPEC §2: Reached colours change at 25, 50, 75 and 100 percent. */
export type ReachedBand = 'low' | 'quarter' | 'half' | 'most' | 'done';

export function reachedBand(percent: number): ReachedBand {
  if (percent >= 100) return 'done';
  if (percent >= 75) return 'most';
  if (percent >= 50) return 'half';
  if (percent >= 25) return 'quarter';
  return 'low';
}

export const REACHED_COLORS: Record<ReachedBand, string> = {
  low: '#ef4444',
  quarter: '#f97316',
  half: '#eab308',
  most: '#38bdf8',
  done: '#22c55e',
};

/** '98.04%' ('98,04 %', '%98,04'): a DKP percentage, 98.04 meaning 98.04 %, up to two decimals. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const locale = currentLocale();
  if (locale === 'en') {
    return `${value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}%`;
  }
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

export function formatSigned(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return value > 0 ? `+${fullNumber(value)}` : fullNumber(value);
}

/** SPEC §9: relative time in minutes, hours or days ('Updated 5 minutes ago'), whole units rounded down. */
export function updatedAgo(epochSeconds: number, nowMs = Date.now()): string {
  const minutes = Math.max(0, Math.floor((nowMs / 1000 - epochSeconds) / 60));
  const hours = Math.floor(minutes / 60);
  const [count, unit]: [number, Intl.RelativeTimeFormatUnit] =
    minutes < 60 ? [minutes, 'minute'] : hours < 24 ? [hours, 'hour'] : [Math.floor(hours / 24), 'day'];
  // 'always': '1 day ago' rather than 'yesterday', and '0 minutes ago' as SPEC counts.
  const ago = new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'always' }).format(-count, unit);
  return translate('kvkDkp.prekvk.updated', { ago });
}

/** 'Jan 5, 15:00' ('5 thg 1, 15:00'): a day and time of the game's clock (UTC), in the reader's language. */
export function utcDay(epochSeconds: number): string {
  const locale = currentLocale();
  return new Date(epochSeconds * 1000).toLocaleString(locale === 'en' ? 'en-US' : locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  });
}

/**
 * "Farm of <main's name>" beside a farm shown apart (docs/farms.md), as the main dashboard says it; the main's ID when
 * the main's own row is not in the answer. Null for a row that is no farm.
 */
export function farmOfText(row: DkpRow, nameOf: ReadonlyMap<number, string>): string | null {
  const main = row['Farm Of'];
  if (main === undefined) return null;
  return translate('mark.farmOf', { main: nameOf.get(main) || String(main) });
}
