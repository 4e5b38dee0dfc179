import { MAX_COMPARED_GOVERNORS } from '@kingdom-stats/core/api';
import { Link } from 'react-router';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { comparePath, useViewerKingdom } from '../governor/GovernorLink.tsx';
import { useComparePicks } from './selection.ts';

const toggleClass =
  'inline-flex size-6 shrink-0 items-center justify-center rounded-md border text-xs font-bold focus-visible:outline-2 focus-visible:outline-sky-400 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * Picks a governor of the player table for compare (docs/governor.md "Compare"). Shown only where names link to the
 * governor page (a viewer screen with its kd and code). Imports nothing of the compare page: that is a lazy route.
 */
export function CompareToggle({ governorId, name }: { governorId: number; name: string | null }) {
  const { t } = useT();
  const { kd, code } = useViewerKingdom();
  const picks = useComparePicks(kd ?? '');
  if (!kd || !code) return null;
  const picked = picks.isPicked(governorId);
  const label = name ?? String(governorId);
  return (
    <button
      type="button"
      aria-pressed={picked}
      aria-label={t('compare.toggle', { name: label })}
      title={
        picked
          ? t('compare.picked')
          : picks.full
            ? t('compare.full', { n: MAX_COMPARED_GOVERNORS, count: fullNumber(MAX_COMPARED_GOVERNORS) })
            : t('compare.pick')
      }
      disabled={!picked && picks.full}
      data-compare-toggle={governorId}
      onClick={() => picks.toggle(governorId, label)}
      className={`${toggleClass} ${picked ? 'border-sky-400 bg-sky-500/30 text-sky-100' : 'border-slate-600 text-slate-400 hover:border-sky-400 hover:text-sky-200'}`}
    >
      {picked ? '✓' : '+'}
    </button>
  );
}

/** The picked governors, fixed at the bottom of the screen while any is picked, with the way to the compare page. */
export function CompareBar() {
  const { t } = useT();
  const { kd, code } = useViewerKingdom();
  const picks = useComparePicks(kd ?? '');
  if (!kd || !code || picks.picked.length === 0) return null;
  const ready = picks.picked.length >= 2;
  return (
    <>
      {/* Room under the table, so the fixed bar never covers its last rows or the pages. */}
      <div aria-hidden="true" className="h-16" />
      <section
        aria-label={t('compare.bar')}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-700 bg-slate-950/95 px-3 py-2 shadow-lg shadow-black/40 backdrop-blur sm:px-6"
      >
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-semibold text-white">
            {t('compare.count', {
              picked: fullNumber(picks.picked.length),
              max: fullNumber(MAX_COMPARED_GOVERNORS),
            })}
          </span>
          <span className="min-w-0 flex-1 truncate text-slate-300" data-testid="compare-picked">
            {picks.picked.map((p) => p.name).join(', ')}
          </span>
          {ready ? (
            <Link
              to={comparePath(
                kd,
                code,
                picks.picked.map((p) => p.id),
              )}
              className="rounded-md bg-sky-600 px-3 py-1 font-semibold text-white hover:bg-sky-500 focus-visible:outline-2 focus-visible:outline-sky-300"
            >
              {t('compare.go')}
            </Link>
          ) : (
            <span className="text-slate-400">{t('compare.oneMore')}</span>
          )}
          <button
            type="button"
            onClick={picks.clear}
            className="rounded-md px-2 py-1 text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
          >
            {t('compare.clear')}
          </button>
        </div>
      </section>
    </>
  );
}
