import type { MovementRow } from '@kingdom-stats/core/api';
import { useState } from 'react';
import { Link } from 'react-router';
import { Section } from '../../components/layout/Section.tsx';
import { Menu } from '../../components/overlay/Menu.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { DownloadIcon } from '../../components/table/DownloadIcon.tsx';
import { ExportHeadersOption } from '../../components/table/ExportHeadersOption.tsx';
import { TableFooter } from '../../components/table/TableFooter.tsx';
import { useClientPaging } from '../../components/table/useClientPaging.ts';
import { fullNumber, textOrDash, utcDateTime } from '../../format.ts';
import { translate, useT } from '../../i18n/i18n.ts';
import { exportMovements, type MovementTableKind } from './export.ts';

const seg = (value: string | number) => encodeURIComponent(String(value));

/** The governor page (issue 13 item 1), addressed like the other viewer screens. */
export function governorPath(kd: string, governorId: number, code: string): string {
  return `/${seg(kd)}/governor/${seg(governorId)}/${seg(code)}`;
}

/**
 * Why a governor is in the table (packages/core's movementWhy, which the exports keep in English), in the reader's
 * language.
 */
export function movementWhyText(row: Pick<MovementRow, 'reason' | 'otherKd'>, inactiveScans: number): string {
  const kd = row.otherKd === null ? null : String(row.otherKd);
  switch (row.reason) {
    case 'new':
      return translate('movements.why.new');
    case 'returned':
      return translate('movements.why.returned');
    case 'migrated_in':
      return kd === null
        ? translate('movements.why.migratedInUnknown')
        : translate('movements.why.migratedIn', { kd });
    case 'left':
      return translate('movements.why.left');
    case 'below_cutoff':
      return translate('movements.why.belowCutoff');
    case 'migrated_out':
      return kd === null
        ? translate('movements.why.migratedOutUnknown')
        : translate('movements.why.migratedOut', { kd });
    case 'inactive':
      return translate('movements.why.inactive', { n: inactiveScans, count: fullNumber(inactiveScans) });
  }
}

interface MovementTableProps {
  kind: MovementTableKind;
  title: string;
  description: string;
  empty: string;
  rows: readonly MovementRow[];
  kd: string;
  code: string;
  period: { start: number; end: number };
  inactiveScans: number;
  busy: boolean;
}

/**
 * One of the screen's three tables: a table on wider screens, one card per governor on a phone, both from the same
 * page of rows; the Export menu writes every row (CSV or Excel).
 */
export function MovementTable(props: MovementTableProps) {
  const { kind, title, description, empty, rows, kd, code, period, inactiveScans, busy } = props;
  const { t } = useT();
  const [exporting, setExporting] = useState(false);
  const paging = useClientPaging(rows);
  const nameLink = (row: MovementRow) => (
    <Link
      to={governorPath(kd, row.governorId, code)}
      className="font-medium text-sky-300 hover:text-sky-200 hover:underline"
    >
      {textOrDash(row.name)}
    </Link>
  );
  const columns: DataColumn<MovementRow>[] = [
    { id: 'name', header: 'Name', cell: nameLink, width: 200 },
    { id: 'id', header: 'ID', cell: (row) => String(row.governorId), align: 'right', width: 110 },
    { id: 'alliance', header: 'Alliance', cell: (row) => textOrDash(row.alliance), width: 100 },
    { id: 'home', header: 'Home KD', cell: (row) => textOrDash(row.homeKd), align: 'right', width: 90 },
    { id: 'power', header: 'Power', cell: (row) => fullNumber(row.power), align: 'right', width: 130 },
    { id: 'when', header: 'When', cell: (row) => utcDateTime(row.at), width: 190 },
    { id: 'why', header: 'Why', cell: (row) => movementWhyText(row, inactiveScans), width: 230 },
  ];

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      await exportMovements({ kd, kind, ...period, rows, inactiveScans }, format);
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
      id={`movements-${kind}`}
      title={t('movements.sectionTitle', { title, count: fullNumber(rows.length) })}
      description={description}
      actions={
        <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
          <ExportHeadersOption />
          <Menu
            label={exporting ? t('export.exporting') : t(`movements.${kind}.export`)}
            disabled={exporting || rows.length === 0}
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
      <div className="hidden sm:block">
        <DataTable
          caption={t('movements.caption', { title })}
          columns={columns}
          rows={paging.rows}
          rowKey={(row) => `${row.governorId}-${row.reason}`}
          minWidth={900}
          busy={busy}
          dense
          empty={empty}
        />
      </div>
      <ul className="space-y-2 sm:hidden" aria-label={title}>
        {rows.length === 0 && <li className="py-4 text-center text-sm text-slate-400">{empty}</li>}
        {paging.rows.map((row) => (
          <li
            key={`${row.governorId}-${row.reason}`}
            className="rounded-lg border border-slate-800 bg-slate-950/40 p-3 text-sm"
          >
            <div className="flex items-baseline justify-between gap-2">
              <span className="min-w-0 truncate">{nameLink(row)}</span>
              <span className="shrink-0 text-slate-300 tabular-nums">{fullNumber(row.power)}</span>
            </div>
            <div className="mt-1 text-slate-300">{movementWhyText(row, inactiveScans)}</div>
            <div className="mt-1 text-xs text-slate-400">
              {t('movements.card', {
                id: String(row.governorId),
                alliance: textOrDash(row.alliance),
                kd: textOrDash(row.homeKd),
                time: utcDateTime(row.at),
              })}
            </div>
          </li>
        ))}
      </ul>
      {rows.length > 10 && (
        <TableFooter
          page={paging.page}
          pageSize={paging.pageSize}
          total={rows.length}
          noun="governor"
          onPageChange={paging.setPage}
          onPageSizeChange={paging.setPageSize}
          label={t('table.pages', { title })}
        />
      )}
    </Section>
  );
}
