import type { SortEntry } from '@kingdom-stats/core';
import {
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import { columnLabel } from '../../i18n/columns.ts';
import { useWideScreen } from '../layout/useWideScreen.ts';
import { SortIndicator } from './SortIndicator.tsx';

/** How a column looks and behaves; the cell renderer gets the original row. */
export interface DataColumn<T> {
  id: string;
  /** Header text, also the accessible name of the sort button. */
  header: string;
  /** Extra header content under or beside the text (a hint, a unit). */
  headerExtra?: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Column width in px (SPEC §9 gives some). */
  width?: number;
  sortable?: boolean;
  /** Drawn with an accent background (the DKP columns). */
  highlight?: boolean;
  /** Stays in view while the table scrolls sideways. */
  sticky?: boolean;
  /**
   * Moved to the table's right edge and kept there while it scrolls sideways: the columns people open the screen
   * for stay in view on a laptop without scrolling. Each one's offset is the measured width of the pinned columns
   * drawn after it: `width` (PINNED_WIDTH when not given) is a wish the browser's table layout may not grant.
   */
  pinEnd?: boolean;
  /**
   * Below 768 px, drawn right after the sticky first column: on a phone the table's score (DKP) is in view without
   * scrolling sideways, where pinning it would cover most of a 343 px table.
   */
  phoneLead?: boolean;
  /** A tooltip for the header. */
  title?: string;
}

type ColumnLook = Omit<DataColumn<Record<string, unknown>>, 'cell' | 'id' | 'header' | 'headerExtra'> & {
  label: string;
  /** For a pinned column: its place among the pinned columns, 0 for the leftmost. */
  pinIndex?: number;
};

/** The width asked for a pinned column whose definition gives none. */
export const PINNED_WIDTH = 120;

/**
 * The columns in drawing order: pinned ones last; on a phone (where nothing is pinned) the `phoneLead` ones right
 * after the sticky ones.
 */
function arrange<T>(
  columns: readonly DataColumn<T>[],
  wide: boolean,
): { column: DataColumn<T>; pinIndex?: number }[] {
  const pinned = columns.filter((column) => column.pinEnd);
  const rest = columns.filter((column) => !column.pinEnd);
  const ordered = wide
    ? rest
    : [
        ...rest.filter((column) => column.sticky),
        ...rest.filter((column) => !column.sticky && column.phoneLead),
        ...rest.filter((column) => !column.sticky && !column.phoneLead),
      ];
  return [
    ...ordered.map((column) => ({ column })),
    ...pinned.map((column, pinIndex) => ({
      column: { ...column, width: column.width ?? PINNED_WIDTH },
      pinIndex,
    })),
  ];
}

/**
 * A pinned column's offset from the table's right edge: the rendered widths of the pinned columns after it, which
 * the table sets as `--pin-end-<index>` once it has measured them (usePinnedOffsets). Applied from 768 px only: on a
 * phone's 343 px the pinned columns would cover most of the table, and a column scrolled into view would land under
 * them.
 */
function pinRight(pinIndex: number): CSSProperties {
  return { '--pin-right': `var(--pin-end-${pinIndex}, 0px)` } as CSSProperties;
}

/**
 * Measures the pinned header cells and sets each pinned column's offset on the table, again whenever one of them
 * changes width (another page of numbers, a language, a font loading). Assumed widths left a gap between DEAD and
 * DKP through which the scrolled columns' digits showed: the browser drew DKP 114 px wide where 120 was assumed
 * (issue 41). Set on the element, not in React state: the rows are not drawn again for it.
 */
function usePinnedOffsets(table: RefObject<HTMLTableElement | null>, pinnedCount: number, wide: boolean) {
  useLayoutEffect(() => {
    const element = table.current;
    if (!element || pinnedCount === 0 || !wide) return;
    const cells = Array.from(element.querySelectorAll<HTMLElement>('thead th[data-pinned="end"]'));
    const measure = () => {
      let right = 0;
      for (let index = cells.length - 1; index >= 0; index--) {
        element.style.setProperty(`--pin-end-${index}`, `${right}px`);
        right += cells[index]!.getBoundingClientRect().width;
      }
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    for (const cell of cells) observer.observe(cell);
    return () => observer.disconnect();
  }, [table, pinnedCount, wide]);
}

/**
 * The edge a pinned column draws between itself and the columns scrolling under it, with a shade over the column it
 * covers: a value cut at the edge ("+513.9" of "+513.9%") reads as going on underneath, not as the whole value.
 */
const PIN_EDGE: CSSProperties = {
  boxShadow: 'inset 1px 0 0 rgb(51 65 85), -10px 0 8px -6px rgb(2 6 23 / 0.9)',
};

export interface DataTableProps<T> {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  /** A short description for screen readers (the table's caption). */
  caption: string;
  sorts?: readonly SortEntry[];
  /** Called with the column id; `multi` is true for a shift-, ctrl- or cmd-click (add to the sort). */
  onSort?: (columnId: string, options: { multi: boolean }) => void;
  /** Show priority numbers when more than one column is sorted. */
  multiSort?: boolean;
  rowStyle?: (row: T, index: number) => CSSProperties | undefined;
  /** A colour per row: a stripe on the row's first cell and a light tint over the row (camp colours). */
  rowAccent?: (row: T, index: number) => string | undefined;
  rowProps?: (row: T, index: number) => Record<`data-${string}`, string | number | undefined>;
  /** Shown in one full-width row when there are no rows. */
  empty?: ReactNode;
  /** The table's min width in px, so narrow screens scroll sideways instead of squeezing columns. */
  minWidth?: number;
  /** Limit the height so the header stays visible while the body scrolls. */
  maxHeightClass?: string;
  /** Dims the rows while a new answer loads. */
  busy?: boolean;
  id?: string;
  /** Dense rows for the summary tables. */
  dense?: boolean;
}

const ALIGN = { left: 'text-start', right: 'text-end', center: 'text-center' } as const;
/**
 * Right-aligned columns are numbers: their cells line their digits up themselves, so a number needs no element of
 * its own (a page of the player table is some 340 elements fewer; docs/benchmarks.md, "Issue 16: one layout drawn").
 */
const CELL_ALIGN = { ...ALIGN, right: 'text-end tabular-nums' } as const;
const JUSTIFY = { left: 'justify-start', right: 'justify-end', center: 'justify-center' } as const;

/**
 * A read-only table: the caller owns sorting and paging (the server sorts the player table; the
 * summaries are sorted by the caller), this draws the header with sort buttons and indicators, sticky header and
 * first column, and scrolls sideways on narrow screens.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  sorts = [],
  onSort,
  multiSort = false,
  rowStyle,
  rowAccent,
  rowProps,
  empty,
  minWidth,
  maxHeightClass,
  busy = false,
  id,
  dense = false,
}: DataTableProps<T>) {
  // Drawn straight from the columns: a table library's row and cell objects (TanStack Table, used here until
  // 2026-11-26 for display columns only) cost the dashboard's first screen tens of ms of main-thread time per load
  // and 9 kB of gzipped script, for nothing this table does (the caller or the server sorts and pages;
  // docs/benchmarks.md, "Issue 16: first screen (session 6)").
  const wide = useWideScreen();
  const tableRef = useRef<HTMLTableElement>(null);
  const arranged = useMemo(
    () =>
      arrange(columns, wide).map(({ column, pinIndex }) => ({
        column,
        meta: {
          label: columnLabel(column.header),
          align: column.align,
          width: column.width,
          sortable: column.sortable,
          highlight: column.highlight,
          sticky: column.sticky,
          pinEnd: column.pinEnd,
          pinIndex,
          title: column.title,
        } satisfies ColumnLook,
      })),
    [columns, wide],
  );
  const pinnedCount = arranged.filter(({ meta }) => meta.pinIndex !== undefined).length;
  usePinnedOffsets(tableRef, pinnedCount, wide);

  const showPriority = multiSort && sorts.length > 1;
  const cellPadding = dense ? 'px-3 py-2' : 'px-3 py-2.5';

  return (
    <div
      id={id}
      className={`relative overflow-auto overscroll-x-contain rounded-lg border border-slate-800 bg-slate-900 ${maxHeightClass ?? ''}`}
      aria-busy={busy}
    >
      {busy && (
        <div aria-hidden="true" className="sticky top-0 start-0 z-30 -mb-0.5 h-0.5 w-full overflow-hidden">
          <div className="h-full w-full animate-pulse bg-sky-400" />
        </div>
      )}
      <table
        ref={tableRef}
        className="w-full border-separate border-spacing-0 text-sm"
        style={minWidth ? { minWidth: `${minWidth}px` } : undefined}
      >
        <caption className="sr-only">{caption}</caption>
        <colgroup>
          {arranged.map(({ column, meta }) => (
            <col key={column.id} style={meta.width ? { width: `${meta.width}px` } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {arranged.map(({ column, meta }) => {
              const align = meta.align ?? 'left';
              const sort = sorts.find((entry) => entry.key === column.id);
              const sortable = Boolean(meta.sortable && onSort);
              const ariaSort = sort ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
              const extra = column.headerExtra;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={sortable ? (ariaSort ?? 'none') : undefined}
                  title={meta.title}
                  data-column={column.header}
                  data-highlight={meta.highlight ? 'true' : undefined}
                  data-pinned={meta.pinEnd ? 'end' : undefined}
                  style={
                    meta.pinIndex !== undefined
                      ? { ...pinRight(meta.pinIndex), ...(meta.pinIndex === 0 ? PIN_EDGE : {}) }
                      : undefined
                  }
                  className={`sticky top-0 border-b border-slate-700 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-300 uppercase ${
                    meta.sticky ? 'start-0 z-20' : meta.pinEnd ? 'z-20 md:end-(--pin-right)' : 'z-10'
                  } ${meta.highlight ? 'bg-amber-950' : 'bg-slate-900'} ${ALIGN[align]} ${
                    sortable ? 'p-0' : cellPadding
                  }`}
                >
                  {sortable ? (
                    <button
                      type="button"
                      onClick={(event: MouseEvent) =>
                        onSort?.(column.id, {
                          multi: event.shiftKey || event.ctrlKey || event.metaKey,
                        })
                      }
                      className={`flex w-full items-center gap-1.5 ${cellPadding} ${JUSTIFY[align]} uppercase hover:text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-400 ${
                        meta.highlight ? 'text-amber-200' : ''
                      }`}
                    >
                      <span>{meta.label}</span>
                      {extra}
                      <SortIndicator
                        direction={sort?.direction}
                        priority={sort?.priority}
                        showPriority={showPriority}
                      />
                    </button>
                  ) : (
                    <span
                      className={`inline-flex items-center gap-1.5 ${meta.highlight ? 'text-amber-200' : ''}`}
                    >
                      {meta.label}
                      {extra}
                    </span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={busy ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          {rows.length === 0 && empty !== undefined ? (
            <tr>
              <td colSpan={columns.length} className="p-0 text-slate-400">
                {/* Kept in the visible part of a wide table: centred across 1,400 px it sat off-screen on phones. */}
                <div className="sticky start-0 w-[min(100%,calc(100vw-2rem))] px-4 py-10 text-center">
                  {empty}
                </div>
              </td>
            </tr>
          ) : (
            rows.map((row, index) => {
              const accent = rowAccent?.(row, index);
              const tint = accent ? `${accent}14` : undefined;
              return (
                <tr
                  key={rowKey(row, index)}
                  className="group"
                  style={{
                    ...(tint ? { backgroundColor: tint } : {}),
                    ...rowStyle?.(row, index),
                  }}
                  {...rowProps?.(row, index)}
                >
                  {arranged.map(({ column, meta }, cellIndex) => {
                    const accentStyle: CSSProperties | undefined =
                      accent && cellIndex === 0
                        ? {
                            boxShadow: `inset 3px 0 0 ${accent}`,
                            ...(meta.sticky ? { backgroundImage: `linear-gradient(${tint}, ${tint})` } : {}),
                          }
                        : undefined;
                    const pinStyle: CSSProperties | undefined =
                      meta.pinIndex !== undefined
                        ? { ...pinRight(meta.pinIndex), ...(meta.pinIndex === 0 ? PIN_EDGE : {}) }
                        : undefined;
                    return (
                      <td
                        key={column.id}
                        data-col={column.id}
                        style={pinStyle ?? accentStyle}
                        className={`border-b border-slate-800/80 ${cellPadding} whitespace-nowrap text-slate-200 ${
                          CELL_ALIGN[meta.align ?? 'left']
                        } ${
                          meta.sticky
                            ? 'sticky start-0 z-[5] bg-slate-900 group-hover:bg-slate-800'
                            : meta.pinEnd
                              ? `z-[5] md:sticky md:end-(--pin-right) ${meta.highlight ? '' : 'bg-slate-900 group-hover:bg-slate-800'}`
                              : 'group-hover:bg-slate-800/40'
                        } ${
                          meta.highlight
                            ? `${meta.pinEnd ? 'bg-[#1d2129]' : 'bg-amber-400/[0.06]'} font-semibold text-amber-100`
                            : ''
                        }`}
                      >
                        {column.cell(row, index)}
                      </td>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
