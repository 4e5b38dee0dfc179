import type { ReviewFlag, ReviewScanValue } from '@kingdom-stats/core/api';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { inputClass } from '../../components/controls/styles.ts';
import { shownFieldLabel } from '../../components/table/ReviewMark.tsx';
import { fullNumber } from '../../format.ts';
import { useT } from '../../i18n/i18n.ts';
import { governorPagePath } from '../governor/GovernorLink.tsx';
import { smallButton, smallDanger } from '../kingdom-settings/shared.ts';
import type { ReviewActions } from './api.ts';
import { statusLabel } from './words.ts';

/** One flagged value: the governor's values around it, the reason, and correct / accept / exclude. */
export function FlagCard({
  flag,
  kd,
  code,
  actions,
}: {
  flag: ReviewFlag;
  kd: string;
  code: string;
  actions: ReviewActions;
}) {
  const { t } = useT();
  const label = shownFieldLabel(flag.field);
  const busy =
    actions.correct.isPending ||
    actions.accept.isPending ||
    actions.exclude.isPending ||
    actions.swap.isPending;
  const open = flag.status === 'open';
  return (
    <li
      className="space-y-2 px-3 py-3"
      data-flag={flag.id}
      aria-label={t('review.flagLabel', { field: label, name: flag.governorName })}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <Link
          to={governorPagePath(kd, flag.governorId, code)}
          className="font-medium text-sky-300 underline-offset-4 hover:underline"
        >
          {flag.governorName}
        </Link>
        <span className="text-slate-400">({flag.governorId})</span>
        <span className="text-slate-300">
          · {label} · {flag.scanName}
        </span>
        {!open && (
          <span className="text-xs uppercase tracking-wide text-slate-400">{statusLabel(flag.status)}</span>
        )}
      </div>
      {/* The reason is the server's English: its own direction in right-to-left pages. */}
      <p className="text-sm text-slate-200" dir="auto">
        {flag.reason}
      </p>
      {/* One under another on phones: three side by side cut a value in the billions at 375 px. */}
      <dl className="grid grid-cols-1 gap-2 text-xs sm:grid-cols-3" aria-label={t('review.around')}>
        <ScanValue title={t('review.previousScan')} scan={flag.context.previous} />
        <ScanValue title={t('review.thisScan')} scan={flag.context.current} highlight />
        <ScanValue title={t('review.nextScan')} scan={flag.context.next} />
      </dl>
      {open && flag.field !== 'governor' && <CorrectForm flag={flag} label={label} actions={actions} />}
      {open && flag.swapWith && <SwapButton flag={flag} actions={actions} disabled={busy} />}
      {open && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={smallButton}
            disabled={busy}
            onClick={() => actions.accept.mutate(flag.id)}
          >
            {t('review.accept')}
          </button>
          <ExcludeButton flag={flag} actions={actions} disabled={busy} />
        </div>
      )}
    </li>
  );
}

/** Two rows stored under each other's IDs: one act puts both back (every column), revertible as one correction. */
function SwapButton({
  flag,
  actions,
  disabled,
}: {
  flag: ReviewFlag;
  actions: ReviewActions;
  disabled: boolean;
}) {
  const { t } = useT();
  if (!flag.swapWith) return null;
  return (
    <div className="space-y-1.5">
      <p className="text-xs text-slate-400">{t('review.swapHint')}</p>
      <button
        type="button"
        className={smallButton}
        disabled={disabled}
        onClick={() => actions.swap.mutate(flag.id)}
      >
        {t('review.swapRows', { name: flag.swapWith.governorName, id: String(flag.swapWith.governorId) })}
      </button>
    </div>
  );
}

function ScanValue({
  title,
  scan,
  highlight = false,
}: {
  title: string;
  scan: ReviewScanValue | null;
  highlight?: boolean;
}) {
  return (
    <div
      className={`rounded-md border px-2 py-1.5 ${highlight ? 'border-amber-500/50' : 'border-slate-800'}`}
    >
      <dt className="text-slate-400">{title}</dt>
      {/* Isolated rather than a left-to-right dd: in Arabic the value lines up under its title, at the start. */}
      <dd className="whitespace-nowrap font-mono text-xs text-white sm:text-sm">
        <bdi>{scan ? fullNumber(scan.value) || '—' : '—'}</bdi>
      </dd>
      {scan && <dd className="break-words text-slate-500">{scan.scanName}</dd>}
    </div>
  );
}

function CorrectForm({ flag, label, actions }: { flag: ReviewFlag; label: string; actions: ReviewActions }) {
  const [text, setText] = useState(String(flag.suggested ?? flag.value ?? ''));
  const value = Number(text.replace(/[\s,]/g, ''));
  const valid = text.trim() !== '' && Number.isSafeInteger(value) && value >= 0;
  const { t } = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || flag.field === 'governor') return;
    actions.correct.mutate({
      scanId: flag.scanId,
      governorId: flag.governorId,
      field: flag.field,
      value,
      flagId: flag.id,
    });
  };
  const id = `correct-${flag.id}`;
  const whyNot = `${id}-why-not`;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={submit}
      aria-label={t('review.correctLabel', { field: label })}
    >
      <label htmlFor={id} className="flex flex-col gap-1 text-xs text-slate-400">
        {flag.suggested === null
          ? t('review.rightValue', { field: label })
          : t('review.rightValueSuggested', { field: label })}
        <input
          id={id}
          className={`${inputClass} w-44`}
          inputMode="numeric"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : whyNot}
        />
      </label>
      <button
        type="submit"
        className={smallButton}
        disabled={!valid || actions.correct.isPending}
        aria-describedby={valid ? undefined : whyNot}
      >
        {t('review.correct')}
      </button>
      {/* Why Correct is off: a silently disabled button left the reader guessing (issue 41). */}
      {!valid && (
        <p id={whyNot} className="basis-full text-xs text-rose-300">
          {t('review.correctNeedsNumber')}
        </p>
      )}
    </form>
  );
}

function ExcludeButton({
  flag,
  actions,
  disabled,
}: {
  flag: ReviewFlag;
  actions: ReviewActions;
  disabled: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const { t } = useT();
  if (!confirming) {
    return (
      <button type="button" className={smallDanger} disabled={disabled} onClick={() => setConfirming(true)}>
        {t('review.excludeRow')}
      </button>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-2 text-sm text-slate-300">
      {t('review.excludeConfirm', { name: flag.governorName, scan: flag.scanName })}
      <button
        type="button"
        className={smallDanger}
        disabled={disabled}
        onClick={() => actions.exclude.mutate({ scanId: flag.scanId, governorId: flag.governorId })}
      >
        {t('review.exclude')}
      </button>
      <button type="button" className={smallButton} onClick={() => setConfirming(false)}>
        {t('common.cancel')}
      </button>
    </span>
  );
}
