import type { SettingsResponse } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database, KingdomTable } from '../../db/schema.ts';
import { requireViewerAccess } from '../kingdoms/access.ts';

/**
 * The parts of a kingdom's opaque settings (kingdoms.settings_json, SPEC §3) that the viewer screens read. Admins
 * write the object through POST /settings; anything unreadable in it counts as "not set".
 */
export interface KingdomSettings {
  /** Top-N filter the dashboard starts with; null for everyone. */
  defaultTopFilter: number | null;
  /** Default period: scan times (unix seconds, as text), or null for the first / last scan. */
  defaultDates: { start: string | null; end: string | null };
  /** False hides the normal/autarch switch even when autarch scans exist. */
  showAutarchSwitcher: boolean;
}

export function readKingdomSettings(settingsJson: string): KingdomSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(settingsJson);
  } catch {
    raw = {};
  }
  const object = isRecord(raw) ? raw : {};
  const dates = isRecord(object.defaultDates) ? object.defaultDates : {};
  return {
    defaultTopFilter: positiveInteger(object.defaultTopFilter),
    defaultDates: { start: timestampText(dates.start), end: timestampText(dates.end) },
    showAutarchSwitcher: object.showAutarchSwitcher !== false,
  };
}

export async function getViewerSettings(
  db: Kysely<Database>,
  kd: string,
  code: string,
): Promise<SettingsResponse> {
  const kingdom: KingdomTable = await requireViewerAccess(db, kd, code);
  const { defaultTopFilter, defaultDates } = readKingdomSettings(kingdom.settings_json);
  return { defaultTopFilter, defaultDates };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function positiveInteger(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

function timestampText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d{1,12}$/.test(value.trim())) return value.trim();
  return null;
}
