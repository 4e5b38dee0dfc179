import { MAX_EXPORT_PAGE_SIZE, playerStatsFileName } from '@kingdom-stats/core';
import { useState } from 'react';
import { ALL, fetchDashboardData, type PlayerQuery } from '../../api/dashboard.ts';
import { downloadBlob } from '../../export/download.ts';
import { sheetForExport } from '../../export/header-language.ts';
import { playerSheet } from '../../export/sheets.ts';
import { buildXlsx } from '../../export/xlsx.ts';
import { translate } from '../../i18n/i18n.ts';
import type { PlayerTableState } from './PlayerTable.tsx';

/**
 * The player table's Excel export (SPEC §7): every row the table selects, one KD at a time, with SPEC's alerts. The
 * sheet keeps its English column names unless the reader asked for the screen's language (ExportHeadersOption).
 */
export function usePlayerExport(kd: string, code: string, query: PlayerQuery, table: PlayerTableState) {
  const [exporting, setExporting] = useState(false);
  const exportPlayers = async () => {
    if (table.kd === ALL) {
      window.alert(translate('export.chooseKd'));
      return;
    }
    setExporting(true);
    try {
      const full = await fetchDashboardData(kd, code, { ...query, page: 1, pageSize: MAX_EXPORT_PAGE_SIZE });
      if (full.playerData.length === 0) {
        window.alert(translate('export.noDataAvailable'));
        return;
      }
      const blob = await buildXlsx([
        sheetForExport(playerSheet(full.playerData, full.reviewMarks, full.farmMarks)),
      ]);
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
      window.alert(translate('export.failed'));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportPlayers };
}
