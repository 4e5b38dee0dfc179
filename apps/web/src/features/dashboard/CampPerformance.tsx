import { campPerformanceFileName, cycleSort, sortRows } from '@kingdom-stats/core';
import type { CampSummary } from '@kingdom-stats/core/api';
import { useMemo, useState } from 'react';
import { Section } from '../../components/layout/Section.tsx';
import { Menu } from '../../components/overlay/Menu.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { DownloadIcon } from '../../components/table/DownloadIcon.tsx';
import { ExportHeadersOption } from '../../components/table/ExportHeadersOption.tsx';
import { TableFooter } from '../../components/table/TableFooter.tsx';
import { useClientPaging } from '../../components/table/useClientPaging.ts';
import { buildCsv } from '../../export/csv.ts';
import { downloadBlob } from '../../export/download.ts';
import { sheetForExport } from '../../export/header-language.ts';
import { CAMP_SHEET, summarySheet } from '../../export/sheets.ts';
import { buildXlsx } from '../../export/xlsx.ts';
import { useT } from '../../i18n/i18n.ts';
import { CAMP_HEADER, type SummaryRow, summaryColumns, summaryRows } from './summary.ts';
import { campSortsOf, SUMMARY_PARAM, sortParam } from './summary-address.ts';
import { campNameColumn, metricColumn } from './summary-columns.tsx';
import { useAddressParams } from './useAddressParams.ts';

interface CampPerformanceProps {
  id: string;
  title: string;
  summary: CampSummary;
  campColors: ReadonlyMap<string, string>;
  busy?: boolean;
  description?: string;
}

/**
 * Camp Wise Performance: one row per camp, sortable on any column (shift-click adds a column to the sort), bars
 * against each column's maximum, and the table as CSV or Excel.
 */
export function CampPerformance({ id, title, summary, campColors, busy, description }: CampPerformanceProps) {
  const { t } = useT();
  // The sorts are in the address (summary-address.ts): a shared link shows the table in the same order.
  const { params, setChoices } = useAddressParams();
  const sorts = useMemo(() => campSortsOf(params), [params]);
  const [exporting, setExporting] = useState(false);
  const infos = useMemo(() => summaryColumns(summary), [summary]);
  const rows = useMemo(() => sortRows(summaryRows(summary), sorts), [summary, sorts]);
  const paging = useClientPaging(rows);

  const columns = useMemo<DataColumn<SummaryRow>[]>(
    () =>
      infos.map((info) =>
        info.header.toUpperCase() === CAMP_HEADER
          ? campNameColumn(info.header, campColors)
          : metricColumn(info),
      ),
    [infos, campColors],
  );

  const exportAs = async (format: 'csv' | 'xlsx') => {
    if (summary.data.length === 0) {
      window.alert(t('export.noData'));
      return;
    }
    setExporting(true);
    try {
      const sheet = sheetForExport(
        summarySheet(CAMP_SHEET, {
          headers: summary.headers,
          rows: rows.map((row) => summary.headers.map((header) => row[header] as string | number | null)),
          numeric: infos.map((info) => info.numeric),
        }),
      );
      const blob = format === 'csv' ? await buildCsv(sheet) : await buildXlsx([sheet]);
      downloadBlob(blob, campPerformanceFileName(format, Date.now() / 1000));
    } catch (error) {
      window.alert(
        t('export.failedWithReason', { reason: error instanceof Error ? error.message : String(error) }),
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <Section
      id={id}
      title={title}
      description={description ?? t('camps.description')}
      actions={
        <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
          <ExportHeadersOption />
          <Menu
            label={exporting ? t('export.exporting') : t('camps.export')}
            disabled={exporting}
            trigger={
              <>
                <DownloadIcon />
                <span>{exporting ? t('export.exporting') : t('export.export')}</span>
              </>
            }
            items={[
              { label: t('export.asCsv'), onSelect: () => void exportAs('csv') },
              { label: t('export.asExcel'), onSelect: () => void exportAs('xlsx') },
            ]}
          />
        </div>
      }
    >
      <DataTable
        caption={t('camps.caption', { title })}
        columns={columns}
        rows={paging.rows}
        rowKey={(row) => String(row[summary.headers[0] ?? ''] ?? row.__index)}
        sorts={sorts}
        multiSort
        onSort={(key, { multi }) =>
          setChoices({ [SUMMARY_PARAM.campSort]: cycleSort(sorts, key, { multi }).map(sortParam) })
        }
        minWidth={800}
        busy={busy}
        dense
        empty={t('table.noData')}
      />
      {rows.length > 10 && (
        <TableFooter
          page={paging.page}
          pageSize={paging.pageSize}
          total={rows.length}
          noun="camp"
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
          label={t('table.pages', { title })}
        />
      )}
    </Section>
  );
}
