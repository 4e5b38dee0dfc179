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
  MONTH_NAMES,
  monthGrid,
  monthHasSelectableDays,
  monthTitle,
  pickDay,
  type RangeSelection,
  rangeLabel,
  selectionHint,
  WEEKDAY_HEADERS,
} from '@kingdom-stats/core';
import { useState } from 'react';
import { iconButton, primaryButton, secondaryButton } from '../../components/controls/styles.ts';
import { Modal } from '../../components/overlay/Modal.tsx';

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
      title="Select Date Range"
      description={<span data-testid="range-label">{rangeLabel(selection)}</span>}
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
            Clear
          </button>
          <button
            type="button"
            className={primaryButton}
            disabled={!complete}
            onClick={() => {
              if (isSelectionComplete(selection)) onApply({ start: selection.start, end: selection.end });
            }}
          >
            Apply Range
          </button>
        </>
      }
    >
      <p className="mb-3 text-sm text-sky-300" aria-live="polite" data-testid="range-hint">
        {selectionHint(selection)}
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
        Days are UTC, the game's clock. You can pick from {rangeLabel({ start: bounds.min, end: bounds.max })}
        .
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

function fullDate(day: CalendarDay): string {
  const parts = dayParts(day);
  return `${MONTH_NAMES[parts.month - 1]} ${parts.day}, ${parts.year}`;
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
  const previous = addMonths(view, -1);
  const next = addMonths(view, 1);
  const highlight = highlightedRange(selection, hover);
  const title = monthTitle(view);

  return (
    <div className="mx-auto w-full max-w-sm">
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          className={iconButton}
          aria-label="Previous month"
          disabled={!monthHasSelectableDays(previous, bounds)}
          onClick={() => onView(previous)}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
            <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </button>
        <h3 className="text-base font-semibold text-white" aria-live="polite" data-testid="calendar-month">
          {title}
        </h3>
        <button
          type="button"
          className={iconButton}
          aria-label="Next month"
          disabled={!monthHasSelectableDays(next, bounds)}
          onClick={() => onView(next)}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
            <path d="m6 3 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </button>
      </div>
      <table className="w-full table-fixed border-separate border-spacing-y-1 text-sm" aria-label={title}>
        <thead>
          <tr>
            {WEEKDAY_HEADERS.map((weekday) => (
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
                    ? `bg-sky-500/20 ${day === highlight.from ? 'rounded-l-lg' : ''} ${day === highlight.to ? 'rounded-r-lg' : ''}`
                    : '';
                return (
                  <td key={day} className={`p-0 text-center ${rangeCell}`}>
                    <button
                      type="button"
                      disabled={!selectable}
                      aria-label={fullDate(day)}
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
