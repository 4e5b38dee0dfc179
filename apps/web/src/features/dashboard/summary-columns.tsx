import { campColor, formatExact } from '@kingdom-stats/core';
import type { DataColumn } from '../../components/table/DataTable.tsx';
import { ProgressBar } from '../../components/table/ProgressBar.tsx';
import { shortNumber, signedNumber } from '../../format.ts';
import type { SummaryColumnInfo, SummaryRow } from './summary.ts';

const FALLBACK_BAR = '#64748b';
const NEGATIVE_BAR = '#f43f5e';

export function isDkpHeader(header: string): boolean {
  return /\bdkp\b/i.test(header);
}

function isChangeHeader(header: string): boolean {
  return /change/i.test(header);
}

/**
 * A numeric summary column: abbreviated value, and a bar against the column's largest magnitude when the server
 * gave one. A loss (negative power change) draws its bar in red.
 */
export function metricColumn(info: SummaryColumnInfo, width = 120): DataColumn<SummaryRow> {
  return {
    id: info.header,
    header: info.header,
    align: 'left',
    width,
    sortable: true,
    highlight: isDkpHeader(info.header),
    // Next to the camp or kingdom on a phone: the score is in view without scrolling sideways.
    phoneLead: isDkpHeader(info.header),
    cell: (row) => {
      const value = row[info.header];
      const number = typeof value === 'number' ? value : null;
      const text = isChangeHeader(info.header) ? signedNumber(number, true) : shortNumber(number);
      if (info.max === undefined || info.max <= 0 || number === null) {
        return <span className="tabular-nums">{text}</span>;
      }
      const color = number < 0 ? NEGATIVE_BAR : (info.color ?? FALLBACK_BAR);
      return (
        <ProgressBar value={Math.abs(number)} max={info.max} color={color} title={formatExact(number)}>
          {text}
        </ProgressBar>
      );
    },
  };
}

export function CampDot({ color }: { color: string }) {
  return (
    <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: color }} />
  );
}

/** The camp name column, in upper case (SPEC §2) with the camp's colour. */
export function campNameColumn(
  header: string,
  colors: ReadonlyMap<string, string>,
  width = 160,
): DataColumn<SummaryRow> {
  return {
    id: header,
    header,
    width,
    sortable: true,
    sticky: true,
    cell: (row) => {
      const camp = typeof row[header] === 'string' ? (row[header] as string) : '';
      return (
        <span className="flex items-center gap-2 font-semibold tracking-wide text-white">
          <CampDot color={campColor(colors, camp)} />
          <span className="truncate">{camp ? camp.toUpperCase() : '-'}</span>
        </span>
      );
    },
  };
}

/** Initials of a camp for the compact badge: 'Azure Legion' → 'AL'. */
export function campAbbreviation(camp: string): string {
  const words = camp.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return '?';
  if (words.length === 1) return Array.from(words[0]!).slice(0, 2).join('').toUpperCase();
  return words
    .slice(0, 3)
    .map((word) => Array.from(word)[0])
    .join('')
    .toUpperCase();
}

/** A small pill in the camp's colour. */
export function CampBadge({ camp, color, full = false }: { camp: string; color: string; full?: boolean }) {
  return (
    <span
      title={camp}
      data-camp-badge={camp}
      className="inline-flex items-center rounded-full px-1.5 py-0.5 text-[10px] leading-none font-bold tracking-wide uppercase"
      style={{ backgroundColor: `${color}26`, color, boxShadow: `inset 0 0 0 1px ${color}66` }}
    >
      {full ? camp.toUpperCase() : campAbbreviation(camp)}
    </span>
  );
}
