import { FIELD_LABELS, formatInteger, formatUtcMinute } from '@kingdom-stats/core';
import type { ReviewMark as Mark, ReviewMarks } from '@kingdom-stats/core/api';
import { createContext, useContext } from 'react';
import { fullNumber } from '../../format.ts';
import { type MessageId, translate } from '../../i18n/i18n.ts';

/** The review marks of the rows a table shows (the data answer's `reviewMarks`, docs/data-review.md "Marks"). */
export const ReviewMarksContext = createContext<ReviewMarks | undefined>(undefined);

function fieldLabel(field: string): string {
  if (field === 'governor') return 'Governor ID';
  return FIELD_LABELS[field as keyof typeof FIELD_LABELS] ?? field;
}

/** The checked fields' names on screen, in the reader's language (the reasons themselves are the server's English). */
const FIELD_MESSAGES: Readonly<Record<string, MessageId>> = {
  governor: 'column.govId',
  power: 'column.power',
  kill_points: 'column.killPoints',
  t1_kills: 'column.t1Kills',
  t2_kills: 'column.t2Kills',
  t3_kills: 'column.t3Kills',
  t4_kills: 'column.t4Kills',
  t5_kills: 'column.t5Kills',
  dead: 'column.dead',
  t4_dead: 'mark.field.t4Dead',
  t5_dead: 'mark.field.t5Dead',
  healed: 'column.healed',
  t4_healed: 'mark.field.t4Healed',
  t5_healed: 'mark.field.t5Healed',
  rss_gathered: 'column.rssGathered',
  rss_assistance: 'column.rssAssistance',
  helps: 'column.allianceHelps',
};

export function shownFieldLabel(field: string): string {
  const id = FIELD_MESSAGES[field];
  return id ? translate(id) : fieldLabel(field);
}

/** Whether a mark says anything: a value under review, a correction, or a gain that went down. */
export function hasReviewMark(mark: Mark | undefined): mark is Mark {
  return (
    mark !== undefined &&
    (mark.underReview.length > 0 || mark.corrected.length > 0 || (mark.decreased?.length ?? 0) > 0)
  );
}

/**
 * The mark's tooltip and label on screen, in the reader's language: the gains that went down (shown unknown, issue
 * 36), each value under review with its reason, each correction with old → new.
 */
export function reviewMarkTooltip(mark: Mark): string {
  const decreased = mark.decreased ?? [];
  return [
    ...(decreased.length > 0
      ? [translate('review.decreased', { fields: decreased.map(shownFieldLabel).join(', ') })]
      : []),
    ...mark.underReview.map((u) =>
      translate('mark.underReview', { field: shownFieldLabel(u.field), reason: u.reason }),
    ),
    ...mark.corrected.map((c) =>
      c.field === 'row'
        ? translate('mark.correctedRow', { time: formatUtcMinute(c.takenAt) })
        : c.field === 'swap'
          ? translate('mark.correctedSwap', { time: formatUtcMinute(c.takenAt) })
          : translate('mark.corrected', {
              field: shownFieldLabel(c.field),
              time: formatUtcMinute(c.takenAt),
              before: fullNumber(c.oldValue),
              after: fullNumber(c.newValue),
            }),
    ),
  ].join('\n');
}

/** The same in English, for the exports' review column (sheets and bots read the exports in English). */
export function reviewMarkText(mark: Mark): string {
  const decreased = mark.decreased ?? [];
  return [
    ...(decreased.length > 0
      ? [
          `${decreased.map(fieldLabel).join(', ')} went down over the period, which the game never does: ` +
            'a misread at one end. Shown as unknown (?) until a value is corrected.',
        ]
      : []),
    ...mark.underReview.map((u) => `Under review (${fieldLabel(u.field)}): ${u.reason}`),
    ...mark.corrected.map((c) =>
      c.field === 'row'
        ? `Corrected: the governor's row of the scan of ${formatUtcMinute(c.takenAt)} is left out`
        : c.field === 'swap'
          ? `Corrected: this row and another governor's were swapped back in the scan of ${formatUtcMinute(c.takenAt)}`
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
  const text = reviewMarkTooltip(mark);
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
