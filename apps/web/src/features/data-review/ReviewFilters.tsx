import {
  FLAG_STATUSES,
  REVIEW_CHECKS,
  type ReviewCheck,
  type ReviewFlagsResponse,
} from '@kingdom-stats/core/api';
import { useEffect, useId, useState } from 'react';
import { useAdminKingdom } from '../../api/admin-kingdoms.ts';
import { inputClass, selectClass } from '../../components/controls/styles.ts';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { scanLabel } from '../admin-shared/time.ts';
import type { FlagFilter, FlagQuery } from './api.ts';
import { checkLabel, statusLabel } from './words.ts';

/** A search waits this long after the last key before it asks the server. */
const SEARCH_DELAY_MS = 300;

/** The status tabs (with the kingdom's counts), and filters by check, scan and governor. */
export function ReviewFilters({
  kd,
  code,
  query,
  counts,
  change,
}: {
  kd: string;
  code: string;
  query: FlagQuery;
  counts: ReviewFlagsResponse['counts'] | undefined;
  change: (update: Partial<FlagQuery>, options?: { replace?: boolean }) => void;
}) {
  const ids = { check: useId(), scan: useId(), governor: useId() };
  const { t } = useT();
  // The admin page's own answer (already loaded): its scans, newest first.
  const scans = [...(useAdminKingdom(kd, code).data?.scans ?? [])].sort((a, b) => b.takenAt - a.takenAt);
  return (
    <div className="mb-3 space-y-3">
      <fieldset className="flex flex-wrap gap-1">
        <legend className="sr-only">{t('review.showFlags')}</legend>
        {(['open', ...FLAG_STATUSES.slice(1), 'all'] as FlagFilter[]).map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={query.status === status}
            onClick={() => change({ status })}
            className={`rounded-full border px-3 py-1 text-xs font-medium ${
              query.status === status
                ? 'border-sky-500 text-white'
                : 'border-slate-800 text-slate-300 hover:border-slate-600'
            }`}
          >
            {counts && status !== 'all'
              ? t('review.statusCount', { status: statusLabel(status), count: fullNumber(counts[status]) })
              : statusLabel(status)}
          </button>
        ))}
      </fieldset>
      <div className="grid gap-2 sm:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={ids.check} className="text-xs text-slate-400">
            {t('review.checkFilter')}
          </label>
          <select
            id={ids.check}
            className={`${selectClass} w-full min-w-0`}
            value={query.check ?? ''}
            onChange={(e) => change({ check: (e.target.value || null) as ReviewCheck | null })}
          >
            <option value="">{t('review.everyCheck')}</option>
            {REVIEW_CHECKS.map((check) => (
              <option key={check} value={check}>
                {checkLabel(check)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={ids.scan} className="text-xs text-slate-400">
            {t('review.scanFilter')}
          </label>
          <select
            id={ids.scan}
            className={`${selectClass} w-full min-w-0`}
            value={query.scan === null ? '' : String(query.scan)}
            onChange={(e) => change({ scan: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{t('review.everyScan')}</option>
            {scans.map((scan) => (
              <option key={scan.id} value={scan.id}>
                {scanLabel(scan.name, scan.takenAt)}
              </option>
            ))}
          </select>
        </div>
        <GovernorSearch id={ids.governor} value={query.governor} change={change} />
      </div>
    </div>
  );
}

function GovernorSearch({
  id,
  value,
  change,
}: {
  id: string;
  value: string;
  change: (update: Partial<FlagQuery>, options?: { replace?: boolean }) => void;
}) {
  const [text, setText] = useState(value);
  const { t } = useT();
  // The address changed elsewhere (Back, a link): show its search.
  useEffect(() => setText((typed) => (typed.trim() === value.trim() ? typed : value)), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    // Typing replaces the history entry: Back leaves the search rather than stepping through each letter.
    const timer = window.setTimeout(() => change({ governor: text }, { replace: true }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, change]);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs text-slate-400">
        {t('review.governorFilter')}
      </label>
      <input
        id={id}
        type="search"
        className={`${inputClass} w-full min-w-0`}
        placeholder={t('review.governorPlaceholder')}
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}
