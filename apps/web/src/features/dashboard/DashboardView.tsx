import {
  campColorMap,
  cycleSort,
  DIPLO_LOADING_DELAY_MS,
  MAX_EXPORT_PAGE_SIZE,
  playerStatsFileName,
} from '@kingdom-stats/core';
import type { DashboardResponse, SettingsResponse } from '@kingdom-stats/core/api';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import {
  ALL,
  fetchDashboardData,
  firstPlayerQuery,
  type PlayerQuery,
  useAllKds,
  useDashboardData,
  useDashboardSettings,
  useUpdateTables,
} from '../../api/dashboard.ts';
import { InvalidLinkPanel, isInvalidLinkError } from '../../components/feedback/InvalidLink.tsx';
import { ErrorPanel } from '../../components/feedback/Panel.tsx';
import { LoadProblem } from '../../components/feedback/RetryStatus.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { PageHeader } from '../../components/layout/PageHeader.tsx';
import { RowMarks } from '../../components/table/FarmMark.tsx';
import { downloadBlob } from '../../export/download.ts';
import { playerSheet } from '../../export/sheets.ts';
import { buildXlsx } from '../../export/xlsx.ts';
import { kingdomLabel } from '../kingdom.ts';
import { CampPerformance } from './CampPerformance.tsx';
import { EmptyState } from './EmptyState.tsx';
import { FormulaStrip } from './FormulaStrip.tsx';
import { KingdomPerformance } from './KingdomPerformance.tsx';
import { AutarchView, DiploModal, FilterModal } from './lazy-parts.tsx';
import { type Mode, ModeSwitch } from './ModeSwitch.tsx';
import { type Period, PeriodHeader, samePeriod } from './PeriodHeader.tsx';
import { PlayerTable, type PlayerTableState } from './PlayerTable.tsx';
import { kdChoices, loadingWhat, narrowCamps, narrowKds } from './table-choices.ts';
import { useDashboardAddress } from './useDashboardAddress.ts';
import { useScrollKeeper } from './useScrollKeeper.ts';

interface DashboardViewProps {
  kd: string;
  code: string;
  /** Shown above the title on the demo route. */
  banner?: React.ReactNode;
}

/** SPEC §8: the server's `error` field, else the message, else a generic sentence. */
export function dashboardErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { error?: unknown } | undefined;
    if (body && typeof body.error === 'string' && body.error.trim() !== '') return body.error;
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return 'Failed to fetch dashboard data';
}

/** The main dashboard for one kingdom; shared by its own route and the demo route. */
export function DashboardView({ kd, code, banner }: DashboardViewProps) {
  const settings = useDashboardSettings(kd, code);
  const title = `Main dashboard — ${kingdomLabel(kd)}`;
  if (settings.isPending) {
    return (
      <>
        <PageHeader title={title} />
        <Spinner label="Loading dashboard..." />
      </>
    );
  }
  // Settings only give defaults: without them the dashboard opens on the server's own default period.
  const defaults: SettingsResponse = settings.data ?? {
    defaultTopFilter: null,
    defaultDates: { start: null, end: null },
  };
  return (
    <Dashboard key={`${kd}/${code}`} kd={kd} code={code} defaults={defaults} title={title} banner={banner} />
  );
}

function initialTable(defaults: SettingsResponse): PlayerTableState {
  const { start: _start, end: _end, ...table } = firstPlayerQuery(defaults.defaultTopFilter);
  return table;
}

function Dashboard({
  kd,
  code,
  defaults,
  title,
  banner,
}: {
  kd: string;
  code: string;
  defaults: SettingsResponse;
  title: string;
  banner?: React.ReactNode;
}) {
  const [mode, setMode] = useState<Mode>('normal');
  // The period and the table's view live in the address. No period until one is applied (or the address names
  // one): the server then uses the kingdom's default dates itself, so the first call is the one the page's first
  // script and the route loader have already sent (dashboard-address.ts).
  const { query, applied, table, setTable, setApplied } = useDashboardAddress(defaults.defaultTopFilter);
  const [draft, setDraft] = useState<Period | null>(applied);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [diploOpen, setDiploOpen] = useState(false);
  const [diploLoading, setDiploLoading] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [updateError, setUpdateError] = useState<string | null>(null);
  const diploTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(diploTimer.current), []);

  const data = useDashboardData(kd, code, query);
  const allKds = useAllKds(code);
  const updateTables = useUpdateTables();
  // The last answer that arrived, with the view it answered: a failed request keeps it on screen (issue 14), and
  // the pager and row numbers follow the rows shown, not the page still loading.
  const shown = useRef<{ answer: DashboardResponse; query: PlayerQuery } | null>(null);
  if (data.data && !data.isPlaceholderData) shown.current = { answer: data.data, query };
  const answer = data.data ?? shown.current?.answer;
  const shownQuery = data.data && !data.isPlaceholderData ? query : (shown.current?.query ?? query);
  const busy = data.isFetching;
  const remember = useScrollKeeper(busy, answer);

  // The answer names the period it used (the server's default when none was asked for).
  const current: Period | null = answer ? answer.selectedDates : null;
  useEffect(() => {
    if (current && draft === null) setDraft(current);
  }, [current, draft]);
  // Back and Forward change the applied period: the selects follow it.
  useEffect(() => {
    if (applied) setDraft(applied);
  }, [applied]);

  // A period change can leave the page past the end: go to the last page there is.
  useEffect(() => {
    if (!answer || data.isPlaceholderData) return;
    const pages = Math.max(1, Math.ceil(answer.totalPlayers / table.pageSize));
    if (table.page > pages) setTable((state) => ({ ...state, page: pages }), { replace: true });
  }, [answer, data.isPlaceholderData, table.page, table.pageSize, setTable]);

  const campColors = useMemo(
    () => campColorMap(answer ? [...answer.availableCamps, ...Object.keys(answer.kdSummary.campData)] : []),
    [answer],
  );
  const kdOptions = useMemo(
    () => narrowKds(kdChoices(allKds.data?.kds, answer), answer, table.camp, table.kd),
    [allKds.data, answer, table.camp, table.kd],
  );
  const campOptions = useMemo(
    () => narrowCamps(answer?.availableCamps ?? [], answer, table.kd, table.camp),
    [answer, table.kd, table.camp],
  );

  /** Changes what the player table shows, keeping the reader's place; `resetPage` per SPEC §4. */
  const change = (patch: Partial<PlayerTableState>, resetPage = true) => {
    remember();
    // A new search text replaces the address's entry: Back should not replay the typing.
    const typing = Object.keys(patch).length === 1 && 'search' in patch;
    setTable((state) => ({ ...state, ...patch, ...(resetPage ? { page: 1 } : {}) }), { replace: typing });
  };

  const hasActiveFilters =
    table.search !== '' ||
    table.kd !== ALL ||
    table.camp !== ALL ||
    table.filters.length > 0 ||
    table.top !== initialTable(defaults).top;

  const apply = async () => {
    if (!draft || !current) return;
    if (Number(draft.start) > Number(draft.end)) {
      window.alert('Start date cannot be later than end date');
      return;
    }
    setUpdateError(null);
    try {
      await updateTables.mutateAsync({ kd, code, start_date: draft.start, end_date: draft.end });
    } catch {
      setUpdateError('Failed to update tables');
      return;
    }
    remember();
    setApplied({ ...draft });
  };

  const openDiplo = () => {
    setDiploLoading(true);
    window.clearTimeout(diploTimer.current);
    diploTimer.current = window.setTimeout(() => {
      setDiploLoading(false);
      setDiploOpen(true);
    }, DIPLO_LOADING_DELAY_MS);
  };

  const exportPlayers = async () => {
    if (table.kd === ALL) {
      window.alert('Please select a specific KD to export data.');
      return;
    }
    setExporting(true);
    try {
      const full = await fetchDashboardData(kd, code, { ...query, page: 1, pageSize: MAX_EXPORT_PAGE_SIZE });
      if (full.playerData.length === 0) {
        window.alert('No data available to export');
        return;
      }
      const blob = await buildXlsx([playerSheet(full.playerData, full.reviewMarks, full.farmMarks)]);
      downloadBlob(
        blob,
        playerStatsFileName({
          kd: table.kd,
          start: Number(full.selectedDates.start),
          end: Number(full.selectedDates.end),
          camp: table.camp,
          top: table.top,
          search: table.search,
          sorted: table.sorts.length > 0,
        }),
      );
    } catch {
      window.alert('Failed to export data. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const showSwitch = answer?.showAutarchSwitcher === true;
  const header = (
    <PageHeader
      title={title}
      description="Player, camp and kingdom performance over a chosen scan period, scored with the kingdom's DKP formula."
    >
      {showSwitch && <ModeSwitch mode={mode} onChange={setMode} />}
    </PageHeader>
  );

  if (data.isPending) {
    return (
      <>
        {banner}
        {header}
        <Spinner label="Loading dashboard..." />
      </>
    );
  }
  if (data.isError && isInvalidLinkError(data.error)) {
    return (
      <>
        {banner}
        <PageHeader title={title} />
        <InvalidLinkPanel />
      </>
    );
  }
  if (data.isError && !answer) {
    return (
      <>
        {banner}
        {header}
        <ErrorPanel
          message={dashboardErrorMessage(data.error)}
          onRetry={() => void data.refetch()}
          retrying={data.isFetching}
        />
      </>
    );
  }
  if (!answer) return null;

  if (mode === 'autarch' && showSwitch) {
    return (
      <>
        {banner}
        {header}
        <AutarchView kd={kd} code={code} campColors={campColors} />
      </>
    );
  }

  const period = current ?? { start: '', end: '' };
  const noScans = answer.dates.length === 0;
  const emptyPeriod = answer.totalPlayers === 0 && !hasActiveFilters && answer.campSummary.data.length === 0;

  return (
    <div className="space-y-5">
      {banner}
      {header}
      {!noScans && (
        <PeriodHeader
          dates={answer.dates}
          draft={draft ?? period}
          applied={period}
          updating={updateTables.isPending || (busy && applied !== null && !samePeriod(applied, period))}
          onDraft={setDraft}
          onApply={() => void apply()}
          diploLoading={diploLoading}
          onDiplo={openDiplo}
        />
      )}
      {updateError && (
        <p
          role="alert"
          className="rounded-lg border border-rose-500/40 bg-rose-950/40 px-3 py-2 text-sm text-rose-100"
        >
          {updateError}
        </p>
      )}
      <LoadProblem
        what={loadingWhat(query, shownQuery)}
        failures={data.failureCount}
        fetching={data.isFetching}
        error={data.isError ? dashboardErrorMessage(data.error) : null}
        onRetry={() => void data.refetch()}
      />
      {noScans || emptyPeriod ? (
        <EmptyState />
      ) : (
        <>
          <FormulaStrip formulaString={answer.formulaString} />
          <nav aria-label="Sections" className="-mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a className="text-sky-300 hover:underline" href="#campPerformance">
              Camps
            </a>
            <a className="text-sky-300 hover:underline" href="#kingdomPerformance">
              Kingdoms
            </a>
            <a className="text-sky-300 hover:underline" href="#playerStats">
              Players
            </a>
          </nav>
          <CampPerformance
            id="campPerformance"
            title="Camp Wise Performance"
            summary={answer.campSummary}
            campColors={campColors}
            busy={busy}
          />
          <KingdomPerformance
            id="kingdomPerformance"
            title="Kingdom Wise Performance"
            summary={answer.kdSummary}
            campColors={campColors}
            busy={busy}
          />
          <RowMarks review={answer.reviewMarks} farms={answer.farmMarks}>
            <PlayerTable
              state={{ ...table, page: shownQuery.page, pageSize: shownQuery.pageSize }}
              rows={answer.playerData}
              total={answer.totalPlayers}
              kds={kdOptions}
              camps={campOptions}
              campColors={campColors}
              defaultTop={defaults.defaultTopFilter}
              busy={busy}
              exporting={exporting}
              hasActiveFilters={hasActiveFilters}
              onSort={(key, multi) => change({ sorts: cycleSort(table.sorts, key, { multi }) })}
              onCardSort={(sort) => change({ sorts: sort ? [{ ...sort, priority: 1 }] : [] })}
              onSearch={(search) => change({ search })}
              onKd={(value) => change({ kd: value })}
              onCamp={(value) => change({ camp: value })}
              onTop={(value) => change({ top: value })}
              onRemoveFilter={(index) => change({ filters: table.filters.filter((_, i) => i !== index) })}
              onOpenFilters={() => setFiltersOpen(true)}
              onClearFilters={() =>
                change({
                  search: '',
                  kd: ALL,
                  camp: ALL,
                  top: initialTable(defaults).top,
                  filters: [],
                })
              }
              onPage={(page) => change({ page }, false)}
              onPageSize={(pageSize) => change({ pageSize })}
              onExport={() => void exportPlayers()}
            />
          </RowMarks>
        </>
      )}
      <FilterModal
        open={filtersOpen}
        filters={table.filters}
        onClose={() => setFiltersOpen(false)}
        onApply={(filters) => {
          setFiltersOpen(false);
          change({ filters });
        }}
      />
      <DiploModal
        open={diploOpen}
        onClose={() => setDiploOpen(false)}
        overview={answer.diplomOverview}
        campColors={campColors}
      />
    </div>
  );
}
