import type { ColumnFilter, SortDirection, SortEntry } from '@kingdom-stats/core';
import type { PlayerRow } from '@kingdom-stats/core/api';
import { useId, useMemo } from 'react';
import { ghostButton, secondaryButton, selectClass } from '../../components/controls/styles.ts';
import { Section } from '../../components/layout/Section.tsx';
import { useTapScreen } from '../../components/layout/useWideScreen.ts';
import { CardSort } from '../../components/table/CardSort.tsx';
import { DataTable } from '../../components/table/DataTable.tsx';
import { DownloadIcon } from '../../components/table/DownloadIcon.tsx';
import { ExportHeadersOption } from '../../components/table/ExportHeadersOption.tsx';
import { PhoneLayoutSwitch, usePhoneLayout } from '../../components/table/PhoneLayout.tsx';
import { TableFooter } from '../../components/table/TableFooter.tsx';
import { columnLabel } from '../../i18n/columns.ts';
import { type MessageId, useT } from '../../i18n/i18n.ts';
import { CompareBar } from '../compare/CompareToggle.tsx';
import { OPERATOR_SYMBOLS } from './filter-operators.ts';
import { PlayerCards } from './PlayerCards.tsx';
import { playerColumns, presentDynamicFields } from './player-columns.tsx';
import { SearchBox } from './SearchBox.tsx';

export const TOP_CHOICES = [100, 200, 300, 500, 1000] as const;

/** What the cards can be sorted by on a phone: the numbers a card shows, and the name. */
const CARD_SORTS: readonly (readonly [string, MessageId])[] = [
  ['DKP', 'column.dkp'],
  ['Dead', 'column.dead'],
  ['KP (T4+T5)', 'card.sortKills'],
  ['Power', 'column.power'],
  ['Power Change', 'column.powerChange'],
  ['Name', 'column.name'],
];

export interface PlayerTableState {
  page: number;
  pageSize: number;
  sorts: SortEntry[];
  kd: string;
  camp: string;
  search: string;
  top: string;
  filters: ColumnFilter[];
}

interface PlayerTableProps {
  state: PlayerTableState;
  rows: readonly PlayerRow[];
  total: number;
  kds: readonly number[];
  camps: readonly string[];
  campColors: ReadonlyMap<string, string>;
  /** The kingdom's default top-N, offered even when it is not a standard choice. */
  defaultTop: number | null;
  busy: boolean;
  exporting: boolean;
  hasActiveFilters: boolean;
  onSort: (key: string, multi: boolean) => void;
  /** The phone's sort control: one field and direction, or none for the server's order (power). */
  onCardSort: (sort: { key: string; direction: SortDirection } | null) => void;
  onSearch: (search: string) => void;
  onKd: (kd: string) => void;
  onCamp: (camp: string) => void;
  onTop: (top: string) => void;
  onRemoveFilter: (index: number) => void;
  onOpenFilters: () => void;
  onClearFilters: () => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onExport: () => void;
}

function Labelled({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-400">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** Player stats: the governors of the period, searched, filtered, sorted and paged by the server. */
export function PlayerTable(props: PlayerTableProps) {
  const { t } = useT();
  const { state, rows, total, kds, camps, campColors, busy, exporting } = props;
  const dynamic = useMemo(() => presentDynamicFields(rows), [rows]);
  const [layout, setLayout] = usePhoneLayout();
  const tapScreen = useTapScreen();
  const offset = (state.page - 1) * state.pageSize;
  const columns = useMemo(() => playerColumns(campColors, offset, dynamic), [campColors, offset, dynamic]);
  const topChoices = useMemo(() => {
    const choices = new Set<number>(TOP_CHOICES);
    if (props.defaultTop && props.defaultTop > 0) choices.add(props.defaultTop);
    const current = Number.parseInt(state.top, 10);
    if (Number.isInteger(current) && current > 0) choices.add(current);
    return [...choices].sort((a, b) => a - b);
  }, [props.defaultTop, state.top]);

  return (
    <Section id="playerStats" title={t('players.title')} description={t('players.description')}>
      <div className="mb-3 flex flex-col gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Labelled label={t('search.label')}>
            {() => (
              <div className="flex sm:w-80">
                <SearchBox
                  value={state.search}
                  onSearch={props.onSearch}
                  label={t('search.governors')}
                  placeholder={t('search.placeholder')}
                />
              </div>
            )}
          </Labelled>
          <div className="grid grid-cols-3 gap-2 sm:flex">
            <Labelled label={t('column.kd')}>
              {(id) => (
                <select
                  id={id}
                  className={`${selectClass} w-full sm:w-32`}
                  value={state.kd}
                  onChange={(event) => props.onKd(event.target.value)}
                >
                  <option value="all">{t('players.allKds')}</option>
                  {kds.map((kd) => (
                    <option key={kd} value={String(kd)}>
                      {kd}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            <Labelled label={t('column.camp')}>
              {(id) => (
                <select
                  id={id}
                  className={`${selectClass} w-full sm:w-40`}
                  value={state.camp}
                  onChange={(event) => props.onCamp(event.target.value)}
                >
                  <option value="all">{t('players.allCamps')}</option>
                  {camps.map((camp) => (
                    <option key={camp} value={camp}>
                      {camp}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            <Labelled label={t('players.topByPower')}>
              {(id) => (
                <select
                  id={id}
                  className={`${selectClass} w-full sm:w-32`}
                  value={state.top}
                  onChange={(event) => props.onTop(event.target.value)}
                >
                  <option value="all">{t('players.everyone')}</option>
                  {topChoices.map((top) => (
                    <option key={top} value={String(top)}>
                      {t('players.top', { top: String(top) })}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:ms-auto">
            <button
              type="button"
              className={secondaryButton}
              onClick={props.onOpenFilters}
              aria-haspopup="dialog"
              aria-label={
                state.filters.length > 0
                  ? t('players.filtersActive', { count: state.filters.length })
                  : t('players.filters')
              }
            >
              <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4">
                <path
                  d="M2 3.5h12M4.5 8h7M7 12.5h2"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinecap="round"
                />
              </svg>
              {t('players.filters')}
              {state.filters.length > 0 && (
                <span className="rounded-full bg-sky-500 px-1.5 text-xs font-semibold text-slate-950">
                  {state.filters.length}
                </span>
              )}
            </button>
            <button
              type="button"
              className={ghostButton}
              onClick={props.onClearFilters}
              disabled={!props.hasActiveFilters}
            >
              {t('players.clearFilters')}
            </button>
            <button
              type="button"
              className={secondaryButton}
              onClick={props.onExport}
              disabled={exporting || total === 0}
              aria-label={exporting ? t('export.exporting') : t('players.exportExcel')}
            >
              <DownloadIcon />
              {exporting ? t('export.exporting') : t('export.export')}
            </button>
            <ExportHeadersOption />
          </div>
        </div>
        {state.filters.length > 0 && (
          <ul aria-label={t('players.activeFilters')} className="flex flex-wrap gap-2">
            {state.filters.map((filter, index) => (
              <li
                key={`${filter.column}-${filter.operator}-${filter.value}`}
                className="inline-flex items-center gap-1 rounded-full border border-sky-500/40 bg-sky-500/10 py-0.5 ps-2.5 pe-1 text-xs text-sky-100"
              >
                <span>
                  {t('players.filterText', {
                    column: columnLabel(filter.column),
                    operator:
                      filter.operator === 'contains'
                        ? t('filter.op.contains')
                        : OPERATOR_SYMBOLS[filter.operator],
                    value: filter.value,
                  })}
                </span>
                <button
                  type="button"
                  aria-label={t('players.removeFilter', {
                    column: columnLabel(filter.column),
                    operator:
                      filter.operator === 'contains'
                        ? t('filter.op.contains')
                        : OPERATOR_SYMBOLS[filter.operator],
                    value: filter.value,
                  })}
                  onClick={() => props.onRemoveFilter(index)}
                  className="grid size-5 place-items-center rounded-full hover:bg-sky-500/20 focus-visible:outline-2 focus-visible:outline-sky-400"
                >
                  <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3">
                    <path d="m4 4 8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="mb-3 flex flex-col gap-2 md:hidden">
        <PhoneLayoutSwitch layout={layout} onChange={setLayout} />
        {layout === 'cards' && (
          <CardSort
            options={CARD_SORTS.map(([key, label]) => [key, t(label)] as const)}
            sort={state.sorts[0] ?? null}
            unsortedLabel={t('card.sortDefault')}
            onSort={props.onCardSort}
          />
        )}
      </div>
      {layout === 'cards' && (
        <PlayerCards
          rows={rows}
          offset={offset}
          campColors={campColors}
          busy={busy}
          empty={t('players.noMatch')}
        />
      )}
      {layout === 'table' && (
        <DataTable
          id="playerTable"
          caption={t('players.caption')}
          columns={columns}
          rows={rows}
          rowKey={(row) => String(row['Gov ID'])}
          rowProps={(row) => ({ 'data-gov-id': row['Gov ID'] })}
          sorts={state.sorts}
          multiSort
          onSort={(key, { multi }) => props.onSort(key, multi)}
          busy={busy}
          maxHeightClass="max-h-[75vh]"
          minWidth={1400}
          empty={t('players.noMatch')}
        />
      )}
      {/* Always drawn, so the page keeps its height when a page without partial rows comes in. */}
      <p className="mt-2 flex items-center gap-2 text-xs text-slate-400" data-testid="partial-legend">
        <span
          aria-hidden="true"
          className="inline-grid size-4 place-items-center rounded-full bg-amber-400/15 text-[10px] font-bold text-amber-300 ring-1 ring-amber-400/40"
        >
          P
        </span>
        {t(tapScreen ? 'players.partialLegendTouch' : 'players.partialLegend')}
      </p>
      <TableFooter
        page={state.page}
        pageSize={state.pageSize}
        total={total}
        noun="governor"
        onPageChange={props.onPage}
        onPageSizeChange={props.onPageSize}
        label={t('players.pages')}
      />
      <CompareBar />
    </Section>
  );
}
