import type { Insertable } from 'kysely';
import type { GovernorStatTable } from '../db/schema.ts';

/** A governor's row of a scan as a file gives it: what governor_stats stores, before the scan has an id. */
export type GovernorStatRow = Omit<Insertable<GovernorStatTable>, 'scan_id'>;
