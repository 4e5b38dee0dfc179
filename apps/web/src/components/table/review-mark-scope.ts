import type { ReviewMark } from '@kingdom-stats/core/api';

/**
 * A mark's two parts (issue 36 item 6): the entries that concern the row's headline numbers, shown beside the name,
 * and those of a value the screen shows in a column of its own and nothing else on the row uses (the answer's `aside`:
 * T1–T3 kills, resources, helps when the formula does not score them), shown in that column's cell only.
 */
export function rowPart(mark: ReviewMark | undefined): ReviewMark | undefined {
  if (mark?.aside === undefined) return mark;
  return partOf(mark, (field) => !mark.aside!.includes(field));
}

/** The entries of one column's field, when the mark puts that field aside; undefined otherwise. */
export function columnPart(mark: ReviewMark | undefined, field: string): ReviewMark | undefined {
  if (mark?.aside?.includes(field) !== true) return undefined;
  return partOf(mark, (other) => other === field);
}

function partOf(mark: ReviewMark, keep: (field: string) => boolean): ReviewMark {
  const decreased = (mark.decreased ?? []).filter(keep);
  return {
    underReview: mark.underReview.filter((entry) => keep(entry.field)),
    corrected: mark.corrected.filter((entry) => keep(entry.field)),
    ...(decreased.length > 0 ? { decreased } : {}),
  };
}

/** The main table's columns that show one stored field each, and that field (the fields an `aside` may name). */
export const COLUMN_FIELDS: Readonly<Record<string, string>> = {
  'T1 Kills': 't1_kills',
  'T2 Kills': 't2_kills',
  'T3 Kills': 't3_kills',
  'Kill Points Gained': 'kill_points',
  'Rss Gathered': 'rss_gathered',
  'Rss Assistance': 'rss_assistance',
  'Alliance Helps': 'helps',
};
