/**
 * Another governor's ID: a scanner that misreads an ID stores one account's row under another's. Seen
 * between two scans, the name and the power both change completely. Names alone change (players rename,
 * often during KvK) and power alone changes (a zeroing), so both must: a name with little in common with
 * the earlier one, and power at least ID_REUSED_POWER_RATIO times (or a fraction) of the earlier power and
 * by more than the kingdom's minPowerChange.
 */
import { knownNumber, shown } from './fields.ts';
import type { DataQualitySettings, GovernorSnapshot, ValueFlag } from './types.ts';

export const ID_REUSED_POWER_RATIO = 2;
/** Names at least this similar (1 = same) are one governor renaming a little. */
export const NAME_SIMILARITY_SAME = 0.5;

/** Lower case, letters and digits only, without a leading [TAG] the name may carry. */
export function nameKey(name: string): string {
  return name
    .replace(/^\s*[[(【][^\])】]{1,8}[\])】]/u, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

function editDistance(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  let row = Array.from({ length: right.length + 1 }, (_, j) => j);
  for (let i = 1; i <= left.length; i++) {
    const next = [i];
    for (let j = 1; j <= right.length; j++) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + cost));
    }
    row = next;
  }
  return row[right.length]!;
}

/** 1 for the same name, 0 for nothing in common; a name inside the other (a tag or suffix added) counts as same. */
export function nameSimilarity(a: string, b: string): number {
  const left = nameKey(a);
  const right = nameKey(b);
  if (left === right) return 1;
  if (left.length === 0 || right.length === 0) return 0;
  if (left.includes(right) || right.includes(left)) return 1;
  return 1 - editDistance(left, right) / Math.max([...left].length, [...right].length);
}

export function checkIdReused(
  row: GovernorSnapshot,
  before: GovernorSnapshot | undefined,
  settings: DataQualitySettings,
): ValueFlag | null {
  if (!before) return null;
  const power = row.values.power;
  const previousPower = before.values.power;
  if (!knownNumber(power) || !knownNumber(previousPower)) return null;
  if (nameSimilarity(row.name, before.name) >= NAME_SIMILARITY_SAME) return null;
  const [low, high] = power < previousPower ? [power, previousPower] : [previousPower, power];
  if (high < low * ID_REUSED_POWER_RATIO || high - low <= settings.minPowerChange) return null;
  return {
    scanId: row.scanId,
    governorId: row.governorId,
    field: 'governor',
    check: 'id_reused',
    reason:
      `This ID was "${before.name}" with ${shown(previousPower)} power in the previous scan and is ` +
      `"${row.name}" with ${shown(power)} power here: the row may be another governor's, read under this ID.`,
    value: null,
    suggested: null,
  };
}

/** A governor's row in the flagged scan and their row in the scan before it (undefined: none). */
export interface SwapSide {
  governorId: number;
  row: Pick<GovernorSnapshot, 'name'>;
  previous: Pick<GovernorSnapshot, 'name'> | undefined;
}

/**
 * The row an `id_reused` row was swapped with (issue 36, "swaps as one act"): among the other rows flagged the same
 * way in that scan, the one whose name is this governor's previous name while this row carries its previous name.
 * Both ways, so that two unrelated accounts that renamed are never paired; the answer only when exactly one fits.
 */
export function swapPartner(flagged: SwapSide, candidates: readonly SwapSide[]): number | null {
  if (!flagged.previous) return null;
  const fits = candidates.filter(
    (other) =>
      other.governorId !== flagged.governorId &&
      other.previous !== undefined &&
      nameSimilarity(other.row.name, flagged.previous!.name) >= NAME_SIMILARITY_SAME &&
      nameSimilarity(flagged.row.name, other.previous.name) >= NAME_SIMILARITY_SAME,
  );
  return fits.length === 1 ? fits[0]!.governorId : null;
}

/**
 * Rows of one scan stored under each other's IDs: each carries the name the other governor had in the previous scan
 * (issue 36). The name comes with the row, so a swap shows whatever the two accounts' powers (checkIdReused needs
 * power to differ twice over; two accounts of like size swapped were left to the value checks, which flagged
 * "one-digit edits" on both rows and "went down" in the next scan). Paired by exact name (after nameKey), so a scan
 * of 16,000 rows costs one pass; answers governor → partner, both ways.
 */
export function swappedPairs(
  rows: readonly GovernorSnapshot[],
  previous: ReadonlyMap<number, GovernorSnapshot>,
): Map<number, number> {
  const renamed: SwapSide[] = [];
  for (const row of rows) {
    const before = previous.get(row.governorId);
    if (before && nameKey(row.name) !== '' && nameSimilarity(row.name, before.name) < NAME_SIMILARITY_SAME)
      renamed.push({ governorId: row.governorId, row, previous: before });
  }
  const byPreviousName = new Map<string, SwapSide[]>();
  for (const side of renamed) {
    const key = nameKey(side.previous!.name);
    byPreviousName.set(key, [...(byPreviousName.get(key) ?? []), side]);
  }
  const pairs = new Map<number, number>();
  for (const side of renamed) {
    const partner = swapPartner(side, byPreviousName.get(nameKey(side.row.name)) ?? []);
    if (partner !== null) pairs.set(side.governorId, partner);
  }
  // Both ways or not at all.
  for (const [id, partner] of pairs) if (pairs.get(partner) !== id) pairs.delete(id);
  return pairs;
}

/** The flag on each row of a swapped pair: the row is the other governor's. */
export function swappedRowFlag(row: GovernorSnapshot, before: GovernorSnapshot, partner: number): ValueFlag {
  return {
    scanId: row.scanId,
    governorId: row.governorId,
    field: 'governor',
    check: 'id_reused',
    reason:
      `This ID was "${before.name}" in the previous scan and is "${row.name}" here, while governor ${partner} ` +
      `was "${row.name}" and is "${before.name}": the two rows look swapped (each stored under the other's ID).`,
    value: null,
    suggested: null,
  };
}
