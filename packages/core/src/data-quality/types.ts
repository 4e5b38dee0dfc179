/**
 * Data-quality checks (issue 12): the shapes shared by the checks in core, the import that stores their
 * flags, the review API and the web's review page. Checks are pure: they see stored rows, never a file.
 */

/** The numeric columns a check may look at, by their stored names. */
export const CHECKED_FIELDS = [
  'power',
  'kill_points',
  't1_kills',
  't2_kills',
  't3_kills',
  't4_kills',
  't5_kills',
  'dead',
  't4_dead',
  't5_dead',
  'healed',
  't4_healed',
  't5_healed',
  'rss_gathered',
  'rss_assistance',
  'helps',
] as const;
export type CheckedField = (typeof CHECKED_FIELDS)[number];

export const CHECK_KINDS = [
  'kill_points_identity',
  'counter_decreased',
  'digit_misread',
  'id_reused',
  'power_rank_order',
  'power_jump',
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** One governor's row in one scan, as stored (null = unknown). */
export interface GovernorSnapshot {
  scanId: number;
  /** Unix seconds. */
  takenAt: number;
  governorId: number;
  name: string;
  alliance: string | null;
  values: Partial<Record<CheckedField, number | null>>;
}

export interface ValueFlag {
  scanId: number;
  governorId: number;
  /** 'governor' when the whole row looks like another governor's (id_reused). */
  field: CheckedField | 'governor';
  check: CheckKind;
  /** Plain words for a kingdom's data officer, e.g. "T4 kills went down from 4,777,297 to 4,177,297 …". */
  reason: string;
  value: number | null;
  /** The value a check proposes (lost digit restored, KP-consistent tier), or null. */
  suggested: number | null;
}

/**
 * How closely a field's values are checked (docs/data-quality.md, "Settings"): `normal` runs every check as
 * documented; `low` leaves out the small changes that move no ranking (a counter's drop or spike of under 1% of its
 * value; power against the hard bounds only, not the per-day bound); `off` flags nothing on the field.
 */
export const FIELD_SENSITIVITIES = ['normal', 'low', 'off'] as const;
export type FieldSensitivity = (typeof FIELD_SENSITIVITIES)[number];

export interface DataQualitySettings {
  enabled: Record<CheckKind, boolean>;
  /** Per field: how closely its values are checked. */
  sensitivity: Record<CheckedField, FieldSensitivity>;
  /** Most a governor's power may change per day, as a fraction of the earlier power (documented default). */
  maxPowerChangePerDay: number;
  /** Power changes below this absolute amount are never flagged. */
  minPowerChange: number;
  /** Kill points identity tolerance in points. */
  killPointsTolerance: number;
}
