import type { FarmMarks, FarmMark as Mark, ReviewMarks } from '@kingdom-stats/core/api';
import { createContext, type ReactNode, useContext } from 'react';
import { translate } from '../../i18n/i18n.ts';
import { MarkButton } from './MarkButton.tsx';
import { ReviewMarksContext } from './ReviewMark.tsx';

/** The farm marks of the rows a table shows (the data answer's `farmMarks`, docs/farms.md "Main dashboard"). */
export const FarmMarksContext = createContext<FarmMarks | undefined>(undefined);

/** The main's latest name, or its ID when no scan of the kingdom holds it. */
export function farmMainLabel(mark: Mark): string {
  return mark.mainName ?? translate('mark.mainId', { id: String(mark.mainId) });
}

/** What the chip's label and tooltip say: whose farm it is, with the main's ID (names repeat, IDs do not). */
export function farmMarkText(mark: Mark): string {
  return mark.mainName === null
    ? translate('mark.farmAccountById', { id: String(mark.mainId) })
    : translate('mark.farmAccount', { name: mark.mainName, id: String(mark.mainId) });
}

/**
 * A chip beside a governor's name, "Farm of <main>", when the kingdom shows farms apart and the row is a linked farm.
 * The chip's text can be cut short on a narrow cell; its name (screen readers), tooltip and popover (a tap) give the
 * whole of it.
 */
export function FarmMark({ governorId }: { governorId: number }) {
  const mark = useContext(FarmMarksContext)?.[String(governorId)];
  if (!mark) return null;
  const text = farmMarkText(mark);
  return (
    <MarkButton
      text={text}
      data={{ 'data-farm-mark': mark.mainId }}
      className="inline-flex max-w-[8rem] min-w-0 shrink-0 cursor-help items-center rounded-full bg-amber-400/10 px-1.5 py-px text-[10px] font-medium text-amber-200 ring-1 ring-amber-400/30"
    >
      <span className="truncate">{translate('mark.farmOf', { main: farmMainLabel(mark) })}</span>
    </MarkButton>
  );
}

/** Both kinds of marks of a dashboard answer, for the tables and cards below. */
export function RowMarks({
  review,
  farms,
  children,
}: {
  review: ReviewMarks | undefined;
  farms: FarmMarks | undefined;
  children: ReactNode;
}) {
  return (
    <ReviewMarksContext.Provider value={review}>
      <FarmMarksContext.Provider value={farms}>{children}</FarmMarksContext.Provider>
    </ReviewMarksContext.Provider>
  );
}
