import { formatUtcMinute } from '@kingdom-stats/core';
import type { DkpRow, KdDashboardResponse, ReviewMark } from '@kingdom-stats/core/api';
import { TOP_METRICS, type TopMetric } from './commands.ts';
import type { Translator } from './i18n.ts';
import type { ActionRow, Embed, EmbedField } from './protocol.ts';

/**
 * Embeds as people read them in Discord, in the asker's language (i18n.ts): exact numbers with the language's
 * separators, '—' for unknown (never 0).
 */
const COLOR = 0x3b82f6;
export const TOP_PAGE_SIZE = 10;

/** The period the answer covers, in words: its first and last scan. */
export function periodText(answer: KdDashboardResponse, tr: Translator): string {
  const { start, end } = answer.selectedDates;
  if (start === '') return tr.t('period.none');
  const period =
    start === end
      ? tr.t('period.oneScan', { at: formatUtcMinute(Number(start)) })
      : tr.t('period.range', { start: formatUtcMinute(Number(start)), end: formatUtcMinute(Number(end)) });
  return answer.latestKvk ? tr.t('period.inKvk', { kvk: answer.latestKvk.kvk_number, period }) : period;
}

function reviewText(mark: ReviewMark | undefined, tr: Translator): string | null {
  if (!mark) return null;
  const parts: string[] = [];
  // Issue 36: gains that went down are unknown (—) in the card; say why first.
  const decreased = mark.decreased ?? [];
  if (decreased.length > 0) parts.push(`went down, unknown: ${decreased.join(', ')}`);
  if (mark.underReview.length > 0) {
    parts.push(tr.t('card.underReview', { fields: mark.underReview.map((m) => m.field).join(', ') }));
  }
  if (mark.corrected.length > 0) {
    parts.push(tr.t('card.corrected', { fields: mark.corrected.map((m) => m.field).join(', ') }));
  }
  return parts.join('; ');
}

export function statsCard(input: {
  answer: KdDashboardResponse;
  row: DkpRow;
  rank: number;
  kingdomLabel: string;
  governorUrl: string;
  tr: Translator;
}): Embed {
  const { answer, row, tr } = input;
  const fields: EmbedField[] = [
    {
      name: tr.t('card.power'),
      value: `${tr.number(row['Current Power'])} (${tr.signed(row['Power Change'])})`,
      inline: true,
    },
    { name: tr.t('card.killPoints'), value: tr.number(row['T4+T5 KP']), inline: true },
    {
      name: tr.t('card.t4t5Kills'),
      value: `${tr.number(row['T4 Kills'])} / ${tr.number(row['T5 Kills'])}`,
      inline: true,
    },
    { name: tr.t('card.deaths'), value: tr.number(row['All Deads']), inline: true },
    { name: tr.t('card.healed'), value: tr.number(row.Healed), inline: true },
    { name: tr.t('card.dkp'), value: tr.number(row['DKP Score']), inline: true },
    {
      name: tr.t('card.rank'),
      value: tr.t('card.rankValue', {
        rank: tr.number(input.rank),
        total: tr.number(answer.playerData.length),
      }),
      inline: true,
    },
    { name: tr.t('card.goal'), value: tr.number(row['DKP Goal']), inline: true },
    { name: tr.t('card.reached'), value: tr.percent(row.Reached), inline: true },
  ];
  const review = reviewText(answer.reviewMarks?.[String(row['Governor ID'])], tr);
  if (review) fields.push({ name: tr.t('card.reviewMarks'), value: review });
  return {
    title: `${row.Name} (${row['Governor ID']})`,
    url: input.governorUrl,
    description: `${row.Alliance ? `[${row.Alliance}] · ` : ''}${input.kingdomLabel} · ${periodText(answer, tr)}`,
    color: COLOR,
    fields,
    footer: { text: tr.t('card.footer') },
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
  tr: Translator;
}): Embed {
  const { tr } = input;
  const { field } = TOP_METRICS[input.metric];
  const first = input.page * TOP_PAGE_SIZE;
  const lines = input.ranked
    .slice(first, first + TOP_PAGE_SIZE)
    .map((row, i) => `**${first + i + 1}.** ${row.Name} (${row['Governor ID']}) — ${tr.number(row[field])}`);
  const pages = Math.max(1, Math.ceil(input.ranked.length / TOP_PAGE_SIZE));
  return {
    title: tr.t('top.title', {
      count: tr.number(input.ranked.length),
      metric: tr.t(`metric.${input.metric}` as const),
    }),
    description: `${input.kingdomLabel} · ${periodText(input.answer, tr)}\n\n${lines.join('\n')}`,
    color: COLOR,
    footer: { text: tr.t('top.page', { page: tr.number(input.page + 1), pages: tr.number(pages) }) },
  };
}

/** Previous/next buttons; their custom_id carries the whole query, so a click needs nothing remembered. */
export function pagerRow(prefix: string, page: number, pages: number, tr: Translator): ActionRow[] {
  if (pages <= 1) return [];
  return [
    {
      type: 1,
      components: [
        {
          type: 2,
          style: 2,
          label: tr.t('top.previous'),
          custom_id: `${prefix}:${page - 1}`,
          disabled: page <= 0,
        },
        {
          type: 2,
          style: 2,
          label: tr.t('top.next'),
          custom_id: `${prefix}:${page + 1}`,
          disabled: page >= pages - 1,
        },
      ],
    },
  ];
}

export function kvkCard(answer: KdDashboardResponse, kingdomLabel: string, tr: Translator): Embed {
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
    title: answer.latestKvk ? `KvK ${answer.latestKvk.kvk_number}` : tr.t('period.this'),
    description: `${kingdomLabel} · ${periodText(answer, tr)}`,
    color: COLOR,
    fields: [
      { name: tr.t('kvk.governors'), value: tr.number(rows.length), inline: true },
      { name: tr.t('card.dkp'), value: tr.number(sum('DKP Score')), inline: true },
      { name: tr.t('card.killPoints'), value: tr.number(sum('T4+T5 KP')), inline: true },
      { name: tr.t('card.deaths'), value: tr.number(sum('All Deads')), inline: true },
      { name: tr.t('card.healed'), value: tr.number(sum('Healed')), inline: true },
      { name: tr.t('kvk.powerChange'), value: tr.signed(sum('Power Change')), inline: true },
      {
        name: tr.t('kvk.goals'),
        value:
          withGoal.length === 0
            ? tr.t('kvk.noGoals')
            : tr.t('kvk.goalsReached', {
                reached: tr.number(reached),
                total: withGoal.length,
                totalText: tr.number(withGoal.length),
                percent: tr.percent(goalTotal === 0 ? null : (dkpOfGoaled / goalTotal) * 100),
              }),
      },
    ],
  };
}

export function compareCard(
  answer: KdDashboardResponse,
  rows: readonly DkpRow[],
  kingdomLabel: string,
  tr: Translator,
): Embed {
  const line = (label: string, value: (row: DkpRow) => string) => ({
    name: label,
    value: rows.map((row) => `${row.Name}: ${value(row)}`).join('\n'),
  });
  return {
    title: rows.map((row) => row.Name).join(' · '),
    description: `${kingdomLabel} · ${periodText(answer, tr)}`,
    color: COLOR,
    fields: [
      line(tr.t('card.dkp'), (row) => tr.number(row['DKP Score'])),
      line(
        tr.t('card.power'),
        (row) => `${tr.number(row['Current Power'])} (${tr.signed(row['Power Change'])})`,
      ),
      line(tr.t('card.killPoints'), (row) => tr.number(row['T4+T5 KP'])),
      line(tr.t('card.deaths'), (row) => tr.number(row['All Deads'])),
      line(tr.t('card.reached'), (row) => tr.percent(row.Reached)),
    ],
  };
}
