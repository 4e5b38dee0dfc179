import { formatUtcMinute } from '@kingdom-stats/core';
import type { ReviewCorrection } from '@kingdom-stats/core/api';
import { shownFieldLabel } from '../../components/table/ReviewMark.tsx';
import { fullNumber } from '../../format.ts';
import { translate, useT } from '../../i18n/i18n.ts';
import { smallButton } from '../kingdom-settings/shared.ts';
import { type ReviewActions, useReviewCorrections } from './api.ts';

/** The corrections made (newest first): who, when, old → new, reason; each can be reverted. */
export function CorrectionsList({ kd, code, actions }: { kd: string; code: string; actions: ReviewActions }) {
  const corrections = useReviewCorrections(kd, code);
  const { t } = useT();
  if (!corrections.data || corrections.data.corrections.length === 0) return null;
  return (
    <div className="mt-5">
      <h3 className="mb-2 text-sm font-semibold text-white">{t('review.corrections')}</h3>
      <ul
        className="divide-y divide-slate-800 rounded-lg border border-slate-800"
        aria-label={t('review.corrections')}
      >
        {corrections.data.corrections.map((correction) => (
          <li
            key={correction.id}
            className="flex flex-wrap items-center gap-3 px-3 py-2.5"
            data-correction={correction.id}
          >
            <p className="min-w-0 flex-1 break-words text-sm text-slate-200">{describe(correction)}</p>
            {correction.revertedAt === null ? (
              <button
                type="button"
                className={smallButton}
                disabled={actions.revert.isPending}
                onClick={() => actions.revert.mutate(correction.id)}
              >
                {t('review.revert')}
              </button>
            ) : (
              <span className="text-xs text-slate-400">{t('review.reverted')}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function describe(c: ReviewCorrection): string {
  const who = translate('review.correctionBy', {
    who: c.createdBy ?? translate('review.theCli'),
    time: formatUtcMinute(c.createdAt),
  });
  const what =
    c.field === 'row'
      ? translate('review.rowCorrection', {
          name: c.governorName,
          id: String(c.governorId),
          scan: c.scanName,
        })
      : c.field === 'swap'
        ? translate('review.swapCorrection', {
            name: c.governorName,
            id: String(c.governorId),
            partner: String(c.swapWith ?? ''),
            scan: c.scanName,
          })
        : translate('review.valueCorrection', {
            field: shownFieldLabel(c.field),
            name: c.governorName,
            id: String(c.governorId),
            scan: c.scanName,
            before: fullNumber(c.oldValue),
            after: fullNumber(c.newValue),
          });
  return `${what} · ${who}${c.reason ? ` · ${c.reason}` : ''}`;
}
