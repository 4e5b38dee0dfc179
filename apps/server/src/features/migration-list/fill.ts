import { type MigrationDirection, type MovementRow, movementWhy } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database, KingdomTable } from '../../db/schema.ts';
import { type KvkSeason, scansInSeason } from '../kvk/season.ts';
import { MovementsService } from '../movements/service.ts';
import { selectKingdomScans } from '../scans/kingdom-scans.ts';

export interface MigrationProposal {
  governorId: number;
  name: string;
  direction: MigrationDirection;
  reason: string;
}

/**
 * Who the movements of a season propose (docs/migration-list.md): the Arrivals & departures of the season's first to
 * last kingdom scan. Left and moved to another kingdom → leave; first seen, back and came from another kingdom →
 * arrive. "Below the scan's power cut-off" is not proposed: such a governor may still be in the kingdom.
 */
export async function proposalsFromMovements(
  db: Kysely<Database>,
  kingdom: KingdomTable,
  season: KvkSeason,
): Promise<MigrationProposal[]> {
  const scans = scansInSeason(await selectKingdomScans(db, kingdom.kd), season).filter(
    (scan) => scan.kind === 'kingdom',
  );
  const first = scans[0];
  const last = scans.at(-1);
  if (!first || !last || first === last) return [];
  const movements = await new MovementsService(db).movements(
    { kd: String(kingdom.kd), code: kingdom.access_code },
    { start_date: String(first.takenAt), end_date: String(last.takenAt), inactive_scans: 2 },
  );
  const proposal = (row: MovementRow, direction: MigrationDirection): MigrationProposal => ({
    governorId: row.governorId,
    name: row.name,
    direction,
    reason: movementWhy(row, 0),
  });
  return [
    ...movements.left.filter((row) => row.reason !== 'below_cutoff').map((row) => proposal(row, 'leave')),
    ...movements.arrived.map((row) => proposal(row, 'arrive')),
  ];
}
