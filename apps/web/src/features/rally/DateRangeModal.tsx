import {
  addMonths,
  type CalendarDay,
  type CalendarMonth,
  calendarBounds,
  dayOf,
  dayParts,
  highlightedRange,
  initialMonth,
  isSelectable,
  isSelectionComplete,
  monthGrid,
  monthHasSelectableDays,
  pickDay,
  type RangeSelection,
} from '@kingdom-stats/core';
import { useState } from 'react';
import { iconButton, primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';
import { useT } from '../../i18n/i18n.ts';
import { fullDay, hintText, monthName, rangeText, weekdayHeaders } from './dates.ts';

interface DateRangeModalProps {
  open: boolean;
  /** The applied custom range, which the picker starts from. */
  initial: RangeSelection;
  onClose: () => void;
  onApply: (range: { start: CalendarDay; end: CalendarDay }) => void;
  /** Unix seconds; the calendar's today (UTC). */
  now?: number;
}

/** 'Select Date Range': the modal around the calendar. Its state starts afresh from `initial` each time it opens. */
export function DateRangeModal({ open, initial, onClose, onApply, now }: DateRangeModalProps) {
  return <>{open && <DateRangeDialog initial={initial} onClose={onClose} onApply={onApply} now={now} />}</>;
}

function DateRangeDialog({ initial, onClose, onApply, now }: Omit<DateRangeModalProps, 'open'>) {
  const { t, locale } = useT();
  const [today] = useState(() => now ?? Math.floor(Date.now() / 1000));
  const bounds = calendarBounds(today);
  const [selection, setSelection] = useState<RangeSelection>(initial);
  const [view, setView] = useState<CalendarMonth>(() => initialMonth(initial, today));
  const [hover, setHover] = useState<CalendarDay | null>(null);
  const complete = isSelectionComplete(selection);

  return (
    <Modal
      open
      onClose={onClose}
      title={t('rally.picker.title')}
      description={<span data-testid="range-label">{rangeText(selection, locale)}</span>}
      footer={
        <>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => {
              setSelection({ start: null, end: null });
              setHover(null);
            }}
          >
            {t('rally.clear')}
          </button>
          <button
            type="button"
            className={primaryButton}
            disabled={!complete}
            onClick={() => {
              if (isSelectionComplete(selection)) onApply({ start: selection.start, end: selection.end });
            }}
          >
            {t('rally.picker.apply')}
          </button>
        </>
      }
    >
      <p className="mb-3 text-sm text-sky-300" aria-live="polite" data-testid="range-hint">
        {hintText(selection)}
      </p>
      <MonthCalendar
        view={view}
        onView={setView}
        bounds={bounds}
        today={dayOf(today)}
        selection={selection}
        hover={hover}
        onHover={setHover}
        onPick={(day) => setSelection((current) => pickDay(current, day))}
      />
      <p className="mt-3 text-xs text-slate-500">
        {t('rally.picker.bounds', { range: rangeText({ start: bounds.min, end: bounds.max }, locale) })}
      </p>
    </Modal>
  );
}

interface MonthCalendarProps {
  view: CalendarMonth;
  onView: (view: CalendarMonth) => void;
  bounds: { min: CalendarDay; max: CalendarDay };
  today: CalendarDay;
  selection: RangeSelection;
  hover: CalendarDay | null;
  onHover: (day: CalendarDay | null) => void;
  onPick: (day: CalendarDay) => void;
}

function MonthCalendar({
  view,
  onView,
  bounds,
  today,
  selection,
  hover,
  onHover,
  onPick,
}: MonthCalendarProps) {
  const { t, locale } = useT();
  const previous = addMonths(view, -1);
  const next = addMonths(view, 1);
  const highlight = highlightedRange(selection, hover);
  const title = monthName(view, locale);

  return (
    <div className="mx-auto w-full max-w-sm">
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          className={iconButton}
          aria-label={t('rally.picker.previousMonth')}
          disabled={!monthHasSelectableDays(previous, bounds)}
          onClick={() => onView(previous)}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
            <path
              d="M10 3 5 8l5 5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              className="rtl:hidden"
            />
            <path
              d="m6 3 5 5-5 5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              className="ltr:hidden"
            />
          </svg>
        </button>
        <h3 className="text-base font-semibold text-white" aria-live="polite" data-testid="calendar-month">
          {title}
        </h3>
        <button
          type="button"
          className={iconButton}
          aria-label={t('rally.picker.nextMonth')}
          disabled={!monthHasSelectableDays(next, bounds)}
          onClick={() => onView(next)}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
            <path
              d="m6 3 5 5-5 5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              className="rtl:hidden"
            />
            <path
              d="M10 3 5 8l5 5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              className="ltr:hidden"
            />
          </svg>
        </button>
      </div>
      <table className="w-full table-fixed border-separate border-spacing-y-1 text-sm" aria-label={title}>
        <thead>
          <tr>
            {weekdayHeaders(locale).map((weekday) => (
              <th key={weekday} scope="col" className="pb-1 text-center text-xs font-medium text-slate-400">
                {weekday}
              </th>
            ))}
          </tr>
        </thead>
        <tbody onMouseLeave={() => onHover(null)}>
          {monthGrid(view).map((week) => (
            <tr key={week.find((d) => d !== null)}>
              {week.map((day, column) => {
                if (day === null) {
                  // biome-ignore lint/suspicious/noArrayIndexKey: empty cells are told apart by their column
                  return <td key={`empty-${column}`} />;
                }
                const selectable = isSelectable(day, bounds);
                const endpoint = day === selection.start || day === selection.end;
                const inRange = highlight !== null && day >= highlight.from && day <= highlight.to;
                const isToday = day === today;
                const rangeCell =
                  inRange && highlight
                    ? `bg-sky-500/20 ${day === highlight.from ? 'rounded-s-lg' : ''} ${day === highlight.to ? 'rounded-e-lg' : ''}`
                    : '';
                return (
                  <td key={day} className={`p-0 text-center ${rangeCell}`}>
                    <button
                      type="button"
                      disabled={!selectable}
                      aria-label={fullDay(day, locale)}
                      aria-pressed={endpoint}
                      aria-current={isToday ? 'date' : undefined}
                      data-in-range={inRange || undefined}
                      onClick={() => onPick(day)}
                      onMouseEnter={() => selectable && onHover(day)}
                      onFocus={() => selectable && onHover(day)}
                      className={[
                        'mx-auto grid size-9 place-items-center rounded-lg tabular-nums transition-colors',
                        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-400',
                        endpoint
                          ? 'bg-sky-500 font-semibold text-slate-950'
                          : selectable
                            ? 'text-slate-100 hover:bg-slate-700'
                            : 'cursor-not-allowed text-slate-600',
                        isToday && !endpoint ? 'ring-1 ring-sky-400 ring-inset' : '',
                        isToday && endpoint ? 'ring-2 ring-white ring-inset' : '',
                      ].join(' ')}
                    >
                      {dayParts(day).day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
