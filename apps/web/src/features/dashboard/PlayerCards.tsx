import { campColor } from '@kingdom-stats/core';
import type { PlayerRow } from '@kingdom-stats/core/api';
import type { ReactNode } from 'react';
import { Avatar } from '../../components/Avatar.tsx';
import { FarmMark } from '../../components/table/FarmMark.tsx';
import { ReviewMark } from '../../components/table/ReviewMark.tsx';
import { fullNumber, shortNumber, textOrDash } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { CompareToggle } from '../compare/CompareToggle.tsx';
import { GovernorLink } from '../governor/GovernorLink.tsx';
import { PartialMark } from './player-columns.tsx';
import { CampBadge } from './summary-columns.tsx';

interface PlayerCardsProps {
  rows: readonly PlayerRow[];
  /** Rank of the first row: the cards are numbered across pages like the table's rows. */
  offset: number;
  campColors: ReadonlyMap<string, string>;
  busy: boolean;
  empty: ReactNode;
}

function Stat({ label, value, title }: { label: string; value: number | null; title: string }) {
  return (
    <div className="rounded-lg bg-slate-950/60 px-1 py-1.5" title={title}>
      <dt className="text-[11px] text-slate-400">{label}</dt>
      <dd className="text-sm font-semibold text-slate-100 tabular-nums">{shortNumber(value)}</dd>
    </div>
  );
}

/**
 * The player table on a phone (below 768 px, as the rally page): one card per governor with what they are looked up
 * for — name, DKP, then power, kills and dead — instead of a 1,400 px table whose name column filled the screen.
 */
export function PlayerCards({ rows, offset, campColors, busy, empty }: PlayerCardsProps) {
  const { t } = useT();
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-700 bg-slate-900/40 px-4 py-10 text-center text-slate-400">
        {empty}
      </p>
    );
  }
  return (
    <ol
      aria-label={t('players.title')}
      aria-busy={busy}
      className={`flex flex-col gap-2 ${busy ? 'opacity-60 transition-opacity' : 'transition-opacity'}`}
    >
      {rows.map((row, index) => (
        <li
          key={row['Gov ID']}
          data-testid="player-card"
          data-gov-id={row['Gov ID']}
          className="rounded-xl border border-slate-800 bg-slate-900/60 p-3"
        >
          <div className="flex items-start gap-3">
            <span className="w-7 shrink-0 pt-1 text-right text-xs text-slate-500 tabular-nums">
              {offset + index + 1}
            </span>
            <Avatar name={row.Name} size="sm" />
            <div className="min-w-0 flex-1">
              {/* The name is what a player looks for: the whole width, wrapped rather than cut ("Mate…" with the
                  marks and the + beside it on a 375 px phone; issue 41). The marks go on the details line. */}
              <div className="leading-snug font-medium wrap-anywhere text-white" data-player-name="">
                <GovernorLink governorId={row['Gov ID']}>{textOrDash(row.Name)}</GovernorLink>
              </div>
              <div className="flex flex-wrap items-center gap-x-2 text-xs text-slate-400">
                <span className="tabular-nums">{row['Gov ID']}</span>
                <PartialMark row={row} />
                <ReviewMark governorId={row['Gov ID']} />
                {/* On the details line, as on the KD DKP cards: beside the name it would leave the name no room. */}
                <FarmMark governorId={row['Gov ID']} />
                {row.Alliance && <span>{row.Alliance}</span>}
                {row.KD !== null && (
                  <span className="tabular-nums">{t('card.kd', { kd: String(row.KD) })}</span>
                )}
                {row.Camp && <CampBadge camp={row.Camp} color={campColor(campColors, row.Camp)} />}
              </div>
            </div>
            <div className="shrink-0 text-end">
              <div className="text-[11px] font-semibold tracking-wide text-amber-300 uppercase">
                {t('column.dkp')}
              </div>
              <div className="font-semibold text-amber-100 tabular-nums" data-testid="card-dkp">
                {fullNumber(row.DKP)}
              </div>
              <div className="mt-1 flex justify-end">
                <CompareToggle governorId={row['Gov ID']} name={row.Name} />
              </div>
            </div>
          </div>
          <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
            <Stat
              label={t('column.power')}
              value={row.Power}
              title={t('card.statTitle', { name: t('column.power'), value: fullNumber(row.Power) })}
            />
            <Stat
              label={t('card.kills')}
              value={row['KP (T4+T5)']}
              title={t('card.statTitle', { name: t('column.kpT4T5'), value: fullNumber(row['KP (T4+T5)']) })}
            />
            <Stat
              label={t('column.dead')}
              value={row.Dead}
              title={t('card.statTitle', { name: t('column.dead'), value: fullNumber(row.Dead) })}
            />
          </dl>
        </li>
      ))}
    </ol>
  );
}
