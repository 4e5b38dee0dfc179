/**
 * A kingdom's data-quality settings: which checks run and their bounds. Stored as JSON a kingdom's admin
 * edits, so reading it is tolerant: a missing or malformed part falls back to its default and a number
 * outside its bounds is clamped, so a bad setting can never switch the checks into nonsense.
 */
import {
  CHECK_KINDS,
  CHECKED_FIELDS,
  type CheckedField,
  type CheckKind,
  type DataQualitySettings,
  FIELD_SENSITIVITIES,
  type FieldSensitivity,
} from './types.ts';

/**
 * Defaults and bounds (docs/data-quality.md explains each).
 * - Power per day: a governor's power moves by at most about half of it in a day (a KvK fight's deaths, or
 *   saved speedups and resources spent at once); a change beyond that per day of the period is more often
 *   a misread than a real change. The real series' largest was 24% in 13 hours.
 * - Floor: small accounts swing by hundreds of thousands in an afternoon; changes under 3,000,000 are
 *   never flagged, whatever the fraction says.
 * - KP tolerance: 1 point absorbs the two roundings of T1×0.2 (floor by RokTracker, round by others).
 */
export const DEFAULT_MAX_POWER_CHANGE_PER_DAY = 0.5;
export const MAX_POWER_CHANGE_PER_DAY_BOUNDS = { min: 0.05, max: 5 } as const;
export const DEFAULT_MIN_POWER_CHANGE = 3_000_000;
export const MIN_POWER_CHANGE_BOUNDS = { min: 0, max: 1_000_000_000 } as const;
export const DEFAULT_KILL_POINTS_TOLERANCE = 1;
export const KILL_POINTS_TOLERANCE_BOUNDS = { min: 0, max: 1_000_000 } as const;

/**
 * Every field checked as documented: on the real corpora that flags 0.3% of the governor-rows, every one a real
 * misread, and finds every planted kind but low-digit look-alikes (docs/data-quality.md, "Per-field sensitivity").
 */
export const DEFAULT_FIELD_SENSITIVITY: FieldSensitivity = 'normal';

export const DEFAULT_DATA_QUALITY_SETTINGS: DataQualitySettings = Object.freeze({
  enabled: Object.freeze(Object.fromEntries(CHECK_KINDS.map((kind) => [kind, true]))) as Record<
    CheckKind,
    boolean
  >,
  sensitivity: Object.freeze(
    Object.fromEntries(CHECKED_FIELDS.map((field) => [field, DEFAULT_FIELD_SENSITIVITY])),
  ) as Record<CheckedField, FieldSensitivity>,
  maxPowerChangePerDay: DEFAULT_MAX_POWER_CHANGE_PER_DAY,
  minPowerChange: DEFAULT_MIN_POWER_CHANGE,
  killPointsTolerance: DEFAULT_KILL_POINTS_TOLERANCE,
});

export function isFieldSensitivity(value: unknown): value is FieldSensitivity {
  return (FIELD_SENSITIVITIES as readonly unknown[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function boundedNumber(value: unknown, fallback: number, bounds: { min: number; max: number }): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(bounds.max, Math.max(bounds.min, value));
}

/** Tolerant reader: bad or missing parts become defaults, numbers are clamped to their bounds. */
export function readDataQualitySettings(json: unknown): DataQualitySettings {
  let parsed = json;
  if (typeof json === 'string') {
    try {
      parsed = JSON.parse(json);
    } catch {
      parsed = null;
    }
  }
  const source = isRecord(parsed) ? parsed : {};
  const enabledSource = isRecord(source.enabled) ? source.enabled : {};
  const enabled = Object.fromEntries(
    CHECK_KINDS.map((kind) => [
      kind,
      typeof enabledSource[kind] === 'boolean'
        ? enabledSource[kind]
        : DEFAULT_DATA_QUALITY_SETTINGS.enabled[kind],
    ]),
  ) as Record<CheckKind, boolean>;
  const sensitivitySource = isRecord(source.sensitivity) ? source.sensitivity : {};
  const sensitivity = Object.fromEntries(
    CHECKED_FIELDS.map((field) => {
      const stored = sensitivitySource[field];
      return [field, isFieldSensitivity(stored) ? stored : DEFAULT_FIELD_SENSITIVITY];
    }),
  ) as Record<CheckedField, FieldSensitivity>;
  return {
    enabled,
    sensitivity,
    maxPowerChangePerDay: boundedNumber(
      source.maxPowerChangePerDay,
      DEFAULT_MAX_POWER_CHANGE_PER_DAY,
      MAX_POWER_CHANGE_PER_DAY_BOUNDS,
    ),
    minPowerChange: boundedNumber(source.minPowerChange, DEFAULT_MIN_POWER_CHANGE, MIN_POWER_CHANGE_BOUNDS),
    killPointsTolerance: boundedNumber(
      source.killPointsTolerance,
      DEFAULT_KILL_POINTS_TOLERANCE,
      KILL_POINTS_TOLERANCE_BOUNDS,
    ),
  };
}
