import { deathPoints, healPoints, killPoints, type SortEntry, totalPoints } from '@kingdom-stats/core';
import {
  AUTARCH_ROW_FIELDS,
  AUTARCH_SUMMARY_HEADERS,
  type AutarchResponse,
  type AutarchRow,
} from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import { ComputeCache } from '../../compute-cache.ts';
import type { Database } from '../../db/schema.ts';
import {
  fieldMetrics,
  isUnfiltered,
  type KingdomContext,
  loadViewerContext,
  pageOf,
  parseTableRequest,
  rankByPower,
  type Summaries,
  scansKey,
  selectRows,
  sortedRows,
  summariesFor,
  type TableData,
  type TableQuery,
} from '../dashboard/index.ts';
import { type AutarchStatRow, selectKingdomsWithAutarchScans, selectLatestAutarchStats } from './queries.ts';

/**
 * Autarch mode (SPEC §2, §3): the autarch event's own counters, from the kingdom's autarch scans. Each governor's
 * numbers are those of the latest autarch scan in which it appears (the counters start at zero with the event, so
 * a scan already holds event totals); Kill/Death/Heal/Total Points use SPEC's T4 × 1 + T5 × 5 weights.
 */

export const DEFAULT_AUTARCH_SORTS: readonly SortEntry[] = [
  { key: 'Total Points', direction: 'desc', priority: 1 },
];
const METRIC_HEADERS = AUTARCH_SUMMARY_HEADERS.slice(2);
const METRICS = fieldMetrics<AutarchRow>(METRIC_HEADERS);

interface AutarchData extends TableData<AutarchRow> {
  rows: AutarchRow[];
  availableKds: number[];
  summaries?: Summaries;
}

export class AutarchService {
  private readonly cache = new ComputeCache<AutarchData>(
    { maxEntries: 20, maxWeight: 300_000 },
    (data) => data.rows.length,
  );

  constructor(private readonly db: Kysely<Database>) {}

  async data(params: { kd: string; code: string }, query: TableQuery): Promise<AutarchResponse> {
    const request = parseTableRequest(query, AUTARCH_ROW_FIELDS, DEFAULT_AUTARCH_SORTS);
    const context = await loadViewerContext(this.db, params.kd, params.code);
    const data = await this.autarchData(context);
    const { selected, ordered } = selectRows(data, request);
    const summaries = summariesFor(data, selected, isUnfiltered(request), METRICS, context.campNames);
    return {
      playerData: pageOf(ordered, request.page, request.pageSize),
      totalPlayers: ordered.length,
      availableKDs: data.availableKds,
      ...summaries,
      lastUpdated: context.autarchScans.at(-1)?.takenAt ?? null,
    };
  }

  /** Computes (or finds) the autarch rows; idempotent. */
  async warm(input: { kd: string | number; code: string }): Promise<{ status: 'success'; rows: number }> {
    const context = await loadViewerContext(this.db, input.kd, input.code);
    const data = await this.autarchData(context);
    sortedRows(data, DEFAULT_AUTARCH_SORTS);
    return { status: 'success', rows: data.rows.length };
  }

  async availableKds(): Promise<{ kds: number[] }> {
    return { kds: await selectKingdomsWithAutarchScans(this.db) };
  }

  private autarchData(context: KingdomContext): Promise<AutarchData> {
    const ids = context.autarchScans.map((scan) => scan.id);
    const key = ['autarch', context.kingdom.kd, scansKey(context.autarchScans), context.campKey].join(':');
    return this.cache.get(key, async () => {
      const stats = ids.length === 0 ? [] : await selectLatestAutarchStats(this.db, context.kingdom.kd);
      const rows = stats.map((stat) => autarchRow(stat, context));
      const kds = [...new Set(rows.flatMap((row) => (row.KD === null ? [] : [row.KD])))];
      const byPower = rankByPower(rows);
      return {
        rows,
        byPower: () => byPower,
        availableKds: kds.sort((a, b) => a - b),
        sorted: new Map(),
      };
    });
  }
}

export function autarchRow(stat: AutarchStatRow, context: Pick<KingdomContext, 'campOf'>): AutarchRow {
  const n = (value: number | null) => (value === null ? null : Number(value));
  const kill = killPoints(n(stat.t4_kills), n(stat.t5_kills));
  const death = deathPoints(n(stat.t4_dead), n(stat.t5_dead));
  const heal = healPoints(n(stat.t4_healed), n(stat.t5_healed));
  const homeKd = n(stat.home_kd);
  return {
    'Gov ID': Number(stat.governor_id),
    Name: stat.name,
    Alliance: stat.alliance,
    Camp: context.campOf(homeKd) ?? null,
    KD: homeKd,
    Power: n(stat.power),
    'Kill Points': kill,
    'Death Points': death,
    'Heal Points': heal,
    'Total Points': totalPoints(kill, death, heal),
  };
}
