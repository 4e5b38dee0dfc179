/**
 * The DKP formula (SPEC §3 stats_formula): a map of stat name to [points per unit, enabled]. A governor's DKP is the
 * sum, over the enabled terms, of the term's points times the governor's gain in that stat over the period. The
 * banner (SPEC §2 "DKP FORMULA :") prints the same terms, so what is shown is exactly what is scored.
 */

/** The stat names exactly as the chat-bot and SPEC §3 spell them (note the lower-case 'kills' of T2). */
export const STAT_NAMES = [
  'T1-Kills',
  'T2-kills',
  'T3-Kills',
  'T4-Kills',
  'T5-Kills',
  'Dead Troops',
  'Rss Assistance',
  'Alliance Helps',
  'Rss Gathered',
  'T4 Dead Troops',
  'T5 Dead Troops',
] as const;
export type StatName = (typeof STAT_NAMES)[number];

/** How each stat reads in the formula banner. */
export const STAT_LABELS: Readonly<Record<StatName, string>> = {
  'T1-Kills': 'T1 Kills',
  'T2-kills': 'T2 Kills',
  'T3-Kills': 'T3 Kills',
  'T4-Kills': 'T4 Kills',
  'T5-Kills': 'T5 Kills',
  'Dead Troops': 'Dead Troops',
  'Rss Assistance': 'Rss Assistance',
  'Alliance Helps': 'Alliance Helps',
  'Rss Gathered': 'Rss Gathered',
  'T4 Dead Troops': 'T4 Dead Troops',
  'T5 Dead Troops': 'T5 Dead Troops',
};

/** Points per unit of the stat, and whether the term counts. */
export type FormulaTerm = readonly [value: number, enabled: boolean];
export type StatsFormula = Partial<Record<StatName, FormulaTerm>>;

/**
 * The formula a kingdom scores with until its leaders save their own: kills of the two top tiers and dead troops,
 * the terms every KvK DKP sheet has; the T4/T5 dead terms carry the values the T4/T5 modal would propose
 * (T4 = Dead Troops value, T5 twice that) but are off.
 */
export const DEFAULT_STATS_FORMULA: Readonly<Record<StatName, FormulaTerm>> = {
  'T1-Kills': [0, false],
  'T2-kills': [0, false],
  'T3-Kills': [0, false],
  'T4-Kills': [10, true],
  'T5-Kills': [20, true],
  'Dead Troops': [15, true],
  'Rss Assistance': [0, false],
  'Alliance Helps': [0, false],
  'Rss Gathered': [0, false],
  'T4 Dead Troops': [15, false],
  'T5 Dead Troops': [30, false],
};

export function isStatName(value: unknown): value is StatName {
  return typeof value === 'string' && (STAT_NAMES as readonly string[]).includes(value);
}

/**
 * Reads a stored stats_formula (parsed JSON) leniently: known stat names whose entry is [number, boolean] are kept,
 * anything else is dropped. Numeric text ('10') is accepted as a value, as older saves hold it so.
 * Returns null when nothing usable is left, so the caller can fall back to the default.
 */
export function readStatsFormula(raw: unknown): StatsFormula | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const formula: StatsFormula = {};
  let found = false;
  for (const name of STAT_NAMES) {
    if (!Object.hasOwn(raw, name)) continue;
    const entry = (raw as Record<string, unknown>)[name];
    if (!Array.isArray(entry) || entry.length < 2) continue;
    const value = typeof entry[0] === 'string' && entry[0].trim() !== '' ? Number(entry[0]) : entry[0];
    if (typeof value !== 'number' || !Number.isFinite(value) || typeof entry[1] !== 'boolean') continue;
    formula[name] = [value, entry[1]];
    found = true;
  }
  return found ? formula : null;
}

export interface EnabledTerm {
  stat: StatName;
  label: string;
  value: number;
}

/** The terms that count, in STAT_NAMES order: enabled and multiplied by a non-zero, finite value. */
export function enabledTerms(formula: StatsFormula): EnabledTerm[] {
  const terms: EnabledTerm[] = [];
  for (const stat of STAT_NAMES) {
    const term = formula[stat];
    if (!term) continue;
    const [value, enabled] = term;
    if (!enabled || !Number.isFinite(value) || value === 0) continue;
    terms.push({ stat, label: STAT_LABELS[stat], value });
  }
  return terms;
}

/**
 * The banner text after 'DKP FORMULA :' (SPEC §2; terms multiplied by 0 are dropped):
 * 'T4 Kills x 10 + T5 Kills x 20 + Dead Troops x 15'. Empty when no term counts.
 */
export function formulaDisplayString(formula: StatsFormula): string {
  return enabledTerms(formula)
    .map((term) => `${term.label} x ${formatTermValue(term.value)}`)
    .join(' + ');
}

/**
 * The terms of a formula string as the API sends it (formulaDisplayString's 'A x 10 + B x 20'), for the screens that
 * show one chip per term; a term multiplied by 0 adds nothing and is left out (SPEC §2).
 */
export function formulaTerms(formulaString: string): string[] {
  return formulaString
    .split(/\s+\+\s+/)
    .map((term) => term.trim())
    .filter((term) => term !== '' && !/\bx\s*0(?:\.0+)?$/i.test(term));
}

// Up to two decimals without trailing zeros: 10 → '10', 1.5 → '1.5', 0.125 → '0.13'.
function formatTermValue(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A governor's gain per stat over the period; null or missing when unknown. */
export type StatGains = Partial<Record<StatName, number | null>>;

/**
 * DKP of one governor: Σ value × gain over the enabled terms. An unknown gain counts as 0 so that one unreadable
 * cell does not wipe out a score, but when every term's gain is unknown the score is unknown too (null). A formula
 * without terms scores 0.
 */
export function dkpScore(gains: StatGains, formula: StatsFormula): number | null {
  return dkpScorer(formula)(gains);
}

/** dkpScore with the formula's terms worked out once, for scoring many governors with one formula. */
export function dkpScorer(formula: StatsFormula): (gains: StatGains) => number | null {
  const terms = enabledTerms(formula);
  return (gains) => {
    if (terms.length === 0) return 0;
    let score = 0;
    let known = false;
    for (const term of terms) {
      const gain = gains[term.stat];
      if (gain === null || gain === undefined || !Number.isFinite(gain)) continue;
      known = true;
      score += term.value * gain;
    }
    return known ? score : null;
  };
}
