import type { ReviewCheck } from '@kingdom-stats/core/api';

/** The checks in a data officer's words (docs/data-quality.md says what each finds and why). */
export const CHECK_WORDS: Record<ReviewCheck, string> = {
  kill_points_identity: 'Kill points do not add up from the kills',
  counter_decreased: 'A lifetime counter went down',
  digit_misread: 'A digit lost or misread (3↔8, 1↔7, 5↔6, 0↔8)',
  id_reused: "Another governor's ID",
  power_rank_order: "Out of the power ranking's order",
  power_jump: 'Power changed more than a period allows',
};
