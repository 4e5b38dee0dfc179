import type { RallyRow } from '@kingdom-stats/core/api';
import { useWideScreen } from '../../components/layout/useWideScreen.ts';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { GovernorLink } from '../governor/GovernorLink.tsx';

interface RallyResultsProps {
  rows: readonly RallyRow[];
}

const RANK_STYLES: Record<number, string> = {
  1: 'bg-amber-400 text-slate-950',
  2: 'bg-slate-300 text-slate-950',
  3: 'bg-orange-500 text-slate-950',
};

function RankBadge({ rank }: { rank: number }) {
  return (
    <span
      className={`inline-grid h-7 min-w-7 place-items-center rounded-full px-1.5 text-xs font-bold tabular-nums ${
        RANK_STYLES[rank] ?? 'bg-slate-800 text-slate-200'
      }`}
    >
      {fullNumber(rank)}
    </span>
  );
}

/** The ranking: a table from 768 px, cards below (SPEC §9 mobile breakpoint); only the one in effect is built. */
export function RallyResults({ rows }: RallyResultsProps) {
  const { t } = useT();
  const wide = useWideScreen();
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-700 bg-slate-900/40 px-6 py-14 text-center text-slate-300">
        {t('rally.noData')}
      </p>
    );
  }
  if (wide) {
    return (
      <div className="overflow-x-auto rounded-xl border border-slate-800">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('rally.caption')}</caption>
          <thead className="bg-slate-900 text-xs tracking-wide text-slate-400 uppercase">
            <tr>
              <th scope="col" className="w-20 px-4 py-3 text-start font-medium">
                {t('rally.rank')}
              </th>
              <th scope="col" className="px-4 py-3 text-start font-medium">
                {t('rally.participant')}
              </th>
              <th scope="col" className="px-4 py-3 text-end font-medium">
                {t('rally.totalRallies')}
              </th>
              <th scope="col" className="px-4 py-3 text-end font-medium">
                {t('rally.totalJoined')}
              </th>
              <th scope="col" className="px-4 py-3 text-end font-medium">
                {t('rally.totalLaunched')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800">
            {rows.map((row) => (
              <tr key={row.participant_id} className="bg-slate-950/40 hover:bg-slate-900/80">
                <td className="px-4 py-2.5">
                  <RankBadge rank={row.rank} />
                </td>
                <td className="px-4 py-2.5">
                  <div className="font-medium break-words text-white" data-testid="participant-name">
                    <GovernorLink governorId={row.participant_id}>{row.participant_name}</GovernorLink>
                  </div>
                  <div className="text-xs text-slate-400 tabular-nums">
                    {t('rally.participantId', { id: String(row.participant_id) })}
                  </div>
                </td>
                <td className="px-4 py-2.5 text-end font-semibold text-sky-300 tabular-nums">
                  {fullNumber(row.total_rallies)}
                </td>
                <td className="px-4 py-2.5 text-end text-slate-200 tabular-nums">
                  {fullNumber(row.total_joined)}
                </td>
                <td className="px-4 py-2.5 text-end text-slate-200 tabular-nums">
                  {fullNumber(row.total_launched)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label={t('rally.participants')}>
      {rows.map((row) => (
        <li
          key={row.participant_id}
          data-testid="rally-card"
          className="rounded-xl border border-slate-800 bg-slate-900/60 p-3"
        >
          <div className="flex items-center gap-3">
            <RankBadge rank={row.rank} />
            <div className="min-w-0">
              <div className="font-medium break-words text-white" data-testid="participant-name">
                <GovernorLink governorId={row.participant_id}>{row.participant_name}</GovernorLink>
              </div>
              <div className="text-xs text-slate-400 tabular-nums">
                {t('rally.participantId', { id: String(row.participant_id) })}
              </div>
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
            {(
              [
                [t('rally.totalRallies'), row.total_rallies, 'text-sky-300'],
                [t('rally.totalJoined'), row.total_joined, 'text-slate-100'],
                [t('rally.totalLaunched'), row.total_launched, 'text-slate-100'],
              ] as const
            ).map(([label, value, color]) => (
              <div key={label} className="rounded-lg bg-slate-950/60 px-1 py-2">
                <dt className="text-[11px] text-slate-400">{label}</dt>
                <dd className={`text-base font-semibold tabular-nums ${color}`}>{fullNumber(value)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
