import { campColor, sortRows, toggleDescFirst } from '@kingdom-stats/core';
import type { KdSummary } from '@kingdom-stats/core/api';
import { type ReactNode, useMemo } from 'react';
import { Switch } from '../../components/controls/Switch.tsx';
import { Section } from '../../components/layout/Section.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { TableFooter } from '../../components/table/TableFooter.tsx';
import { useClientPaging } from '../../components/table/useClientPaging.ts';
import { useT } from '../../i18n/i18n.ts';
import { CAMP_HEADER, KD_HEADER, type SummaryRow, summaryColumns, summaryRows } from './summary.ts';
import {
  type KingdomSort,
  keepTogetherOf,
  kingdomSortOf,
  SUMMARY_PARAM,
  sortParam,
} from './summary-address.ts';
import { CampBadge, CampDot, metricColumn } from './summary-columns.tsx';
import { useAddressParams } from './useAddressParams.ts';

interface KingdomPerformanceProps {
  id: string;
  title: string;
  summary: KdSummary;
  campColors: ReadonlyMap<string, string>;
  busy?: boolean;
  /** Extra controls above the table (the autarch camp chips). */
  toolbar?: ReactNode;
  /** Only these camps' rows (autarch chips); all when undefined. */
  campFilter?: string | undefined;
  description?: string;
}

/**
 * The default sort: SPEC reads both "last column descending" and "second column descending"; we take the last
 * column (DKP on the main dashboard, Total Points in autarch mode), biggest first (docs/decisions.md).
 */
export function defaultKingdomSort(headers: readonly string[]): KingdomSort | null {
  const last = headers[headers.length - 1];
  return last && last.toUpperCase() !== CAMP_HEADER ? { key: last, direction: 'desc' } : null;
}

/**
 * Orders kingdom rows. With camps kept together, camps stay in their own order (sorted by name, as their colours
 * are) and the sort applies inside each camp; otherwise all kingdoms are ranked as one list.
 */
export function orderKingdomRows(
  rows: readonly SummaryRow[],
  sort: KingdomSort | null,
  keepTogether: boolean,
) {
  const sorted = sort ? sortRows(rows, [{ ...sort, priority: 1 }]) : [...rows];
  if (!keepTogether) return sorted;
  const campOrder: (string | null)[] = [];
  for (const row of rows) if (!campOrder.includes(row.__camp)) campOrder.push(row.__camp);
  return campOrder.flatMap((camp) => sorted.filter((row) => row.__camp === camp));
}

/** Kingdom Wise Performance: one row per home kd, coloured by camp. */
export function KingdomPerformance({
  id,
  title,
  summary,
  campColors,
  busy,
  toolbar,
  campFilter,
  description,
}: KingdomPerformanceProps) {
  const { t } = useT();
  // The sort and the camps kept together are in the address (summary-address.ts), the default sort when absent.
  const { params, setChoices } = useAddressParams();
  const keepTogether = keepTogetherOf(params);
  const setKeepTogether = (on: boolean) => setChoices({ [SUMMARY_PARAM.together]: on ? null : 'off' });
  const asked = kingdomSortOf(params);
  const sort = asked && summary.headers.includes(asked.key) ? asked : defaultKingdomSort(summary.headers);
  const infos = useMemo(() => summaryColumns(summary), [summary]);
  const allRows = useMemo(() => summaryRows(summary), [summary]);
  const visible = useMemo(
    () => (campFilter === undefined ? allRows : allRows.filter((row) => row.__camp === campFilter)),
    [allRows, campFilter],
  );
  const rows = useMemo(() => orderKingdomRows(visible, sort, keepTogether), [visible, sort, keepTogether]);
  const paging = useClientPaging(rows);
  const camps = useMemo(
    () => [...new Set(allRows.map((row) => row.__camp).filter(Boolean))] as string[],
    [allRows],
  );

  const columns = useMemo<DataColumn<SummaryRow>[]>(() => {
    const result: DataColumn<SummaryRow>[] = [];
    for (const info of infos) {
      if (info.header.toUpperCase() === CAMP_HEADER) continue;
      if (info.header === KD_HEADER) {
        result.push({
          id: info.header,
          header: info.header,
          width: 90,
          sortable: true,
          sticky: true,
          cell: (row) => (
            <span className="flex items-center gap-1.5 font-semibold text-white tabular-nums">
              <span>{row[KD_HEADER] === null ? '-' : String(row[KD_HEADER])}</span>
              {row.__camp && <CampBadge camp={row.__camp} color={campColor(campColors, row.__camp)} />}
            </span>
          ),
        });
        continue;
      }
      result.push(metricColumn(info));
    }
    return result;
  }, [infos, campColors]);

  return (
    <Section
      id={id}
      title={title}
      description={description ?? t('kingdoms.description')}
      actions={
        <Switch checked={keepTogether} onChange={setKeepTogether} label={t('kingdoms.keepCampsTogether')} />
      }
    >
      {toolbar}
      {camps.length > 0 && !toolbar && (
        <ul
          aria-label={t('kingdoms.campColours')}
          className="mb-3 flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-slate-300"
        >
          {camps.map((camp) => (
            <li key={camp} className="flex items-center gap-1.5">
              <CampDot color={campColor(campColors, camp)} />
              <span>{camp}</span>
            </li>
          ))}
        </ul>
      )}
      <DataTable
        caption={t('kingdoms.caption', { title })}
        columns={columns}
        rows={paging.rows}
        rowKey={(row) => `${row.__camp ?? ''}-${String(row[KD_HEADER])}-${row.__index}`}
        sorts={sort ? [{ ...sort, priority: 1 }] : []}
        onSort={(key) => setChoices({ [SUMMARY_PARAM.kingdomSort]: sortParam(toggleDescFirst(sort, key)) })}
        rowAccent={(row) => campColor(campColors, row.__camp)}
        rowProps={(row) => ({ 'data-camp': row.__camp ?? '' })}
        minWidth={90 + 120 * (columns.length - 1)}
        busy={busy}
        dense
        empty={t('kingdoms.noData')}
      />
      {rows.length > 10 && (
        <TableFooter
          page={paging.page}
          pageSize={paging.pageSize}
          total={rows.length}
          noun="kingdom"
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
          label={t('table.pages', { title })}
        />
      )}
    </Section>
  );
}
