import { FIELD_LABELS, formatInteger } from '@kingdom-stats/core';
import { FLAG_STATUSES, type ReviewCorrection } from '@kingdom-stats/core/api';
import { useState } from 'react';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { Section } from '../../components/layout/Section.tsx';
import { Notice } from '../admin-shared/Notice.tsx';
import { errorText, smallButton } from '../kingdom-settings/shared.ts';
import {
  type FlagFilter,
  type ReviewActions,
  useReviewActions,
  useReviewCorrections,
  useReviewFlags,
} from './api.ts';
import { FlagCard } from './FlagCard.tsx';

const FILTER_LABELS: Record<FlagFilter, string> = {
  open: 'To review',
  accepted: 'Accepted',
  corrected: 'Corrected',
  excluded: 'Excluded',
  all: 'All',
};

/**
 * Values the import's checks flagged as misread (docs/data-quality.md), with the governor's values around each, and
 * what to do with them: correct (the imported value is kept and the correction can be reverted), accept, exclude.
 */
export function ReviewSection({ kd, code }: { kd: string; code: string }) {
  const [filter, setFilter] = useState<FlagFilter>('open');
  const flags = useReviewFlags(kd, code, filter);
  const actions = useReviewActions(kd, code);
  const counts = flags.data?.counts;
  const failed =
    actions.correct.error ?? actions.accept.error ?? actions.exclude.error ?? actions.revert.error;
  const done = actions.correct.data ?? actions.accept.data ?? actions.exclude.data ?? actions.revert.data;
  return (
    <Section
      id="data-review"
      title="Data review"
      description="Values the import's checks say look misread. A correction keeps the imported value and can be reverted; every dashboard and export uses it."
    >
      <fieldset className="mb-3 flex flex-wrap gap-1">
        <legend className="sr-only">Show flags</legend>
        {(['open', ...FLAG_STATUSES.slice(1), 'all'] as FlagFilter[]).map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={filter === status}
            onClick={() => setFilter(status)}
            className={`rounded-full border px-3 py-1 text-xs font-medium ${
              filter === status
                ? 'border-sky-500 text-white'
                : 'border-slate-800 text-slate-300 hover:border-slate-600'
            }`}
          >
            {FILTER_LABELS[status]}
            {counts && status !== 'all' ? ` (${counts[status]})` : ''}
          </button>
        ))}
      </fieldset>
      {failed ? (
        <Notice tone="error" className="mb-3">
          {errorText(failed, 'The change failed')}
        </Notice>
      ) : done ? (
        <Notice tone="success" className="mb-3">
          {done.message}
        </Notice>
      ) : null}
      {flags.isPending ? (
        <Spinner label="Loading flagged values..." />
      ) : flags.isError ? (
        <Notice tone="error">{errorText(flags.error, 'Failed to load the flagged values')}</Notice>
      ) : flags.data.flags.length === 0 ? (
        <p className="text-sm text-slate-400">
          {filter === 'open' ? 'No values to review: every import’s checks passed or were settled.' : 'None.'}
        </p>
      ) : (
        <ul
          className="divide-y divide-slate-800 rounded-lg border border-slate-800"
          aria-label="Flagged values"
        >
          {flags.data.flags.map((flag) => (
            <FlagCard key={flag.id} flag={flag} kd={kd} code={code} actions={actions} />
          ))}
        </ul>
      )}
      {flags.data && flags.data.total > flags.data.flags.length && (
        <p className="mt-2 text-xs text-slate-400">
          The first {flags.data.flags.length} of {flags.data.total}; `npm run cli -- review list` lists them
          all.
        </p>
      )}
      <CorrectionsList kd={kd} code={code} actions={actions} />
    </Section>
  );
}

function CorrectionsList({ kd, code, actions }: { kd: string; code: string; actions: ReviewActions }) {
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
  const who = `${c.createdBy ?? 'the CLI'}, ${new Date(c.createdAt * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const what =
    c.field === 'row'
      ? `${c.governorName} (${c.governorId}) left out of ${c.scanName}`
      : `${FIELD_LABELS[c.field]} of ${c.governorName} (${c.governorId}) in ${c.scanName}: ${formatInteger(c.oldValue)} → ${formatInteger(c.newValue)}`;
  return `${what} · ${who}${c.reason ? ` · ${c.reason}` : ''}`;
}
