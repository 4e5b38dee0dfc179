import { type SortEntry, searchPredicate, toggleDescFirst } from '@kingdom-stats/core';
import type { DkpRow, DkpRowField } from '@kingdom-stats/core/api';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Avatar } from '../../components/Avatar.tsx';
import { inputClass, secondaryButton } from '../../components/controls/styles.ts';
import { CardSort } from '../../components/table/CardSort.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { ExportHeadersOption } from '../../components/table/ExportHeadersOption.tsx';
import { PhoneLayoutSwitch, usePhoneLayout } from '../../components/table/PhoneLayout.tsx';
import { ReviewMark } from '../../components/table/ReviewMark.tsx';
import { TableFooter } from '../../components/table/TableFooter.tsx';
import { fullNumber } from '../../format.ts';
import { type MessageId, translate, useT } from '../../i18n/i18n.ts';
import { GovernorLink } from '../governor/GovernorLink.tsx';
import { DEFAULT_DKP_SORT, type DkpView } from './address.ts';
import { DkpCards } from './DkpCards.tsx';
import { farmOfText, formatPercent, formatSigned, REACHED_COLORS, reachedBand } from './format.ts';
import { sortDkpRows } from './sort-rows.ts';

/** A cell that throws (an unexpected value) shows 'Error' instead of taking the table down (SPEC §2). */
export function safeRender(render: () => ReactNode): ReactNode {
  try {
    return render();
  } catch {
    return (
      <span className="text-red-300" data-cell-error="true">
        {translate('kvkDkp.error')}
      </span>
    );
  }
}

function num(value: number | null | undefined): string {
  if (value !== null && value !== undefined && typeof value !== 'number') throw new Error('not a number');
  return fullNumber(value);
}

/**
 * A percentage with its coloured bar; throws on a value that is not a finite number. Called as a function inside
 * safeRender, never as <PercentBar />: a component throws while React renders it, after safeRender has returned,
 * and that took the whole page down (issue 14).
 */
export function percentBar(value: unknown, testId?: string): ReactNode {
  if (value === null || value === undefined) return <span className="text-slate-500">-</span>;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error('not a number');
  const band = reachedBand(value);
  const color = REACHED_COLORS[band];
  return (
    <div className="flex min-w-24 flex-col gap-1" data-band={band} data-testid={testId}>
      <span className="font-medium tabular-nums" style={{ color }}>
        {formatPercent(value)}
      </span>
      <span aria-hidden="true" className="block h-1.5 w-full overflow-hidden rounded-full bg-slate-800">
        <span
          className="block h-full rounded-full"
          style={{ width: `${Math.max(0, Math.min(100, value))}%`, backgroundColor: color }}
        />
      </span>
    </div>
  );
}

const NUMERIC_RIGHT = 'right' as const;

function columnFor(
  field: DkpRowField,
  rankOf: ReadonlyMap<unknown, number>,
  nameOf: ReadonlyMap<number, string>,
): DataColumn<DkpRow> | null {
  switch (field) {
    case 'Governor ID':
    case 'power':
      return null;
    case 'Name':
      return {
        id: 'Name',
        header: 'Governor',
        sortable: true,
        sticky: true,
        width: 250,
        cell: (row) =>
          safeRender(() => (
            <div className="flex min-w-0 items-center gap-2.5">
              <span
                className="w-7 shrink-0 text-end text-xs text-slate-400 tabular-nums"
                title={translate('kvkDkp.place')}
              >
                {rankOf.get(row['Governor ID']) ?? '-'}
              </span>
              <Avatar name={row.Name} size="sm" />
              <div className="min-w-0">
                <div className="max-w-40 truncate font-medium text-white">
                  <GovernorLink governorId={row['Governor ID']}>{row.Name}</GovernorLink>
                </div>
                <div className="flex items-center gap-1 text-xs text-slate-400 tabular-nums">
                  {row['Governor ID']}
                  {row['Farm Of'] !== undefined && ` · ${farmOfText(row, nameOf)}`}
                  <ReviewMark governorId={row['Governor ID']} />
                </div>
              </div>
            </div>
          )),
      };
    case 'Alliance':
      return {
        id: field,
        header: 'Alliance',
        sortable: true,
        cell: (row) => safeRender(() => row.Alliance ?? '-'),
      };
    case 'Reached':
    case 'Dead %':
    case 'KP %':
      return {
        id: field,
        header: field,
        sortable: true,
        width: 130,
        cell: (row) => safeRender(() => percentBar(row[field], field === 'Reached' ? 'reached' : undefined)),
      };
    case 'Power Change':
      return {
        id: field,
        header: field,
        sortable: true,
        align: NUMERIC_RIGHT,
        cell: (row) =>
          safeRender(() => {
            const value = row[field];
            if (value !== null && typeof value !== 'number') throw new Error('not a number');
            const tone = value === null || value === 0 ? '' : value > 0 ? 'text-emerald-300' : 'text-red-300';
            return <span className={`tabular-nums ${tone}`}>{formatSigned(value)}</span>;
          }),
      };
    case 'HOH Status':
      return {
        id: field,
        header: field,
        sortable: true,
        cell: (row) =>
          safeRender(() => {
            const status = row[field];
            if (status === null) return <span className="text-slate-500">-</span>;
            return (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                  status === 'Recorded'
                    ? 'bg-emerald-500/15 text-emerald-200'
                    : 'bg-amber-500/15 text-amber-200'
                }`}
              >
                {status === 'Recorded' ? translate('kvkDkp.hoh.recorded') : translate('kvkDkp.hoh.missing')}
              </span>
            );
          }),
      };
    default:
      return {
        id: field,
        header: field,
        sortable: true,
        align: NUMERIC_RIGHT,
        highlight: field === 'DKP Score',
        cell: (row) =>
          safeRender(() => <span className="tabular-nums">{num(row[field] as number | null)}</span>),
      };
  }
}

interface DkpTableProps {
  rows: readonly DkpRow[];
  activeColumns: readonly DkpRowField[];
  busy: boolean;
  /** Search, sort and page: the page's address keeps them (address.ts). */
  view: Pick<DkpView, 'search' | 'sort' | 'page' | 'pageSize'>;
  onView: (patch: Partial<DkpView>, options?: { replace?: boolean }) => void;
  onExport: (rows: DkpRow[], search: string) => Promise<void>;
}

/** Which dead column is pinned: the first the table has. */
const DEAD_COLUMNS: readonly DkpRowField[] = ['Dead %', 'Deads (T4+T5)', 'All Deads'];

/** The phone's sort choices: what a card shows, named in the reader's language. */
const CARD_SORTS: readonly (readonly [DkpRowField, MessageId])[] = [
  ['DKP Score', 'column.dkpScore'],
  ['Reached', 'column.reached'],
  ['Dead %', 'column.deadPercent'],
  ['KP %', 'column.kpPercent'],
  ['Current Power', 'column.power'],
  ['T4+T5 KP', 'card.sortKills'],
  ['All Deads', 'column.dead'],
  ['Deads (T4+T5)', 'column.deadsT4T5'],
  ['Name', 'column.name'],
];

/** SPEC §2's KvK player table: DKP Score descending, 20 a page, search by name, id or alliance, 'Error' cells. */
export function DkpTable({ rows, activeColumns, busy, view, onView, onExport }: DkpTableProps) {
  const { t } = useT();
  const { search, page, pageSize } = view;
  const [layout, setLayout] = usePhoneLayout();
  // The box shows what is typed at once; the address (and so the search) follows a moment later.
  const [typed, setTyped] = useState(search);
  useEffect(() => setTyped(search), [search]);
  // A sort the address names that this formula has no column for (a shared link, an edited address) is ignored.
  const sort = activeColumns.includes(view.sort.key as DkpRowField) ? view.sort : DEFAULT_DKP_SORT;
  const setPage = (next: number) => onView({ page: next });
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const searchId = useId();

  // A governor's place by DKP Score (the server's order), whatever the table is sorted by.
  // Farms shown apart (docs/farms.md) come after the mains and take no place.
  const rankOf = useMemo(
    () =>
      new Map(
        rows.filter((row) => row['Farm Of'] === undefined).map((row, i) => [row['Governor ID'], i + 1]),
      ),
    [rows],
  );
  // Farms are named after their main, whose row is in the answer too (mains come first).
  const nameOf = useMemo(() => new Map(rows.map((row) => [row['Governor ID'], row.Name])), [rows]);

  const columns = useMemo(() => {
    // The dead column the formula scores is pinned to the right edge, so on a laptop it is in view beside the DKP
    // columns at the front without scrolling sideways.
    const pinned = DEAD_COLUMNS.find((field) => activeColumns.includes(field));
    const list: DataColumn<DkpRow>[] = [];
    for (const field of activeColumns) {
      const column = columnFor(field, rankOf, nameOf);
      if (column)
        list.push(field === pinned ? { ...column, pinEnd: true, width: column.width ?? 130 } : column);
    }
    return list;
  }, [activeColumns, rankOf, nameOf]);

  const filtered = useMemo(() => {
    const matches = searchPredicate(search);
    return rows.filter((row) =>
      matches({ govId: row['Governor ID'], name: row.Name, alliance: row.Alliance }),
    );
  }, [rows, search]);
  const sorts: SortEntry[] = [{ key: sort.key, direction: sort.direction, priority: 1 }];
  const sorted = useMemo(() => sortDkpRows(filtered, sort), [filtered, sort]);
  const pageCount = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, pageCount);
  const visible = sorted.slice((current - 1) * pageSize, current * pageSize);

  const runExport = async () => {
    if (sorted.length === 0) {
      window.alert(t('export.noData'));
      return;
    }
    setExporting(true);
    setExportError(null);
    try {
      await onExport(sorted, search);
    } catch (error) {
      setExportError(
        t('export.failedWithReason', { reason: error instanceof Error ? error.message : String(error) }),
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <label htmlFor={searchId} className="sr-only">
            {t('kvkDkp.searchLabel')}
          </label>
          <input
            id={searchId}
            type="search"
            className={`${inputClass} w-full ps-9`}
            placeholder={t('kvkDkp.searchPlaceholder')}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              onView({ search: event.target.value, page: 1 }, { replace: true });
            }}
          />
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
          >
            <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="m10.5 10.5 3 3" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:justify-end">
          <ExportHeadersOption />
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void runExport()}
            disabled={exporting || sorted.length === 0}
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
              <path
                d="M8 2v8m-3.5-3L8 10.5 11.5 7M3 13h10"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
              />
            </svg>
            {exporting ? t('export.exporting') : t('kvkDkp.exportExcel')}
          </button>
        </div>
      </div>
      {exportError && (
        <p
          role="alert"
          className="rounded-lg border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-200"
        >
          {exportError}
        </p>
      )}
      <div className="flex flex-col gap-2 md:hidden">
        <PhoneLayoutSwitch layout={layout} onChange={setLayout} />
        {layout === 'cards' && (
          <CardSort
            options={CARD_SORTS.filter(([key]) => activeColumns.includes(key)).map(
              ([key, label]) => [key, t(label)] as const,
            )}
            sort={sort}
            onSort={(next) => onView({ sort: next ?? DEFAULT_DKP_SORT, page: 1 })}
          />
        )}
      </div>
      {layout === 'cards' && (
        <DkpCards
          rows={visible}
          activeColumns={activeColumns}
          rankOf={rankOf}
          nameOf={nameOf}
          busy={busy}
          empty={search.trim() === '' ? t('table.noData') : t('kvkDkp.noMatch')}
        />
      )}
      {layout === 'table' && (
        <DataTable
          id="dkp-table"
          caption={t('kvkDkp.caption')}
          columns={columns}
          rows={visible}
          rowKey={(row) => String(row['Governor ID'])}
          sorts={sorts}
          onSort={(key) => onView({ sort: toggleDescFirst(sort, key), page: 1 })}
          busy={busy}
          minWidth={900}
          empty={search.trim() === '' ? t('table.noData') : t('kvkDkp.noMatch')}
        />
      )}
      <TableFooter
        page={current}
        pageSize={pageSize}
        total={sorted.length}
        noun="governor"
        onPageChange={setPage}
        onPageSizeChange={(size) => onView({ pageSize: size, page: 1 })}
        label={t('kvkDkp.pages')}
      />
    </div>
  );
}
