/**
 * Export file names (SPEC §9). Every date in a name is written like `5jan3pm`, in UTC: day of month, three-letter
 * month, hour on a 12-hour clock and am/pm, so names sort readably and never carry ':' (not allowed on Windows).
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/** `5jan3pm` for a unix time in seconds, read in UTC. Midnight is 12am, noon 12pm. */
export function compactUtcStamp(epochSeconds: number): string {
  const date = new Date(Math.floor(epochSeconds) * 1000);
  if (Number.isNaN(date.getTime())) return 'unknown';
  const hour24 = date.getUTCHours();
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${date.getUTCDate()}${MONTHS[date.getUTCMonth()]}${hour12}${hour24 < 12 ? 'am' : 'pm'}`;
}

/**
 * A piece of a file name from free text (a camp name): lower-case ASCII letters and digits joined by '-'.
 * Accents are dropped ('Émeraude' → 'emeraude'); text with nothing usable gives `fallback`.
 */
export function fileNameSlug(text: string, fallback = 'x'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return slug === '' ? fallback : slug;
}

/** `top300` when a positive whole top-N filter is set; nothing for all, 0 or text. */
function topPart(top: number | string | null | undefined): string[] {
  const n = typeof top === 'number' ? top : Number.parseInt(String(top ?? ''), 10);
  return Number.isInteger(n) && n > 0 ? [`top${n}`] : [];
}

function hasText(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

export type ExportFormat = 'csv' | 'xlsx';

/** `camp-performance-5jan3pm.csv`: the camp summary, stamped with the time it was exported. */
export function campPerformanceFileName(format: ExportFormat, nowSeconds: number): string {
  return `camp-performance-${compactUtcStamp(nowSeconds)}.${format}`;
}

export interface PlayerStatsFileNameInput {
  kd: number | string;
  /** The period's first and last scan, unix seconds. */
  start: number;
  end: number;
  /** A camp filter; 'all' or empty adds nothing. */
  camp?: string | null;
  top?: number | string | null;
  search?: string | null;
  sorted?: boolean;
}

/** `kd2101-stats-5jan3pm-to-12jan3pm[-azure-legion][-top300][-search][-sorted].xlsx`. */
export function playerStatsFileName(input: PlayerStatsFileNameInput): string {
  const parts = [`kd${input.kd}`, 'stats', compactUtcStamp(input.start), 'to', compactUtcStamp(input.end)];
  if (hasText(input.camp) && input.camp!.trim().toLowerCase() !== 'all')
    parts.push(fileNameSlug(input.camp!));
  parts.push(...topPart(input.top));
  if (hasText(input.search)) parts.push('search');
  if (input.sorted) parts.push('sorted');
  return `${parts.join('-')}.xlsx`;
}

export interface AutarchFileNameInput {
  kd: number | string;
  nowSeconds: number;
  top?: number | string | null;
  search?: string | null;
  sorted?: boolean;
}

/** `autarch-kd2101-5jan3pm[-top300][-search][-sorted].xlsx`, stamped with the export time. */
export function autarchFileName(input: AutarchFileNameInput): string {
  const parts = [`autarch-kd${input.kd}-${compactUtcStamp(input.nowSeconds)}`, ...topPart(input.top)];
  if (hasText(input.search)) parts.push('search');
  if (input.sorted) parts.push('sorted');
  return `${parts.join('-')}.xlsx`;
}

/** The KD DKP dashboard's export: `kd2101-performance-5jan3pm-to-12jan3pm[-search].xlsx`. */
export function kdPerformanceFileName(input: {
  kd: number | string;
  start: number;
  end: number;
  search?: string | null;
}): string {
  const parts = [
    `kd${input.kd}`,
    'performance',
    compactUtcStamp(input.start),
    'to',
    compactUtcStamp(input.end),
  ];
  if (hasText(input.search)) parts.push('search');
  return `${parts.join('-')}.xlsx`;
}
