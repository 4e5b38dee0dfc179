import { formatInteger } from '@kingdom-stats/core';
import type { RallySummaryStats } from '@kingdom-stats/core/api';

interface SummaryCardsProps {
  stats: RallySummaryStats;
}

/** Total rallies, total participants and the average per day, for the whole period. */
export function SummaryCards({ stats }: SummaryCardsProps) {
  const cards = [
    { label: 'Total Rallies', value: formatInteger(stats.total_rallies), accent: 'text-sky-300' },
    {
      label: 'Total Participants',
      value: formatInteger(stats.total_participants),
      accent: 'text-emerald-300',
    },
    { label: 'Average per Day', value: stats.average_per_day.toFixed(1), accent: 'text-amber-300' },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-3" data-testid="rally-summary">
      {cards.map((card) => (
        <div
          key={card.label}
          className="rounded-xl border border-slate-800 bg-slate-900/60 px-3 py-2.5 shadow-sm shadow-black/20 sm:px-4 sm:py-3"
        >
          <dt className="text-[11px] leading-tight font-medium tracking-wide text-slate-400 uppercase sm:text-xs">
            {card.label}
          </dt>
          <dd className={`mt-1 text-xl font-bold tabular-nums sm:text-2xl ${card.accent}`}>{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}
