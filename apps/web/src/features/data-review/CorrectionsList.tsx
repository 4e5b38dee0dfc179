import { FIELD_LABELS, formatInteger, formatUtcMinute } from '@kingdom-stats/core';
import type { ReviewCorrection } from '@kingdom-stats/core/api';
import { translate } from '../../i18n/i18n.ts';
import { smallButton } from '../kingdom-settings/shared.ts';
import { type ReviewActions, useReviewCorrections } from './api.ts';

/** The corrections made (newest first): who, when, old → new, reason; each can be reverted. */
export function CorrectionsList({ kd, code, actions }: { kd: string; code: string; actions: ReviewActions }) {
  const corrections = useReviewCorrections(kd, code);
  if (!corrections.data || corrections.data.corrections.length === 0) return null;
  return (
    <div className="mt-5">
      <h3 className="mb-2 text-sm font-semibold text-white">Corrections</h3>
      <ul className="divide-y divide-slate-800 rounded-lg border border-slate-800" aria-label="Corrections">
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
                Revert
              </button>
            ) : (
              <span className="text-xs text-slate-400">reverted</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function describe(c: ReviewCorrection): string {
  const who = `${c.createdBy ?? 'the CLI'}, ${formatUtcMinute(c.createdAt)}`;
  const what =
    c.field === 'row'
      ? `${c.governorName} (${c.governorId}) left out of ${c.scanName}`
      : c.field === 'swap'
        ? translate('review.swapCorrection', {
            name: c.governorName,
            id: String(c.governorId),
            partner: String(c.swapWith ?? ''),
            scan: c.scanName,
          })
        : `${FIELD_LABELS[c.field]} of ${c.governorName} (${c.governorId}) in ${c.scanName}: ${formatInteger(c.oldValue)} → ${formatInteger(c.newValue)}`;
  return `${what} · ${who}${c.reason ? ` · ${c.reason}` : ''}`;
}
