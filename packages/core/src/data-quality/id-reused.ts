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
