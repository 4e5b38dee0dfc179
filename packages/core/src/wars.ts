import { MAX_WARS } from './constants.ts';

/**
 * Wars (SPEC §3 "War", §4, §5): periods of a KvK between a scan taken before a fight and one taken after it. A
 * governor's DKP is summed over the wars when any are configured.
 */

export interface ScanOption {
  scan_name: string;
  timestamp: number;
  display: string;
}

export interface War {
  name: string;
  beforeScan: ScanOption | null;
  afterScan: ScanOption | null;
}

/** One saved war: scan name → timestamp, as the chat-bot reads it. */
export interface SavedWar {
  before: Record<string, number>;
  after: Record<string, number>;
}

export interface WarsConfig {
  /** The earliest before-scan: name → timestamp. */
  base: Record<string, number>;
  wars: SavedWar[];
}

export const WAR_MESSAGES = {
  selectBoth: 'Please select both before and after scans',
  beforeAfterOrEqual: 'Before scan must be earlier than or equal to after scan',
  beforeAfter: 'Before scan must be earlier than after scan',
  invalidScan: 'Invalid scan selection',
  incomplete: 'Some wars are missing start or end dates. Please complete all wars before saving.',
  covered: 'The entire KVK period has been covered - no additional wars can be created.',
  noScans: 'No available scans remaining',
  oneScan: 'Only 1 scan remaining',
} as const;

export function overlapMessage(previousWarName: string): string {
  return `This war overlaps with ${previousWarName}. Wars must be in chronological order with no overlapping periods.`;
}

export function warName(index: number): string {
  return `War ${index + 1}`;
}

export function renumberWars(wars: readonly War[]): War[] {
  return wars.map((war, i) => ({ ...war, name: warName(i) }));
}

function sortedScans(scans: readonly ScanOption[]): ScanOption[] {
  return [...scans].sort((a, b) => a.timestamp - b.timestamp);
}

function scanFromSaved(
  saved: Record<string, number> | undefined,
  scans: readonly ScanOption[],
): ScanOption | null {
  const entry = saved ? Object.entries(saved)[0] : undefined;
  if (!entry) return null;
  // A saved scan that no longer exists (deleted) shows as "Not set" rather than pointing at nothing.
  return scans.find((s) => s.timestamp === entry[1]) ?? null;
}

/**
 * SPEC §4: wars start from the saved selection; without one (never saved: null), War 1 spans the first to the last
 * scan when there are at least two scans, else there are none. A saved empty list stays empty: the admin deleted
 * every war.
 */
export function defaultWars(
  saved: readonly SavedWar[] | null | undefined,
  scans: readonly ScanOption[],
): War[] {
  if (saved) {
    return saved.map((w, i) => ({
      name: warName(i),
      beforeScan: scanFromSaved(w.before, scans),
      afterScan: scanFromSaved(w.after, scans),
    }));
  }
  const ordered = sortedScans(scans);
  if (ordered.length < 2) return [];
  return [{ name: warName(0), beforeScan: ordered[0]!, afterScan: ordered.at(-1)! }];
}

export function deleteWar(wars: readonly War[], index: number): War[] {
  return renumberWars(wars.filter((_, i) => i !== index));
}

function latestAfter(wars: readonly War[]): number | null {
  const afters = wars.map((w) => w.afterScan?.timestamp).filter((t): t is number => t !== undefined);
  return afters.length ? Math.max(...afters) : null;
}

/** Add mode offers only scans at or after the latest existing after-scan: wars follow each other in time. */
export function addWarOptions(scans: readonly ScanOption[], wars: readonly War[]): ScanOption[] {
  const from = latestAfter(wars);
  return sortedScans(scans).filter((s) => from === null || s.timestamp >= from);
}

/** Edit mode: before-scans from the previous war's end, after-scans stopping before the next war's start. */
export function editWarOptions(
  scans: readonly ScanOption[],
  wars: readonly War[],
  index: number,
): { before: ScanOption[]; after: ScanOption[] } {
  const previousEnd = wars[index - 1]?.afterScan?.timestamp ?? null;
  const nextStart = wars[index + 1]?.beforeScan?.timestamp ?? null;
  const inRange = sortedScans(scans).filter(
    (s) =>
      (previousEnd === null || s.timestamp >= previousEnd) && (nextStart === null || s.timestamp < nextStart),
  );
  return { before: inRange, after: inRange };
}

export interface AddWarState {
  canAdd: boolean;
  /** The info banner the Wars tab shows, or null. */
  banner: string | null;
  /** Why Add War is off, stable across languages (the web app's words); `available` counts the usable scans. */
  reason: 'covered' | 'noScans' | 'oneScan' | 'maxWars' | null;
  available: number;
}

/** Whether Add War is enabled, and the banner that says why not (SPEC §4, §5). */
export function addWarState(scans: readonly ScanOption[], wars: readonly War[]): AddWarState {
  const ordered = sortedScans(scans);
  const lastScan = ordered.at(-1)?.timestamp;
  const end = latestAfter(wars);
  if (wars.length > 0 && end !== null && end === lastScan)
    return { canAdd: false, banner: WAR_MESSAGES.covered, reason: 'covered', available: 0 };
  const usable = addWarOptions(scans, wars);
  const available = usable.length;
  if (available === 0) return { canAdd: false, banner: WAR_MESSAGES.noScans, reason: 'noScans', available };
  if (available === 1) return { canAdd: false, banner: WAR_MESSAGES.oneScan, reason: 'oneScan', available };
  if (wars.length >= MAX_WARS) {
    return {
      canAdd: false,
      banner: `${available} scans available but cannot add wars`,
      reason: 'maxWars',
      available,
    };
  }
  return { canAdd: true, banner: null, reason: null, available };
}

/** The Add/Edit War modal's check of one selection. */
export function validateWarSelection(
  scans: readonly ScanOption[],
  before: number | null | undefined,
  after: number | null | undefined,
): string | null {
  if (before === null || before === undefined || after === null || after === undefined)
    return WAR_MESSAGES.selectBoth;
  const known = new Set(scans.map((s) => s.timestamp));
  if (!known.has(before) || !known.has(after)) return WAR_MESSAGES.invalidScan;
  if (before > after) return WAR_MESSAGES.beforeAfterOrEqual;
  return null;
}

export function isWarComplete(war: War): boolean {
  return war.beforeScan !== null && war.afterScan !== null;
}

export function allWarsComplete(wars: readonly War[]): boolean {
  return wars.length > 0 && wars.every(isWarComplete);
}

export type WarIssueCode =
  | 'tooManyWars'
  | 'warsIncomplete'
  | 'warInvalidScan'
  | 'warBeforeAfter'
  | 'warOverlap';

export interface WarIssue {
  /** The war the message is about, or null for the whole list. */
  warIndex: number | null;
  message: string;
  /** Stable across languages; params: `max`, `war` (its number, from 1), `previous` (the earlier war's number). */
  code: WarIssueCode;
  params?: Readonly<Record<string, number>>;
}

/** Checks the whole list before saving: complete, each before earlier than its after, in order without overlaps. */
export function validateWars(wars: readonly War[], scans: readonly ScanOption[]): WarIssue[] {
  if (wars.length > MAX_WARS)
    return [
      {
        warIndex: null,
        message: `At most ${MAX_WARS} wars can be saved`,
        code: 'tooManyWars',
        params: { max: MAX_WARS },
      },
    ];
  if (!wars.every(isWarComplete))
    return [{ warIndex: null, message: WAR_MESSAGES.incomplete, code: 'warsIncomplete' }];
  const known = new Set(scans.map((s) => s.timestamp));
  const issues: WarIssue[] = [];
  wars.forEach((war, i) => {
    const before = war.beforeScan!.timestamp;
    const after = war.afterScan!.timestamp;
    if (!known.has(before) || !known.has(after))
      issues.push({
        warIndex: i,
        message: WAR_MESSAGES.invalidScan,
        code: 'warInvalidScan',
        params: { war: i + 1 },
      });
    else if (before >= after)
      issues.push({
        warIndex: i,
        message: WAR_MESSAGES.beforeAfter,
        code: 'warBeforeAfter',
        params: { war: i + 1 },
      });
    const previous = wars[i - 1];
    if (previous?.afterScan && before < previous.afterScan.timestamp) {
      issues.push({
        warIndex: i,
        message: overlapMessage(previous.name),
        code: 'warOverlap',
        params: { war: i + 1, previous: i },
      });
    }
  });
  return issues;
}

/** The saved form: complete wars only, with the earliest before-scan as the base. */
export function toWarsConfig(wars: readonly War[]): WarsConfig | null {
  const complete = wars.filter(isWarComplete);
  if (complete.length === 0) return null;
  const earliest = complete.reduce((a, b) => (b.beforeScan!.timestamp < a.beforeScan!.timestamp ? b : a));
  return {
    base: { [earliest.beforeScan!.scan_name]: earliest.beforeScan!.timestamp },
    wars: complete.map((w) => ({
      before: { [w.beforeScan!.scan_name]: w.beforeScan!.timestamp },
      after: { [w.afterScan!.scan_name]: w.afterScan!.timestamp },
    })),
  };
}

/** 'Save Formula + N War(s)' once every war is complete (SPEC §2), with short labels for small screens. */
export function saveButtonLabel(wars: readonly War[], short = false): string {
  if (!allWarsComplete(wars)) return short ? 'Save' : 'Save Formula';
  return short ? `Save + ${wars.length}` : `Save Formula + ${wars.length} War(s)`;
}
