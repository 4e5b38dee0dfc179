import type { DkpRow, DkpRowField } from '@kingdom-stats/core/api';
import type { ReactNode } from 'react';
import { Avatar } from '../../components/Avatar.tsx';
import { ReviewMark } from '../../components/table/ReviewMark.tsx';
import { fullNumber, shortNumber } from '../../format.ts';
import { columnLabel } from '../../i18n/columns.ts';
import { useT } from '../../i18n/i18n.ts';
import { GovernorLink } from '../governor/GovernorLink.tsx';
import { farmOfText, formatPercent, REACHED_COLORS, reachedBand } from './format.ts';

interface DkpCardsProps {
  rows: readonly DkpRow[];
  activeColumns: readonly DkpRowField[];
  /** A governor's place by DKP Score, whatever the list is sorted by. */
  rankOf: ReadonlyMap<unknown, number>;
  /** Governor ID → name, for a farm's main. */
  nameOf: ReadonlyMap<number, string>;
  busy: boolean;
  empty: ReactNode;
}

/** A value that is not a number (or null) is shown as 'Error' in its place, never taking the list down (SPEC §2). */
function checked(value: unknown): number | null | 'error' {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' && Number.isFinite(value) ? value : 'error';
}

function ErrorText() {
  const { t } = useT();
  return (
    <span className="text-red-300" data-cell-error="true">
      {t('kvkDkp.error')}
    </span>
  );
}

/** A percentage bar; `field` is the row's English field, its name shown in the reader's language. */
function ReachedBar({ field, value }: { field: 'Reached' | 'Dead %' | 'KP %'; value: unknown }) {
  const label = columnLabel(field);
  const number = checked(value);
  if (number === 'error') {
    return (
      <div className="text-xs text-slate-400">
        {label} <ErrorText />
      </div>
    );
  }
  if (number === null) return null;
  const color = REACHED_COLORS[reachedBand(number)];
  return (
    <div className="flex flex-col gap-1" data-testid={field === 'Reached' ? 'card-reached' : undefined}>
      <div className="flex items-baseline justify-between text-xs">
        <span className="text-slate-400">{label}</span>
        <span className="font-medium tabular-nums" style={{ color }}>
          {formatPercent(number)}
        </span>
      </div>
      <span aria-hidden="true" className="block h-1.5 w-full overflow-hidden rounded-full bg-slate-800">
        <span
          className="block h-full rounded-full"
          style={{ width: `${Math.max(0, Math.min(100, number))}%`, backgroundColor: color }}
        />
      </span>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: unknown }) {
  const { t } = useT();
  const number = checked(value);
  return (
    <div
      className="rounded-lg bg-slate-950/60 px-1 py-1.5"
      title={number === 'error' ? undefined : t('card.statTitle', { name: label, value: fullNumber(number) })}
    >
      <dt className="text-[11px] text-slate-400">{label}</dt>
      <dd className="text-sm font-semibold text-slate-100 tabular-nums">
        {number === 'error' ? <ErrorText /> : shortNumber(number)}
      </dd>
    </div>
  );
}

/**
 * The KvK DKP table on a phone (below 768 px, as the rally page): per governor the name, DKP score, goal and a
 * Reached bar, then power, kills and dead, with the Dead % and KP % bars when the formula has those goals.
 */
export function DkpCards({ rows, activeColumns, rankOf, nameOf, busy, empty }: DkpCardsProps) {
  const { t } = useT();
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-700 bg-slate-900/40 px-4 py-10 text-center text-slate-400">
        {empty}
      </p>
    );
  }
  const has = (field: DkpRowField) => activeColumns.includes(field);
  // Dead as the formula counts it: the Hall of Heroes T4+T5 when those terms are on, else all dead troops.
  const deadField: DkpRowField = has('Deads (T4+T5)') ? 'Deads (T4+T5)' : 'All Deads';
  return (
    <ol
      aria-label={t('kvkDkp.cards')}
      aria-busy={busy}
      className={`flex flex-col gap-2 ${busy ? 'opacity-60 transition-opacity' : 'transition-opacity'}`}
    >
      {rows.map((row) => {
        const score = checked(row['DKP Score']);
        const goal = checked(row['DKP Goal']);
        return (
          <li
            key={row['Governor ID']}
            data-testid="dkp-card"
            className="rounded-xl border border-slate-800 bg-slate-900/60 p-3"
          >
            <div className="flex items-start gap-3">
              <span
                className="w-7 shrink-0 pt-1 text-end text-xs text-slate-500 tabular-nums"
                title={t('kvkDkp.place')}
              >
                {rankOf.get(row['Governor ID']) ?? '-'}
              </span>
              <Avatar name={row.Name} size="sm" />
              <div className="min-w-0 flex-1">
                <div className="font-medium wrap-anywhere text-white" data-testid="card-name">
                  <GovernorLink governorId={row['Governor ID']}>{row.Name}</GovernorLink>
                </div>
                <div className="flex flex-wrap gap-x-2 text-xs text-slate-400">
                  <span className="tabular-nums">{row['Governor ID']}</span>
                  {row.Alliance && <span>{row.Alliance}</span>}
                  {row['Farm Of'] !== undefined && <span>{farmOfText(row, nameOf)}</span>}
                  <ReviewMark governorId={row['Governor ID']} />
                </div>
              </div>
              <div className="shrink-0 text-end">
                <div className="text-[11px] font-semibold tracking-wide text-amber-300 uppercase">
                  {t('column.dkp')}
                </div>
                <div className="font-semibold text-amber-100 tabular-nums" data-testid="card-dkp">
                  {score === 'error' ? <ErrorText /> : fullNumber(score)}
                </div>
                {has('DKP Goal') && (
                  <div className="text-xs text-slate-400 tabular-nums">
                    {goal === 'error' ? (
                      <span className="text-red-300" data-cell-error="true">
                        {t('kvkDkp.goal', { value: t('kvkDkp.error') })}
                      </span>
                    ) : (
                      t('kvkDkp.goal', { value: shortNumber(goal) })
                    )}
                  </div>
                )}
              </div>
            </div>
            <div className="mt-2 space-y-2">
              {has('Reached') && <ReachedBar field="Reached" value={row.Reached} />}
              {has('Dead %') && <ReachedBar field="Dead %" value={row['Dead %']} />}
              {has('KP %') && <ReachedBar field="KP %" value={row['KP %']} />}
            </div>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
              <Stat label={t('column.power')} value={row['Current Power']} />
              <Stat label={t('card.kills')} value={row['T4+T5 KP']} />
              <Stat label={t('column.dead')} value={row[deadField]} />
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
