import { enabledTerms, STAT_LABELS, type StatName, type StatsFormula } from '@kingdom-stats/core';
import type { StoredField } from './columns.ts';
import type { ParsedScan } from './parsed-file.ts';
import { MAX_TEXT_LENGTH } from './read-cell.ts';

/**
 * What a file cannot give, in sentences a kingdom leader acts on: a stat column the file lacks leaves the DKP
 * formula's term for it unknown (it counts 0 in the score) and the dashboard shows '-' in the columns made from it.
 */
interface FieldConsequence {
  /** "dead troops column" */
  column: string;
  /** The formula term scored from this field, if any. */
  term?: StatName;
  /** Dashboard columns that show '-' without it. */
  dashboardColumns: readonly string[];
}

const CONSEQUENCES: Partial<Record<StoredField, FieldConsequence>> = {
  power: { column: 'power column', dashboardColumns: ['Start Power', 'Power Change', 'Power', 'Evolution'] },
  kill_points: { column: 'kill points column', dashboardColumns: ['Kill Points Gained'] },
  t1_kills: { column: 'T1 kills column', term: 'T1-Kills', dashboardColumns: ['T1 Kills'] },
  t2_kills: { column: 'T2 kills column', term: 'T2-kills', dashboardColumns: ['T2 Kills'] },
  t3_kills: { column: 'T3 kills column', term: 'T3-Kills', dashboardColumns: ['T3 Kills'] },
  t4_kills: {
    column: 'T4 kills column',
    term: 'T4-Kills',
    dashboardColumns: ['T4 Kills', 'KP (T4+T5)', 'Kill Points'],
  },
  t5_kills: {
    column: 'T5 kills column',
    term: 'T5-Kills',
    dashboardColumns: ['T5 Kills', 'KP (T4+T5)', 'Kill Points'],
  },
  dead: { column: 'dead troops column', term: 'Dead Troops', dashboardColumns: ['Dead'] },
  t4_dead: { column: 'T4 dead column', term: 'T4 Dead Troops', dashboardColumns: ['Death Points'] },
  t5_dead: { column: 'T5 dead column', term: 'T5 Dead Troops', dashboardColumns: ['Death Points'] },
  healed: { column: 'healed column', dashboardColumns: ['Healed'] },
  t4_healed: { column: 'T4 healed column', dashboardColumns: ['Heal Points'] },
  t5_healed: { column: 'T5 healed column', dashboardColumns: ['Heal Points'] },
  rss_gathered: {
    column: 'resources gathered column',
    term: 'Rss Gathered',
    dashboardColumns: ['Rss Gathered'],
  },
  rss_assistance: {
    column: 'resource assistance column',
    term: 'Rss Assistance',
    dashboardColumns: ['Rss Assistance'],
  },
  helps: { column: 'alliance helps column', term: 'Alliance Helps', dashboardColumns: ['Alliance Helps'] },
};

/**
 * One sentence per stat the file's scans lack. A field every scan lacks is said of "this file"; one that only some
 * scans lack names them. `formula` is what the kingdom scores with (its DKP terms that count).
 */
export function missingFieldWarnings(scans: readonly ParsedScan[], formula: StatsFormula): string[] {
  const scored = new Set(enabledTerms(formula).map((term) => term.stat));
  const warnings: string[] = [];
  // Grouped by which scans lack them, so that a file lacking five columns reads as one sentence.
  const unscored = new Map<string, { subject: string; consequences: FieldConsequence[] }>();
  for (const field of Object.keys(CONSEQUENCES) as StoredField[]) {
    const consequence = CONSEQUENCES[field];
    const lacking = scans.filter((scan) => scan.missingFields.includes(field));
    if (!consequence || lacking.length === 0) continue;
    const subject = subjectOf(lacking, scans.length);
    if (consequence.term && scored.has(consequence.term)) {
      warnings.push(
        `${subject} no ${consequence.column}: DKP's ${STAT_LABELS[consequence.term]} term counts as unknown for ` +
          `this scan, and ${dashboardDashes(consequence.dashboardColumns)}`,
      );
      continue;
    }
    const group = unscored.get(subject) ?? { subject, consequences: [] };
    group.consequences.push(consequence);
    unscored.set(subject, group);
  }
  for (const { subject, consequences } of unscored.values()) {
    const columns = consequences.map((c) => c.column.replace(/ column$/, ''));
    const shown = [...new Set(consequences.flatMap((c) => c.dashboardColumns))];
    warnings.push(`${subject} no ${listOf(columns, 'or')} column: ${dashboardDashes(shown)}`);
  }
  return warnings;
}

function subjectOf(lacking: readonly ParsedScan[], scanCount: number): string {
  if (lacking.length === scanCount) return 'this file has';
  const names = lacking.map((scan) => `"${scan.sheetName ?? scan.name}"`).join(', ');
  return lacking.length === 1 ? `scan ${names} has` : `scans ${names} have`;
}

function dashboardDashes(columns: readonly string[]): string {
  return `the dashboard shows '-' for ${listOf(columns, 'and')} in periods that start or end with it`;
}

function listOf(items: readonly string[], conjunction: string): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

/** Cut texts named one by one, up to this many; the rest are counted. */
const CUT_TEXTS_NAMED = 10;

/**
 * One warning per text kept cut (a name of scanner junk): the row, the governor and what was stored, for a person
 * to check the name against the game; the row also keeps the cut in extra_json (`name_cut_from`).
 */
export function cutTextWarnings(scans: readonly ParsedScan[]): string[] {
  const cuts = scans.flatMap((scan) => scan.cutTexts ?? []);
  const warnings = cuts
    .slice(0, CUT_TEXTS_NAMED)
    .map(
      (cut) =>
        `${cut.place}: ${cut.length} characters long, more than ` +
        `the ${MAX_TEXT_LENGTH} stored, so governor ${cut.governorId} is stored as "${cut.keptAs}": review it`,
    );
  if (cuts.length > CUT_TEXTS_NAMED) {
    warnings.push(
      `${cuts.length - CUT_TEXTS_NAMED} more long texts kept cut to ${MAX_TEXT_LENGTH} characters`,
    );
  }
  return warnings;
}

/** The headers the file's scans read by their words, once each, for the answer to list. */
export function columnsMatched(scans: readonly ParsedScan[]): {
  matchedColumns?: { header: string; column: string; how: string }[];
} {
  const seen = new Map<string, { header: string; column: string; how: string }>();
  for (const scan of scans)
    for (const match of scan.columnsByWords ?? []) seen.set(match.header, { ...match, how: 'words' });
  return seen.size > 0 ? { matchedColumns: [...seen.values()] } : {};
}
