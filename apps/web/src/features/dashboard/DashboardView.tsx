import { campColorMap } from '@kingdom-stats/core';
import type { DashboardResponse, SettingsResponse } from '@kingdom-stats/core/api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import {
  ALL,
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
import { translate, useT } from '../../i18n/i18n.ts';
import { AddressNotice } from './AddressNotice.tsx';
import { addressProblems, isPeriodRefusal } from './address-problems.ts';
import { DashboardSections, initialTable } from './DashboardSections.tsx';
import { EmptyState } from './EmptyState.tsx';
import { AutarchView, DiploModal, FilterModal } from './lazy-parts.tsx';
import { type Mode, ModeSwitch } from './ModeSwitch.tsx';
import { type Period, PeriodHeader, samePeriod } from './PeriodHeader.tsx';
import type { PlayerTableState } from './PlayerTable.tsx';
import { modeOf, SUMMARY_PARAM, summaryAddressProblems } from './summary-address.ts';
import { kdChoices, loadingWhat, narrowCamps, narrowKds } from './table-choices.ts';
import { useAddressCheck } from './useAddressCheck.ts';
import { useAddressParams } from './useAddressParams.ts';
import { useDashboardAddress } from './useDashboardAddress.ts';
import { useDiploOpening } from './useDiploOpening.ts';
import { usePlayerExport } from './usePlayerExport.ts';
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
  return translate('dashboard.fetchFailed');
}

/** The main dashboard for one kingdom; shared by its own route and the demo route. */
export function DashboardView({ kd, code, banner }: DashboardViewProps) {
  const { t } = useT();
  const settings = useDashboardSettings(kd, code);
  const title = t('dashboard.title', { kd });
  if (settings.isPending) {
    return (
      <>
        <PageHeader title={title} />
        <Spinner label={t('dashboard.loading')} />
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
  const { t } = useT();
  // Autarch mode is in the address (summary-address.ts); the summary tables' sorts name the mode's columns, so a
  // switch drops them.
  const { params, setChoices } = useAddressParams();
  const mode = modeOf(params);
  const setMode = (next: Mode) =>
    setChoices({
      [SUMMARY_PARAM.mode]: next === 'autarch' ? next : null,
      [SUMMARY_PARAM.campSort]: null,
      [SUMMARY_PARAM.kingdomSort]: null,
    });
  // The period and the table's view live in the address. No period until one is applied (or the address names
  // one): the server then uses the kingdom's default dates itself, so the first call is the one the page's first
  // script and the route loader have already sent (dashboard-address.ts).
  const { query, applied, table, setTable, setApplied } = useDashboardAddress(defaults.defaultTopFilter);
  const [draft, setDraft] = useState<Period | null>(applied);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const diplo = useDiploOpening();
  const [updateError, setUpdateError] = useState<string | null>(null);

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
  // Back and Forward change the applied period: the selects follow it. An address that loses its period (Back, or a
  // wrong one taken out) leaves them to the answer's period, not to times no select offers.
  useEffect(() => {
    setDraft(applied);
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
  // A period, KD or camp in the address the kingdom cannot show: said, taken out of the address, default view.
  const scanTimes = useMemo(() => answer?.dates.map((date) => date.timestamp) ?? null, [answer]);
  const knownKds = useMemo(
    () => (answer && !allKds.isPending ? kdChoices(allKds.data?.kds, answer) : null),
    [allKds.data, allKds.isPending, answer],
  );
  const knownCamps = answer?.availableCamps ?? null;
  const periodRefused = data.isError && isPeriodRefusal(data.error);
  // The mode, and the summary tables' sorts while the normal tables show (AutarchView checks its own).
  const autarchOffered = answer ? answer.showAutarchSwitcher === true : null;
  const normalTables = answer && !(mode === 'autarch' && autarchOffered) ? answer : null;
  const campHeaders = normalTables?.campSummary.headers ?? null;
  const kingdomHeaders = normalTables?.kdSummary.headers ?? null;
  const addressCheck = useAddressCheck(
    useCallback(
      (search: string) => [
        ...addressProblems(search, { scanTimes, kds: knownKds, camps: knownCamps, periodRefused }),
        ...summaryAddressProblems(search, { autarch: autarchOffered, campHeaders, kingdomHeaders }),
      ],
      [scanTimes, knownKds, knownCamps, periodRefused, autarchOffered, campHeaders, kingdomHeaders],
    ),
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
      window.alert(t('period.startAfterEnd'));
      return;
    }
    setUpdateError(null);
    try {
      await updateTables.mutateAsync({ kd, code, start_date: draft.start, end_date: draft.end });
    } catch {
      setUpdateError(t('period.updateFailed'));
      return;
    }
    remember();
    setApplied({ ...draft });
  };

  const { exporting, exportPlayers } = usePlayerExport(kd, code, query, table);

  const showSwitch = answer?.showAutarchSwitcher === true;
  const header = (
    <PageHeader title={title} description={t('dashboard.description')}>
      {showSwitch && <ModeSwitch mode={mode} onChange={setMode} />}
    </PageHeader>
  );

  if (data.isPending) {
    return (
      <>
        {banner}
        {header}
        <Spinner label={t('dashboard.loading')} />
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
        <AddressNotice problems={addressCheck.problems} onDismiss={addressCheck.dismiss} />
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
          diploLoading={diplo.loading}
          onDiplo={diplo.start}
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
      <AddressNotice problems={addressCheck.problems} onDismiss={addressCheck.dismiss} />
      <LoadProblem
        what={loadingWhat(query, shownQuery)}
        failures={data.failureCount}
        fetching={data.isFetching}
        error={data.isError ? dashboardErrorMessage(data.error) : null}
        onRetry={() => void data.refetch()}
      />
      {noScans || emptyPeriod ? (
        <EmptyState noScans={noScans} />
      ) : (
        <DashboardSections
          answer={answer}
          table={table}
          shownQuery={shownQuery}
          kdOptions={kdOptions}
          campOptions={campOptions}
          campColors={campColors}
          defaults={defaults}
          busy={busy}
          exporting={exporting}
          hasActiveFilters={hasActiveFilters}
          change={change}
          onOpenFilters={() => setFiltersOpen(true)}
          onExport={() => void exportPlayers()}
        />
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
        open={diplo.open}
        onClose={diplo.close}
        overview={answer.diplomOverview}
        campColors={campColors}
      />
    </div>
  );
}
