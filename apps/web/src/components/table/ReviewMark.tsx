import { FIELD_LABELS, formatInteger, formatUtcMinute } from '@kingdom-stats/core';
import type { ReviewMark as Mark, ReviewMarks } from '@kingdom-stats/core/api';
import { createContext, useContext } from 'react';
import { columnLabel } from '../../i18n/columns.ts';
import { translate } from '../../i18n/i18n.ts';

/** The review marks of the rows a table shows (the data answer's `reviewMarks`, docs/data-review.md "Marks"). */
export const ReviewMarksContext = createContext<ReviewMarks | undefined>(undefined);

function fieldLabel(field: string): string {
  if (field === 'governor') return 'Governor ID';
  return FIELD_LABELS[field as keyof typeof FIELD_LABELS] ?? field;
}

/** The table column of a stored counter, where the tables have one ('dead' → 'Dead'). */
const COUNTER_COLUMNS: Readonly<Record<string, string>> = {
  kill_points: 'Kill Points Gained',
  t1_kills: 'T1 Kills',
  t2_kills: 'T2 Kills',
  t3_kills: 'T3 Kills',
  t4_kills: 'T4 Kills',
  t5_kills: 'T5 Kills',
  dead: 'Dead',
  healed: 'Healed',
  rss_gathered: 'Rss Gathered',
  rss_assistance: 'Rss Assistance',
  helps: 'Alliance Helps',
};

/** A counter's name in the reader's language: its column's name, else the checks' English label. */
function counterLabel(field: string): string {
  const column = COUNTER_COLUMNS[field];
  return column === undefined ? fieldLabel(field) : columnLabel(column);
}

/** Whether a mark says anything: a value under review, a correction, or a gain that went down. */
export function hasReviewMark(mark: Mark | undefined): mark is Mark {
  return (
    mark !== undefined &&
    (mark.underReview.length > 0 || mark.corrected.length > 0 || (mark.decreased?.length ?? 0) > 0)
  );
}

/**
 * What the mark's tooltip says: the gains that went down (shown unknown, issue 36), each value under review with its
 * reason, each correction with old → new.
 */
export function reviewMarkText(mark: Mark): string {
  const decreased = mark.decreased ?? [];
  return [
    ...(decreased.length > 0
      ? [translate('review.decreased', { fields: decreased.map(counterLabel).join(', ') })]
      : []),
    ...mark.underReview.map((u) => `Under review (${fieldLabel(u.field)}): ${u.reason}`),
    ...mark.corrected.map((c) =>
      c.field === 'row'
        ? `Corrected: the governor's row of the scan of ${formatUtcMinute(c.takenAt)} is left out`
        : `Corrected: ${fieldLabel(c.field)} in the scan of ${formatUtcMinute(c.takenAt)}, ${formatInteger(c.oldValue)} → ${formatInteger(c.newValue)}`,
    ),
  ].join('\n');
}

/**
 * A mark beside a governor's name when the row's gains rest on a value under review or went down (?: those gains
 * are unknown) or on a corrected one (✎). Its words are the image's label (screen readers) and its tooltip (hover),
 * as the partial-period mark's are.
 */
export function ReviewMark({ governorId }: { governorId: number }) {
  return <ReviewMarkOf mark={useContext(ReviewMarksContext)?.[String(governorId)]} />;
}

/** ReviewMark of a mark given (the governor page's periods, which have no table context). */
export function ReviewMarkOf({ mark }: { mark: Mark | undefined }) {
  if (!hasReviewMark(mark)) return null;
  const underReview = mark.underReview.length > 0 || (mark.decreased?.length ?? 0) > 0;
  const text = reviewMarkText(mark);
  return (
    <span
      role="img"
      aria-label={text}
      title={text}
      data-review-mark={underReview ? 'under-review' : 'corrected'}
      className={`inline-grid size-4 shrink-0 cursor-help place-items-center rounded-full text-[10px] font-bold ring-1 ${
        underReview
          ? 'bg-rose-400/15 text-rose-300 ring-rose-400/40'
          : 'bg-sky-400/15 text-sky-300 ring-sky-400/40'
      }`}
    >
      {underReview ? '?' : '✎'}
    </span>
  );
}
