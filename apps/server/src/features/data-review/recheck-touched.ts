import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { checkImportedScans } from './checks-at-import.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The values a change touched: governors of one scan. */
export interface TouchedRows {
  scanId: number;
  governorIds: readonly number[];
}

/**
 * After a correction, a swap, an exclusion or a revert (issue 36: no flag stays open whose reason is gone): the
 * import's checks run again, in the change's transaction, for the governors it touched, on their scan and the scans
 * around it (checkImportedScans: the next scan's "previous row" changed, the previous scan's next value too). Open
 * flags that no longer hold go, new ones come. As the kingdom's re-check does, a value a person settled
 * (a flag accepted or corrected on it) gets no new flag from another check: the person's decision stands.
 */
export async function recheckTouched(
  db: Executor,
  kd: number,
  touched: readonly TouchedRows[],
): Promise<void> {
  const byScan = new Map<number, Set<number>>();
  for (const { scanId, governorIds } of touched) {
    const set = byScan.get(scanId) ?? new Set<number>();
    for (const id of governorIds) set.add(id);
    byScan.set(scanId, set);
  }
  if (byScan.size === 0) return;
  await checkImportedScans(
    db,
    kd,
    [...byScan].map(([scanId, governors]) => ({ scanId, governors })),
  );
  for (const [scanId, governors] of byScan) {
    const flags = (
      await db
        .selectFrom('value_flags')
        .select(['id', 'governor_id', 'field', 'status'])
        .where('scan_id', '=', scanId)
        .execute()
    ).filter((flag) => governors.has(Number(flag.governor_id)));
    const cell = (flag: (typeof flags)[number]) => `${Number(flag.governor_id)}:${flag.field}`;
    const settled = new Set(
      flags.filter((f) => f.status === 'accepted' || f.status === 'corrected').map(cell),
    );
    const doubled = flags.filter((f) => f.status === 'open' && settled.has(cell(f))).map((f) => f.id);
    if (doubled.length > 0) await db.deleteFrom('value_flags').where('id', 'in', doubled).execute();
  }
}
