import { formatUtcMinute } from '@kingdom-stats/core';
import type { DkpRow, KdDashboardResponse, ReviewMark } from '@kingdom-stats/core/api';
import { TOP_METRICS, type TopMetric } from './commands.ts';
import type { ActionRow, Embed, EmbedField } from './protocol.ts';

/** Embeds as people read them in Discord: exact numbers with thousands separators, '—' for unknown (never 0). */
const COLOR = 0x3b82f6;
export const TOP_PAGE_SIZE = 10;

export function exact(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return Math.round(value).toLocaleString('en-US');
}

function signed(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return `${value > 0 ? '+' : ''}${exact(value)}`;
}

function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${value.toFixed(2)}%`;
}

/** The period the answer covers, in words: its first and last scan. */
export function periodText(answer: KdDashboardResponse): string {
  const { start, end } = answer.selectedDates;
  if (start === '') return 'no scans';
  const kvk = answer.latestKvk ? `KvK ${answer.latestKvk.kvk_number}: ` : '';
  return start === end
    ? `${kvk}one scan, ${formatUtcMinute(Number(start))}`
    : `${kvk}${formatUtcMinute(Number(start))} → ${formatUtcMinute(Number(end))}`;
}

function reviewText(mark: ReviewMark | undefined): string | null {
  if (!mark) return null;
  const parts: string[] = [];
  // Issue 36: gains that went down are unknown (—) in the card; say why first.
  const decreased = mark.decreased ?? [];
  if (decreased.length > 0) parts.push(`went down, unknown: ${decreased.join(', ')}`);
  if (mark.underReview.length > 0) {
    parts.push(`under review: ${mark.underReview.map((m) => m.field).join(', ')}`);
  }
  if (mark.corrected.length > 0) parts.push(`corrected: ${mark.corrected.map((m) => m.field).join(', ')}`);
  return parts.join('; ');
}

export function statsCard(input: {
  answer: KdDashboardResponse;
  row: DkpRow;
  rank: number;
  kingdomLabel: string;
  governorUrl: string;
}): Embed {
  const { answer, row } = input;
  const fields: EmbedField[] = [
    { name: 'Power', value: `${exact(row['Current Power'])} (${signed(row['Power Change'])})`, inline: true },
    { name: 'Kill points (T4+T5)', value: exact(row['T4+T5 KP']), inline: true },
    { name: 'T4 / T5 kills', value: `${exact(row['T4 Kills'])} / ${exact(row['T5 Kills'])}`, inline: true },
    { name: 'Deaths', value: exact(row['All Deads']), inline: true },
    { name: 'Healed', value: exact(row.Healed), inline: true },
    { name: 'DKP', value: exact(row['DKP Score']), inline: true },
    { name: 'Rank', value: `${input.rank} of ${answer.playerData.length}`, inline: true },
    { name: 'Goal', value: exact(row['DKP Goal']), inline: true },
    { name: 'Reached', value: percent(row.Reached), inline: true },
  ];
  const review = reviewText(answer.reviewMarks?.[String(row['Governor ID'])]);
  if (review) fields.push({ name: 'Review marks', value: review });
  return {
    title: `${row.Name} (${row['Governor ID']})`,
    url: input.governorUrl,
    description: `${row.Alliance ? `[${row.Alliance}] · ` : ''}${input.kingdomLabel} · ${periodText(answer)}`,
    color: COLOR,
    fields,
    footer: { text: 'Gains over the period; — = unknown in the scans' },
  };
}

/** Governors ranked by a metric, highest first; unknown values last. */
export function rankBy(rows: readonly DkpRow[], metric: TopMetric): DkpRow[] {
  const field = TOP_METRICS[metric].field;
  return [...rows].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === null && y === null) return a['Governor ID'] - b['Governor ID'];
    if (x === null) return 1;
    if (y === null) return -1;
    return y - x || a['Governor ID'] - b['Governor ID'];
  });
}

export function topCard(input: {
  answer: KdDashboardResponse;
  metric: TopMetric;
  ranked: readonly DkpRow[];
  page: number;
  kingdomLabel: string;
}): Embed {
  const { field, label } = TOP_METRICS[input.metric];
  const first = input.page * TOP_PAGE_SIZE;
  const lines = input.ranked
    .slice(first, first + TOP_PAGE_SIZE)
    .map((row, i) => `**${first + i + 1}.** ${row.Name} (${row['Governor ID']}) — ${exact(row[field])}`);
  const pages = Math.max(1, Math.ceil(input.ranked.length / TOP_PAGE_SIZE));
  return {
    title: `Top ${input.ranked.length} by ${label}`,
    description: `${input.kingdomLabel} · ${periodText(input.answer)}\n\n${lines.join('\n')}`,
    color: COLOR,
    footer: { text: `Page ${input.page + 1} of ${pages}` },
  };
}

/** Previous/next buttons; their custom_id carries the whole query, so a click needs nothing remembered. */
export function pagerRow(prefix: string, page: number, pages: number): ActionRow[] {
  if (pages <= 1) return [];
  return [
    {
      type: 1,
      components: [
        { type: 2, style: 2, label: '◀ Previous', custom_id: `${prefix}:${page - 1}`, disabled: page <= 0 },
        {
          type: 2,
          style: 2,
          label: 'Next ▶',
          custom_id: `${prefix}:${page + 1}`,
          disabled: page >= pages - 1,
        },
      ],
    },
  ];
}

export function kvkCard(answer: KdDashboardResponse, kingdomLabel: string): Embed {
  const rows = answer.playerData.filter((row) => row['Farm Of'] === undefined);
  const sum = (field: 'DKP Score' | 'T4+T5 KP' | 'All Deads' | 'Healed' | 'Power Change') => {
    const known = rows.map((row) => row[field]).filter((v): v is number => v !== null);
    return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
  };
  const withGoal = rows.filter((row) => row['DKP Goal'] !== null && row['DKP Goal'] > 0);
  const reached = withGoal.filter((row) => (row.Reached ?? 0) >= 100).length;
  const goalTotal = withGoal.reduce((total, row) => total + (row['DKP Goal'] ?? 0), 0);
  const dkpOfGoaled = withGoal.reduce((total, row) => total + (row['DKP Score'] ?? 0), 0);
  return {
    title: answer.latestKvk ? `KvK ${answer.latestKvk.kvk_number}` : 'This period',
    description: `${kingdomLabel} · ${periodText(answer)}`,
    color: COLOR,
    fields: [
      { name: 'Governors', value: exact(rows.length), inline: true },
      { name: 'DKP', value: exact(sum('DKP Score')), inline: true },
      { name: 'Kill points (T4+T5)', value: exact(sum('T4+T5 KP')), inline: true },
      { name: 'Deaths', value: exact(sum('All Deads')), inline: true },
      { name: 'Healed', value: exact(sum('Healed')), inline: true },
      { name: 'Power change', value: signed(sum('Power Change')), inline: true },
      {
        name: 'Goals',
        value:
          withGoal.length === 0
            ? 'No DKP goals set for this period'
            : `${reached} of ${withGoal.length} governors reached their goal · ` +
              `${percent(goalTotal === 0 ? null : (dkpOfGoaled / goalTotal) * 100)} of all goals`,
      },
    ],
  };
}

export function compareCard(
  answer: KdDashboardResponse,
  rows: readonly DkpRow[],
  kingdomLabel: string,
): Embed {
  const line = (label: string, value: (row: DkpRow) => string) => ({
    name: label,
    value: rows.map((row) => `${row.Name}: ${value(row)}`).join('\n'),
  });
  return {
    title: rows.map((row) => row.Name).join(' · '),
    description: `${kingdomLabel} · ${periodText(answer)}`,
    color: COLOR,
    fields: [
      line('DKP', (row) => exact(row['DKP Score'])),
      line('Power', (row) => `${exact(row['Current Power'])} (${signed(row['Power Change'])})`),
      line('Kill points (T4+T5)', (row) => exact(row['T4+T5 KP'])),
      line('Deaths', (row) => exact(row['All Deads'])),
      line('Reached', (row) => percent(row.Reached)),
    ],
  };
}
