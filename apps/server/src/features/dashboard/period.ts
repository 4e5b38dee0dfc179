import { badRequest } from '../../errors.ts';
import type { ScanInfo } from '../scans/kingdom-scans.ts';
import type { KingdomSettings } from '../settings/service.ts';

export const START_AFTER_END = 'Start date cannot be later than end date';

export interface ResolvedPeriod {
  start: ScanInfo;
  end: ScanInfo;
  /** The kingdom scans from start to end, oldest first. */
  scans: ScanInfo[];
}

/**
 * The period a request asks for. Given dates must be times of the kingdom's own kingdom scans (a 400 names the
 * parameter otherwise) and in order. A date not given comes from the kingdom's default dates (settings), else the
 * first and last scan; a default that no longer matches a scan, or that would land on the wrong side of a given
 * date, falls back to the first or last scan. Null when the kingdom has no kingdom scans and no date was given.
 */
export function resolvePeriod(
  scans: readonly ScanInfo[],
  settings: KingdomSettings,
  given: { start?: string | undefined; end?: string | undefined },
): ResolvedPeriod | null {
  const byTime = new Map(scans.map((scan) => [scan.takenAt, scan]));
  const pick = (text: string | undefined, parameter: string) => {
    if (text === undefined || text.trim() === '') return undefined;
    const scan = byTime.get(Number(text));
    if (!scan) {
      throw badRequest(`${parameter} ${text} is not the time of a scan of this kingdom`, [
        { path: `query.${parameter}`, message: 'must be the timestamp of one of the dates listed' },
      ]);
    }
    return scan;
  };
  const givenStart = pick(given.start, 'start_date');
  const givenEnd = pick(given.end, 'end_date');
  if (givenStart && givenEnd && givenStart.takenAt > givenEnd.takenAt) throw badRequest(START_AFTER_END);

  const first = scans[0];
  const last = scans.at(-1);
  if (!first || !last) return null;
  const defaultStart = lookup(byTime, settings.defaultDates.start) ?? first;
  const defaultEnd = lookup(byTime, settings.defaultDates.end) ?? last;

  let start = givenStart ?? defaultStart;
  let end = givenEnd ?? defaultEnd;
  if (start.takenAt > end.takenAt) {
    if (!givenStart) start = first;
    else end = last;
  }
  return {
    start,
    end,
    scans: scans.filter((scan) => scan.takenAt >= start.takenAt && scan.takenAt <= end.takenAt),
  };
}

function lookup(byTime: ReadonlyMap<number, ScanInfo>, text: string | null): ScanInfo | undefined {
  return text === null ? undefined : byTime.get(Number(text));
}
