import type { RallySummaryStats } from '@kingdom-stats/core/api';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { averageText } from './dates.ts';

interface SummaryCardsProps {
  stats: RallySummaryStats;
}

/** Total rallies, total participants and the average per day, for the whole period. */
export function SummaryCards({ stats }: SummaryCardsProps) {
  const { t, locale } = useT();
  const cards = [
    { label: t('rally.totalRallies'), value: fullNumber(stats.total_rallies), accent: 'text-sky-300' },
    {
      label: t('rally.totalParticipants'),
      value: fullNumber(stats.total_participants),
      accent: 'text-emerald-300',
    },
    {
      label: t('rally.averagePerDay'),
      value: averageText(stats.average_per_day, locale),
      accent: 'text-amber-300',
    },
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
