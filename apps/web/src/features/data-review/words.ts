import type { ReviewCheck } from '@kingdom-stats/core/api';
import { type MessageId, translate } from '../../i18n/i18n.ts';
import type { FlagFilter } from './api.ts';

/** The checks in a data officer's words (docs/data-quality.md says what each finds and why). */
const CHECK_MESSAGES: Record<ReviewCheck, MessageId> = {
  kill_points_identity: 'review.check.killPointsIdentity',
  counter_decreased: 'review.check.counterDecreased',
  digit_misread: 'review.check.digitMisread',
  id_reused: 'review.check.idReused',
  power_rank_order: 'review.check.powerRankOrder',
  power_jump: 'review.check.powerJump',
};

/** A check's name in the reader's language: call while rendering (the language is read at call time). */
export function checkLabel(check: ReviewCheck): string {
  return translate(CHECK_MESSAGES[check]);
}

const STATUS_MESSAGES: Record<FlagFilter, MessageId> = {
  open: 'review.status.open',
  accepted: 'review.status.accepted',
  corrected: 'review.status.corrected',
  excluded: 'review.status.excluded',
  all: 'review.status.all',
};

/** A flag's status (and the list's "All") in the reader's language. */
export function statusLabel(status: FlagFilter): string {
  return translate(STATUS_MESSAGES[status]);
}
