import { DEFAULT_DATA_QUALITY_SETTINGS } from '@kingdom-stats/core';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { checkStoredScan } from '../features/data-review/checks-at-import.ts';
import { scanRowsChanged } from '../features/scans/scan-store.ts';

/**
 * A handful of believable OCR misreads in the demo kingdom's latest scan (issue 12), so that the Data Review page,
 * the viewer marks and their end-to-end tests have something to show: a lost last digit in a kill counter, a lost
 * leading digit in the dead count, a 1 read as 7 in power. The misread values are what the demo "imported"; the
 * import's own checks then run over the scan and store the flags, exactly as a real import does.
 * Deterministic: the governors are picked by their rank in power, not at random.
 */

interface Misread {
  /** The governor's place by power among the kingdom's own governors in the scan (0 = strongest). */
  rank: number;
  field: 't4_kills' | 't5_kills' | 'dead' | 'power';
  misread: (value: number) => number | null;
}

const lastDigitLost = (value: number) => (value >= 100_000 ? Math.floor(value / 10) : null);
const leadingDigitLost = (value: number) => {
  const text = String(value);
  return text.length >= 6 ? Number(text.slice(1)) : null;
};
const oneReadAsSeven = (value: number) => {
  const text = String(value);
  const at = text.indexOf('1');
  return at === -1 ? null : Number(`${text.slice(0, at)}7${text.slice(at + 1)}`);
};

const MISREADS: readonly Misread[] = [
  { rank: 2, field: 't4_kills', misread: lastDigitLost },
  { rank: 6, field: 't5_kills', misread: lastDigitLost },
  { rank: 11, field: 'dead', misread: leadingDigitLost },
  { rank: 17, field: 'power', misread: oneReadAsSeven },
  { rank: 24, field: 't4_kills', misread: leadingDigitLost },
];

/** Writes the misreads into the kingdom's latest kingdom scan and stores the checks' flags; answers the flags' count. */
export async function insertDemoMisreads(trx: Transaction<Database>, kd: number): Promise<number> {
  const scan = await trx
    .selectFrom('scans')
    .select('id')
    .where('kingdom_kd', '=', kd)
    .where('kind', '=', 'kingdom')
    .orderBy('taken_at', 'desc')
    .executeTakeFirst();
  if (!scan) return 0;
  const own = await trx
    .selectFrom('governor_stats')
    .select(['governor_id', 't4_kills', 't5_kills', 'dead', 'power'])
    .where('scan_id', '=', scan.id)
    .where('home_kd', '=', kd)
    .where('power', 'is not', null)
    .orderBy('power', 'desc')
    .orderBy('governor_id')
    .execute();
  for (const { rank, field, misread } of MISREADS) {
    const row = own[rank];
    const value = row?.[field];
    if (!row || value === null || value === undefined) continue;
    const wrong = misread(Number(value));
    if (wrong === null || wrong === Number(value)) continue;
    await trx
      .updateTable('governor_stats')
      .set({ [field]: wrong })
      .where('scan_id', '=', scan.id)
      .where('governor_id', '=', row.governor_id)
      .execute();
  }
  await scanRowsChanged(trx, scan.id);
  const checked = await checkStoredScan(trx, kd, scan.id, DEFAULT_DATA_QUALITY_SETTINGS);
  return checked?.flags.length ?? 0;
}
