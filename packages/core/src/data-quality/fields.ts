/**
 * What the checks know about each stored field: its name in plain words, and whether it is a lifetime
 * counter. The game only ever adds to a lifetime counter (kills, deaths, heals, resources, helps), so a
 * lower value in a later scan is a misread; power is not one (troops die, and power falls with them).
 */
import { formatInteger } from '../numbers.ts';
import { CHECKED_FIELDS, type CheckedField } from './types.ts';

export const FIELD_LABELS: Record<CheckedField, string> = {
  power: 'Power',
  kill_points: 'Kill points',
  t1_kills: 'T1 kills',
  t2_kills: 'T2 kills',
  t3_kills: 'T3 kills',
  t4_kills: 'T4 kills',
  t5_kills: 'T5 kills',
  dead: 'Dead',
  t4_dead: 'T4 dead',
  t5_dead: 'T5 dead',
  healed: 'Healed',
  t4_healed: 'T4 healed',
  t5_healed: 'T5 healed',
  rss_gathered: 'Resources gathered',
  rss_assistance: 'Resource assistance',
  helps: 'Helps',
};

/** Every checked field but power. */
export const LIFETIME_COUNTERS = CHECKED_FIELDS.filter(
  (field): field is Exclude<CheckedField, 'power'> => field !== 'power',
);

export function knownNumber(value: number | null | undefined): value is number {
  return value !== null && value !== undefined && Number.isFinite(value);
}

/** 4777297 → "4,777,297", as the reasons print numbers. */
export const shown = (value: number): string => formatInteger(value);
