import { autarchFileName, campColor, cycleSort, type SortEntry } from '@kingdom-stats/core';
import type { AutarchRow } from '@kingdom-stats/core/api';
import { useCallback, useId, useMemo, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { ALL, type AutarchQuery, fetchAutarchData, useAutarchData } from '../../api/dashboard.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { secondaryButton, selectClass } from '../../components/controls/styles.ts';
import { ErrorPanel, Panel } from '../../components/feedback/Panel.tsx';
import { Spinner } from '../../components/feedback/Spinner.tsx';
import { Section } from '../../components/layout/Section.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { DownloadIcon } from '../../components/table/DownloadIcon.tsx';
import { ExportHeadersOption } from '../../components/table/ExportHeadersOption.tsx';
import { TableFooter } from '../../components/table/TableFooter.tsx';
import { useClientPaging } from '../../components/table/useClientPaging.ts';
import { downloadBlob } from '../../export/download.ts';
import { sheetForExport } from '../../export/header-language.ts';
import { autarchSheet } from '../../export/sheets.ts';
import { buildXlsx } from '../../export/xlsx.ts';
import { fullNumber, relativeTime, textOrDash, utcDateTime } from '../../format.ts';
import { translate, useT } from '../../i18n/i18n.ts';
import { GovernorLink } from '../governor/GovernorLink.tsx';
import { AddressNotice } from './AddressNotice.tsx';
import { CampPerformance } from './CampPerformance.tsx';
import { KingdomPerformance } from './KingdomPerformance.tsx';
import { TOP_CHOICES } from './PlayerTable.tsx';
import { SearchBox } from './SearchBox.tsx';
import { summaryRows } from './summary.ts';
import { summaryAddressProblems } from './summary-address.ts';
import { CampBadge, CampDot } from './summary-columns.tsx';
import { useAddressCheck } from './useAddressCheck.ts';
import { useScrollKeeper } from './useScrollKeeper.ts';

/** SPEC §8: detail, else error, else a generic sentence. */
export function autarchErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { detail?: unknown; error?: unknown } | undefined;
    for (const value of [body?.detail, body?.error]) {
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  return translate('autarch.fetchFailed');
}

const POINT_COLUMNS = [
  { field: 'Kill Points', color: 'text-cyan-300' },
  { field: 'Death Points', color: 'text-rose-300' },
  { field: 'Heal Points', color: 'text-emerald-300' },
  { field: 'Total Points', color: 'text-purple-300' },
] as const;

interface AutarchViewProps {
  kd: string;
  code: string;
  campColors: ReadonlyMap<string, string>;
}

/** Autarch mode: the autarch event's own camp, kingdom and player tables; loaded only while the mode is on. */
export function AutarchView({ kd, code, campColors }: AutarchViewProps) {
  const { t } = useT();
  const [query, setQuery] = useState<AutarchQuery>({ sorts: [], kd: ALL, search: '', top: ALL });
  const [campChip, setCampChip] = useState<string | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const data = useAutarchData(kd, code, query, true);
  const answer = data.data;
  const remember = useScrollKeeper(data.isFetching, answer);
  const rows = answer?.playerData ?? EMPTY_ROWS;
  const paging = useClientPaging(rows);
  const kdId = useId();
  const topId = useId();
  // The summary tables' sorts in the address name autarch columns here: checked against this answer's tables.
  const campHeaders = answer?.campSummary.headers ?? null;
  const kingdomHeaders = answer?.kdSummary.headers ?? null;
  const addressCheck = useAddressCheck(
    useCallback(
      (search: string) => summaryAddressProblems(search, { autarch: null, campHeaders, kingdomHeaders }),
      [campHeaders, kingdomHeaders],
    ),
  );

  const chips = useMemo(() => {
    if (!answer) return [];
    const counts = new Map<string, number>();
    for (const row of summaryRows(answer.kdSummary)) {
      if (row.__camp) counts.set(row.__camp, (counts.get(row.__camp) ?? 0) + 1);
    }
    return [...counts.entries()];
  }, [answer]);

  const columns = useMemo<DataColumn<AutarchRow>[]>(
    () => [
      {
        id: 'rank',
        header: '#',
        align: 'right',
        width: 48,
        cell: (_row, index) => (
          <span className="text-slate-500 tabular-nums">
            {(paging.page - 1) * paging.pageSize + index + 1}
          </span>
        ),
      },
      {
        id: 'Name',
        header: 'Name',
        sortable: true,
        sticky: true,
        cell: (row) => (
          <span className="flex max-w-[9.5rem] items-center gap-2 sm:max-w-[16rem]">
            <Avatar name={row.Name} size="sm" />
            <span className="truncate font-medium text-white">
              <GovernorLink governorId={row['Gov ID']}>{textOrDash(row.Name)}</GovernorLink>
            </span>
          </span>
        ),
      },
      {
        id: 'Gov ID',
        header: 'Gov ID',
        align: 'right',
        sortable: true,
        cell: (row) => <span className="text-slate-400 tabular-nums">{row['Gov ID']}</span>,
      },
      { id: 'Alliance', header: 'Alliance', sortable: true, cell: (row) => textOrDash(row.Alliance) },
      {
        id: 'Camp',
        header: 'Camp',
        sortable: true,
        cell: (row) =>
          row.Camp ? (
            <CampBadge camp={row.Camp} color={campColor(campColors, row.Camp)} full />
          ) : (
            textOrDash(null)
          ),
      },
      { id: 'KD', header: 'KD', align: 'right', sortable: true, cell: (row) => textOrDash(row.KD) },
      {
        id: 'Power',
        header: 'Power',
        align: 'right',
        sortable: true,
        title: translate('autarch.powerTitle'),
        cell: (row) => <span className="tabular-nums">{fullNumber(row.Power)}</span>,
      },
      ...POINT_COLUMNS.map(
        ({ field, color }): DataColumn<AutarchRow> => ({
          id: field,
          header: field,
          align: 'right',
          sortable: true,
          highlight: field === 'Total Points',
          cell: (row) => <span className={`tabular-nums ${color}`}>{fullNumber(row[field])}</span>,
        }),
      ),
    ],
    [paging.page, paging.pageSize, campColors],
  );

  const change = (patch: Partial<AutarchQuery>) => {
    remember();
    paging.setPage(1);
    setQuery((current) => ({ ...current, ...patch }));
  };

  const exportRows = async () => {
    setExporting(true);
    try {
      const full = await fetchAutarchData(kd, code, query);
      if (full.playerData.length === 0) {
        window.alert(t('export.noDataAvailable'));
        return;
      }
      const blob = await buildXlsx([sheetForExport(autarchSheet(full.playerData))]);
      downloadBlob(
        blob,
        autarchFileName({
          kd: query.kd === ALL ? kd : query.kd,
          nowSeconds: Date.now() / 1000,
          top: query.top,
          search: query.search,
          sorted: query.sorts.length > 0,
        }),
      );
    } catch {
      window.alert(t('export.failed'));
    } finally {
      setExporting(false);
    }
  };

  if (data.isPending) return <Spinner label={t('autarch.loading')} />;
  if (data.isError && !answer) {
    return (
      <ErrorPanel
        message={autarchErrorMessage(data.error)}
        onRetry={() => void data.refetch()}
        retrying={data.isFetching}
      />
    );
  }
  if (!answer) return null;
  const filtered = query.search !== '' || query.kd !== ALL || query.top !== ALL;
  if (answer.totalPlayers === 0 && !filtered) {
    return (
      <Panel title={t('autarch.title')}>
        <p>{t('autarch.noData')}</p>
      </Panel>
    );
  }

  return (
    <div className="space-y-5">
      <AddressNotice problems={addressCheck.problems} onDismiss={addressCheck.dismiss} />
      <p className="text-sm text-slate-400" data-testid="autarch-updated">
        {answer.lastUpdated === null
          ? t('autarch.neverUpdated')
          : t('autarch.lastUpdated', {
              ago: relativeTime(answer.lastUpdated),
              time: utcDateTime(answer.lastUpdated),
            })}
      </p>
      <CampPerformance
        id="autarchCampPerformance"
        title={t('autarch.camps.title')}
        description={t('autarch.camps.description')}
        summary={answer.campSummary}
        campColors={campColors}
        busy={data.isFetching}
      />
      <KingdomPerformance
        id="autarchKingdomPerformance"
        title={t('autarch.kingdoms.title')}
        description={t('autarch.kingdoms.description')}
        summary={answer.kdSummary}
        campColors={campColors}
        busy={data.isFetching}
        campFilter={campChip}
        toolbar={
          <fieldset className="mb-3">
            <legend className="sr-only">{t('autarch.showCamp')}</legend>
            <div className="flex flex-wrap gap-2">
              <ChipButton pressed={campChip === undefined} onClick={() => setCampChip(undefined)}>
                {t('autarch.allCamps', {
                  count: fullNumber(chips.reduce((sum, [, count]) => sum + count, 0)),
                })}
              </ChipButton>
              {chips.map(([camp, count]) => (
                <ChipButton key={camp} pressed={campChip === camp} onClick={() => setCampChip(camp)}>
                  <CampDot color={campColors.get(camp) ?? '#94a3b8'} />
                  {t('autarch.campChip', { camp, count: fullNumber(count) })}
                </ChipButton>
              ))}
            </div>
          </fieldset>
        }
      />
      <Section
        id="autarchDetailedStats"
        title={t('autarch.players.title')}
        description={t('autarch.players.description')}
        actions={
          <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
            <ExportHeadersOption />
            <button
              type="button"
              className={secondaryButton}
              onClick={() => void exportRows()}
              disabled={exporting || answer.totalPlayers === 0}
              aria-label={exporting ? t('export.exporting') : t('autarch.export')}
            >
              <DownloadIcon />
              {exporting ? t('export.exporting') : t('export.export')}
            </button>
          </div>
        }
      >
        <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex sm:w-80">
            <SearchBox
              value={query.search}
              onSearch={(search) => change({ search })}
              label={t('autarch.search')}
              placeholder={t('search.placeholder')}
            />
          </div>
          <div className="grid grid-cols-2 gap-2 sm:flex">
            <div className="flex flex-col gap-1">
              <label htmlFor={kdId} className="text-xs font-medium text-slate-400">
                {t('column.kd')}
              </label>
              <select
                id={kdId}
                className={`${selectClass} sm:w-32`}
                value={query.kd}
                onChange={(event) => change({ kd: event.target.value })}
              >
                <option value="all">{t('players.allKds')}</option>
                {answer.availableKDs.map((value) => (
                  <option key={value} value={String(value)}>
                    {value}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={topId} className="text-xs font-medium text-slate-400">
                {t('players.topByPower')}
              </label>
              <select
                id={topId}
                className={`${selectClass} sm:w-32`}
                value={query.top}
                onChange={(event) => change({ top: event.target.value })}
              >
                <option value="all">{t('players.everyone')}</option>
                {TOP_CHOICES.map((top) => (
                  <option key={top} value={String(top)}>
                    {t('players.top', { top: String(top) })}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        <DataTable
          id="autarchTable"
          caption={t('autarch.caption')}
          columns={columns}
          rows={paging.rows}
          rowKey={(row) => String(row['Gov ID'])}
          sorts={query.sorts}
          multiSort
          onSort={(key, { multi }) =>
            change({ sorts: cycleSort(query.sorts, key, { multi }) as SortEntry[] })
          }
          busy={data.isFetching}
          maxHeightClass="max-h-[75vh]"
          minWidth={1100}
          empty={t('autarch.noMatch')}
        />
        {answer.totalPlayers > rows.length && (
          <p className="mt-2 text-xs text-slate-400" data-testid="autarch-truncated">
            {t('autarch.truncated', {
              shown: fullNumber(rows.length),
              total: answer.totalPlayers,
              count: fullNumber(answer.totalPlayers),
            })}
          </p>
        )}
        <TableFooter
          page={paging.page}
          pageSize={paging.pageSize}
          total={rows.length}
          noun="governor"
          onPageChange={(page) => {
            remember();
            paging.setPage(page);
          }}
          onPageSizeChange={paging.setPageSize}
          label={t('autarch.pages')}
        />
      </Section>
    </div>
  );
}

const EMPTY_ROWS: AutarchRow[] = [];

function ChipButton({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400 ${
        pressed
          ? 'border-sky-400 bg-sky-500/20 text-sky-100'
          : 'border-slate-700 bg-slate-900 text-slate-300 hover:border-slate-500'
      }`}
    >
      {children}
    </button>
  );
}
