import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowSeconds } from '../../time.ts';
import { rebuildKingdomPresence } from '../scans/presence.ts';
import type { GovernorStatRow } from '../scans/scan-store.ts';
import { scanRowsChanged } from '../scans/scan-store.ts';
import { readSwapRecord } from './swaps.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Re-importing a file keeps its corrections (docs/data-review-storage.md). A file is compared with what was
 * imported, not with the corrected values: the stored rows with the corrections in force undone, and the rows left
 * out of the scan back in. The same file again is then "already imported", and a `--replace` keeps a correction
 * whose cell the file gives as it was imported.
 */

/** Turns a scan's stored rows (by governor) into the rows as imported. The map is changed in place. */
export async function undoCorrectionsForComparison(
  db: Executor,
  scanId: number,
  stored: Map<number, Record<string, unknown>>,
  governorIds: readonly number[],
): Promise<void> {
  const wanted = new Set(governorIds);
  const active = await db
    .selectFrom('value_corrections')
    .select(['governor_id', 'field', 'imported_value', 'imported_row_json'])
    .where('scan_id', '=', scanId)
    .where('reverted_at', 'is', null)
    .orderBy('id')
    .execute();
  // Rows left out first (as they were when excluded), then every value correction undone on top, then the swapped
  // rows as they were imported (a value corrected after a swap was corrected on the swapped row: undone with it).
  for (const c of active) {
    const governorId = Number(c.governor_id);
    if (c.field === 'row' && wanted.has(governorId) && c.imported_row_json)
      stored.set(governorId, JSON.parse(c.imported_row_json) as Record<string, unknown>);
  }
  for (const c of active) {
    const row = stored.get(Number(c.governor_id));
    if (c.field !== 'row' && c.field !== 'swap' && row) row[c.field] = c.imported_value;
  }
  for (const c of active) {
    const swap = c.field === 'swap' ? readSwapRecord(c.imported_row_json) : null;
    if (!swap) continue;
    for (const [i, governorId] of [Number(c.governor_id), swap.partner].entries()) {
      const imported = swap.rows[i];
      if (imported && stored.has(governorId)) stored.set(governorId, { ...imported });
    }
  }
}

/**
 * After a `--replace` wrote a file's rows into a scan: each correction in force on these governors stays (written
 * through again) when the file gives the cell as it was imported, and is superseded otherwise (the file's value
 * stands). A row left out stays out when the file's row is the one excluded; otherwise it is superseded too.
 */
export async function reapplyCorrectionsAfterReplace(
  db: Executor,
  kd: number,
  scanId: number,
  rows: readonly GovernorStatRow[],
  fileName: string,
): Promise<void> {
  const byGovernor = new Map(rows.map((row) => [row.governor_id, row as unknown as Record<string, unknown>]));
  const active = await db
    .selectFrom('value_corrections')
    .selectAll()
    .where('scan_id', '=', scanId)
    .where('reverted_at', 'is', null)
    .orderBy('id')
    .execute();
  let excluded = false;
  let changed = false;
  for (const c of active) {
    const governorId = Number(c.governor_id);
    const inFile = byGovernor.get(governorId);
    if (!inFile) continue;
    if (c.field === 'swap') {
      changed = (await reapplySwap(db, scanId, c, byGovernor, fileName)) || changed;
      continue;
    }
    const keep =
      c.field === 'row'
        ? sameRow(JSON.parse(c.imported_row_json ?? '{}') as Record<string, unknown>, inFile)
        : sameNumber(inFile[c.field], c.imported_value);
    if (!keep) {
      await db
        .updateTable('value_corrections')
        .set({
          reverted_at: nowSeconds(),
          revert_reason: `superseded: ${fileName} was imported over it with another value`,
        })
        .where('id', '=', c.id)
        .execute();
      continue;
    }
    if (c.field === 'row') {
      await db
        .deleteFrom('governor_stats')
        .where('scan_id', '=', scanId)
        .where('governor_id', '=', governorId)
        .execute();
      excluded = true;
    } else {
      await db
        .updateTable('governor_stats')
        .set({ [c.field]: c.corrected_value })
        .where('scan_id', '=', scanId)
        .where('governor_id', '=', governorId)
        .execute();
    }
    changed = true;
  }
  if (changed) await scanRowsChanged(db, scanId);
  if (excluded) await rebuildKingdomPresence(db, kd);
}

/**
 * A swap stays when the file gives both rows as they were imported (swapped): the rows are swapped again, and the
 * file's rows are read swapped for the corrections made after it (they were made on the swapped rows). Otherwise
 * it is superseded.
 */
async function reapplySwap(
  db: Executor,
  scanId: number,
  c: { id: number; governor_id: number; imported_row_json: string | null },
  byGovernor: Map<number, Record<string, unknown>>,
  fileName: string,
): Promise<boolean> {
  const swap = readSwapRecord(c.imported_row_json);
  const pair = [Number(c.governor_id), swap?.partner ?? -1] as const;
  const [own, other] = [byGovernor.get(pair[0]), byGovernor.get(pair[1])];
  const keep = swap && own && other && sameRow(swap.rows[0] ?? {}, own) && sameRow(swap.rows[1] ?? {}, other);
  if (!keep) {
    await db
      .updateTable('value_corrections')
      .set({
        reverted_at: nowSeconds(),
        revert_reason: `superseded: ${fileName} was imported over it with other rows`,
      })
      .where('id', '=', c.id)
      .execute();
    return false;
  }
  for (const [governorId, values] of [
    [pair[0], other],
    [pair[1], own],
  ] as const) {
    const set = Object.fromEntries(
      Object.entries(values).filter(([key]) => key !== 'scan_id' && key !== 'governor_id'),
    );
    await db
      .updateTable('governor_stats')
      .set(set)
      .where('scan_id', '=', scanId)
      .where('governor_id', '=', governorId)
      .execute();
  }
  byGovernor.set(pair[0], { ...other, governor_id: pair[0] });
  byGovernor.set(pair[1], { ...own, governor_id: pair[1] });
  return true;
}

function sameNumber(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  return Number(a) === Number(b);
}

const ROW_COMPARED = ['name', 'alliance', 'home_kd'] as const;

function sameRow(kept: Record<string, unknown>, inFile: Record<string, unknown>): boolean {
  for (const key of ROW_COMPARED) if (String(kept[key] ?? '') !== String(inFile[key] ?? '')) return false;
  for (const key of Object.keys(kept)) {
    if (ROW_COMPARED.includes(key as never) || key === 'governor_id' || key === 'extra_json') continue;
    if (!sameNumber(kept[key], inFile[key])) return false;
  }
  return true;
}
