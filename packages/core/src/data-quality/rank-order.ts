/**
 * A power ranking's order: in a file whose rows are a power ranking, a row whose power does not fit between
 * its neighbours' is a misread power. Many files are not sorted (an alliance's export, a merged sheet), so
 * the check runs only when the file as a whole is sorted: at least RANKED_SHARE of its adjacent pairs with
 * known power are in descending order. When exactly one lost digit or look-alike puts the power back between
 * its neighbours, that value is the suggestion.
 */
import { knownNumber, shown } from './fields.ts';
import { candidatesWithin, misreadCandidates } from './look-alikes.ts';
import type { GovernorSnapshot, ValueFlag } from './types.ts';

export const RANKED_SHARE = 0.95;
/**
 * Power changes while a scanner walks the ranking, most during a KvK fight (a real file taken at the end of
 * a pass has rows 4–6% above the row before them), so a row is flagged when it is more than RANK_ORDER_MARGIN
 * of its neighbour's power out of place, or more than RANK_ORDER_MIN_GAP when exactly one lost digit or
 * look-alike puts it back between its neighbours.
 */
export const RANK_ORDER_MARGIN = 0.1;
export const RANK_ORDER_MIN_GAP = 0.01;

/** How far out of place a power is, as a share of the neighbour it passed. */
function outOfPlace(power: number, above: number, below: number): number {
  if (power > above) return (power - above) / above;
  return below === 0 ? 0 : (below - power) / below;
}
/** Fewer rows than this say nothing about an order. */
export const RANKED_MIN_ROWS = 10;

export function looksPowerRanked(rows: readonly GovernorSnapshot[]): boolean {
  const powers = rows.map((row) => row.values.power).filter(knownNumber);
  if (powers.length < RANKED_MIN_ROWS) return false;
  let descending = 0;
  for (let i = 1; i < powers.length; i++) if (powers[i - 1]! >= powers[i]!) descending++;
  return descending / (powers.length - 1) >= RANKED_SHARE;
}

export function checkRankOrder(rows: readonly GovernorSnapshot[]): ValueFlag[] {
  const ranked = rows.filter((row) => knownNumber(row.values.power));
  const flags: ValueFlag[] = [];
  for (let i = 0; i < ranked.length; i++) {
    const row = ranked[i]!;
    const power = row.values.power!;
    const above = i > 0 ? ranked[i - 1]!.values.power! : Number.POSITIVE_INFINITY;
    const below = i + 1 < ranked.length ? ranked[i + 1]!.values.power! : 0;
    if (power <= above && power >= below) continue;
    // Of two rows out of order, the one out of place is the one whose neighbours are in order without it.
    if (above < below) continue;
    const gap = outOfPlace(power, above, below);
    if (gap <= RANK_ORDER_MIN_GAP) continue;
    const { suggested } = candidatesWithin(misreadCandidates(power), below, above);
    if (gap <= RANK_ORDER_MARGIN && suggested === null) continue;
    flags.push({
      scanId: row.scanId,
      governorId: row.governorId,
      field: 'power',
      check: 'power_rank_order',
      reason:
        `Power ${shown(power)} is out of the ranking's order: the row above has ` +
        (Number.isFinite(above) ? shown(above) : 'nothing') +
        ` and the row below ${shown(below)}` +
        (suggested === null ? '.' : `; read again it may be ${shown(suggested)}, which fits.`),
      value: power,
      suggested,
    });
  }
  return flags;
}
