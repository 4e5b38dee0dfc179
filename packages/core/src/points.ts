/**
 * Kill, death and heal points (SPEC §2 points legend, §9 weights). Scans do not always carry every
 * tier column, so an input may be unknown: a pair with both tiers unknown is unknown (shown as '-'),
 * while one unknown tier counts as 0 so a known half is not thrown away.
 */

export const POINT_WEIGHTS = { t4: 1, t5: 5 } as const;

/** The legend lines exactly as the dashboard prints them. */
export const POINTS_LEGEND = [
  'KILL POINTS = T4 kills x 1 + T5 kills x 5',
  'DEATH POINTS = T4 dead x 1 + T5 dead x 5',
  'HEAL POINTS = T4 heal x 1 + T5 heal x 5',
] as const;

type MaybeNumber = number | null | undefined;

// NaN and infinities come from broken upstream arithmetic, not from a scan; treating them as unknown
// keeps them from poisoning a total.
function known(value: MaybeNumber): value is number {
  return value !== null && value !== undefined && Number.isFinite(value);
}

function weighted(t4: MaybeNumber, t5: MaybeNumber): number | null {
  if (!known(t4) && !known(t5)) return null;
  const t4Part = known(t4) ? t4 * POINT_WEIGHTS.t4 : 0;
  const t5Part = known(t5) ? t5 * POINT_WEIGHTS.t5 : 0;
  return t4Part + t5Part;
}

export function killPoints(t4Kills: MaybeNumber, t5Kills: MaybeNumber): number | null {
  return weighted(t4Kills, t5Kills);
}

export function deathPoints(t4Dead: MaybeNumber, t5Dead: MaybeNumber): number | null {
  return weighted(t4Dead, t5Dead);
}

export function healPoints(t4Healed: MaybeNumber, t5Healed: MaybeNumber): number | null {
  return weighted(t4Healed, t5Healed);
}

/** Sum of the three; unknown only when all three are unknown, for the same reason as the pairs. */
export function totalPoints(kill: MaybeNumber, death: MaybeNumber, heal: MaybeNumber): number | null {
  const parts = [kill, death, heal].filter(known);
  if (parts.length === 0) return null;
  return parts.reduce((sum, part) => sum + part, 0);
}
