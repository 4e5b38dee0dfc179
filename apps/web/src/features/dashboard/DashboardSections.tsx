import { cycleSort } from '@kingdom-stats/core';
import type { DashboardResponse, SettingsResponse } from '@kingdom-stats/core/api';
import { ALL, firstPlayerQuery, type PlayerQuery } from '../../api/dashboard.ts';
import { RowMarks } from '../../components/table/FarmMark.tsx';
import { useT } from '../../i18n/i18n.ts';
import { CampPerformance } from './CampPerformance.tsx';
import { FormulaStrip } from './FormulaStrip.tsx';
import { KingdomPerformance } from './KingdomPerformance.tsx';
import { PlayerTable, type PlayerTableState } from './PlayerTable.tsx';

/** The player table's view as it opens: the kingdom's default Top filter, no search, filters or sort. */
export function initialTable(defaults: SettingsResponse): PlayerTableState {
  const { start: _start, end: _end, ...table } = firstPlayerQuery(defaults.defaultTopFilter);
  return table;
}

interface DashboardSectionsProps {
  answer: DashboardResponse;
  table: PlayerTableState;
  /** The view the rows on screen answer (the pager follows it, not the page still loading). */
  shownQuery: PlayerQuery;
  kdOptions: number[];
  campOptions: string[];
  campColors: ReadonlyMap<string, string>;
  defaults: SettingsResponse;
  busy: boolean;
  exporting: boolean;
  hasActiveFilters: boolean;
  /** Changes what the player table shows; `resetPage` per SPEC §4. */
  change: (patch: Partial<PlayerTableState>, resetPage?: boolean) => void;
  onOpenFilters: () => void;
  onExport: () => void;
}

/** The period's tables: the formula strip, links to the sections, camps, kingdoms and players. */
export function DashboardSections(props: DashboardSectionsProps) {
  const { answer, table, shownQuery, change, defaults } = props;
  const { t } = useT();
  return (
    <>
      <FormulaStrip formulaString={answer.formulaString} />
      <nav aria-label={t('dashboard.sections')} className="-mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a className="text-sky-300 hover:underline" href="#campPerformance">
          {t('dashboard.sections.camps')}
        </a>
        <a className="text-sky-300 hover:underline" href="#kingdomPerformance">
          {t('dashboard.sections.kingdoms')}
        </a>
        <a className="text-sky-300 hover:underline" href="#playerStats">
          {t('dashboard.sections.players')}
        </a>
      </nav>
      <CampPerformance
        id="campPerformance"
        title={t('camps.title')}
        summary={answer.campSummary}
        campColors={props.campColors}
        busy={props.busy}
      />
      <KingdomPerformance
        id="kingdomPerformance"
        title={t('kingdoms.title')}
        summary={answer.kdSummary}
        campColors={props.campColors}
        busy={props.busy}
      />
      <RowMarks review={answer.reviewMarks} farms={answer.farmMarks}>
        <PlayerTable
          state={{ ...table, page: shownQuery.page, pageSize: shownQuery.pageSize }}
          rows={answer.playerData}
          total={answer.totalPlayers}
          kds={props.kdOptions}
          camps={props.campOptions}
          campColors={props.campColors}
          defaultTop={defaults.defaultTopFilter}
          busy={props.busy}
          exporting={props.exporting}
          hasActiveFilters={props.hasActiveFilters}
          onSort={(key, multi) => change({ sorts: cycleSort(table.sorts, key, { multi }) })}
          onCardSort={(sort) => change({ sorts: sort ? [{ ...sort, priority: 1 }] : [] })}
          onSearch={(search) => change({ search })}
          onKd={(value) => change({ kd: value })}
          onCamp={(value) => change({ camp: value })}
          onTop={(value) => change({ top: value })}
          onRemoveFilter={(index) => change({ filters: table.filters.filter((_, i) => i !== index) })}
          onOpenFilters={props.onOpenFilters}
          onClearFilters={() =>
            change({ search: '', kd: ALL, camp: ALL, top: initialTable(defaults).top, filters: [] })
          }
          onPage={(page) => change({ page }, false)}
          onPageSize={(pageSize) => change({ pageSize })}
          onExport={props.onExport}
        />
      </RowMarks>
    </>
  );
}
