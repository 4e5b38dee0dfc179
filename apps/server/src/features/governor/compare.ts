import type { ComparedGovernor, GovernorCompareResponse, GovernorScan } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { requireViewerAccess } from '../kingdoms/access.ts';
import { selectSeasons } from '../kvk/season.ts';
import { type ScanInfo, selectKingdomScans } from '../scans/kingdom-scans.ts';
import { scansInRuns, selectGovernorRows, selectPresenceRuns } from './queries.ts';

/**
 * Compare (docs/governor.md "Compare"): a few governors' scans for one chart, each read as the governor page reads
 * its governor (presence runs, then one primary-key read of governor_stats), so a line here is the page's line.
 */
export async function compareGovernors(
  db: Kysely<Database>,
  params: { kd: string; code: string },
  ids: string,
): Promise<GovernorCompareResponse> {
  const kingdom = await requireViewerAccess(db, params.kd, params.code);
  const kd = kingdom.kd;
  const governorIds = [...new Set(ids.split(',').map(Number))];
  const [allScans, seasons] = await Promise.all([selectKingdomScans(db, kd), selectSeasons(db, kd)]);
  const kingdomScans = allScans.filter((scan) => scan.kind === 'kingdom');
  const governors: ComparedGovernor[] = [];
  for (const governorId of governorIds) {
    governors.push(await governorScans(db, kd, kingdomScans, governorId));
  }
  return {
    kd,
    governors,
    seasons: seasons.map(({ kvkNumber, openTime, closeTime }) => ({ kvkNumber, openTime, closeTime })),
  };
}

async function governorScans(
  db: Kysely<Database>,
  kd: number,
  kingdomScans: readonly ScanInfo[],
  governorId: number,
): Promise<ComparedGovernor> {
  const candidates = scansInRuns(kingdomScans, await selectPresenceRuns(db, kd, governorId));
  const rows = await selectGovernorRows(
    db,
    candidates.map((scan) => scan.id),
    governorId,
  );
  const rowByScan = new Map(rows.map((row) => [row.scanId, row]));
  const scans: GovernorScan[] = [];
  for (const scan of candidates) {
    const row = rowByScan.get(scan.id);
    if (!row) continue;
    const { scanId: _scanId, ...values } = row;
    scans.push({ takenAt: scan.takenAt, ...values });
  }
  const latest = scans.at(-1);
  return { governorId, name: latest?.name ?? null, alliance: latest?.alliance ?? null, scans };
}
