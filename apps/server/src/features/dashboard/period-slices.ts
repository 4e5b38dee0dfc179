import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { yieldToEventLoop } from '../../event-loop.ts';

/**
 * SQLite reads a period in slices of governors, one statement each, with a turn of the event loop between them:
 * better-sqlite3 is synchronous, and the whole period of a 16,000-governor map in one statement held the loop for
 * 31 ms, while every other request (another viewer's page, a warm call) waited. In slices of 2,000 each statement
 * holds it about 5 ms, and the whole computation takes a few per cent longer (docs/benchmarks.md, "Issue 16: what is
 * left of the ratios, and the first screen's requests (session 19)"). PostgreSQL's reads yield anyway.
 */
export const PERIOD_SLICE_GOVERNORS = 2_000;

/** Governor ids from `from` (inclusive) to `below` (exclusive); an end left out is open. */
export interface GovernorIdRange {
  from?: number;
  below?: number;
}

/**
 * Ranges of governor ids that together cover every id, each holding `size` governors of the scan `scanId` (the
 * period's last), the last range the rest. Governors not in that scan (those who left during the period) fall into
 * whichever range holds their id. One range, open at both ends, when the scan has at most `size` governors.
 */
export async function governorIdRanges(
  db: Kysely<Database>,
  scanId: number,
  size: number,
): Promise<GovernorIdRange[]> {
  const { rows } = await sql<{ governor_id: number | string }>`
    select governor_id from (
      select governor_id, row_number() over (order by governor_id) as n
      from governor_stats where scan_id = ${scanId}
    ) numbered where n > 1 and n % ${size} = 1 order by governor_id`.execute(db);
  const bounds = rows.map((row) => Number(row.governor_id));
  const ranges: GovernorIdRange[] = [];
  let from: number | undefined;
  for (const below of bounds) {
    ranges.push(from === undefined ? { below } : { from, below });
    from = below;
  }
  ranges.push(from === undefined ? {} : { from });
  return ranges;
}

/** One slice's answer: its packed rows and its governors' home kds, each a JSON text (SQLite's aggregates). */
export interface PackedSlice {
  packed: unknown;
  homeKds: unknown;
}

/**
 * Reads each range in turn (`readRange`, one statement) and joins their rows and home kds, yielding to the event loop
 * after every statement. Null when `readRange` says the period has nothing to read. Each slice is a read of its own,
 * not one transaction: a transaction would hold the app's one SQLite connection, and every other request's reads and
 * an import's writes would wait for the whole period again. An import that commits between two slices leaves this
 * computation a mix of before and after for the requests already waiting on it; it also changes the scans' revisions
 * in the period's cache key, so the next request computes the period anew.
 */
export async function readInSlices(
  ranges: readonly GovernorIdRange[],
  readRange: (range: GovernorIdRange) => Promise<PackedSlice | null>,
): Promise<{ values: unknown[][]; homeKds: unknown[] } | null> {
  const values: unknown[][] = [];
  const homeKds = new Set<unknown>();
  for (const range of ranges) {
    const slice = await readRange(range);
    if (slice === null) return null;
    await yieldToEventLoop();
    for (const row of parsedArray(slice.packed)) values.push(row as unknown[]);
    for (const kd of parsedArray(slice.homeKds)) homeKds.add(kd);
  }
  return { values, homeKds: [...homeKds] };
}

function parsedArray(text: unknown): unknown[] {
  return JSON.parse((text as string | null | undefined) ?? '[]') as unknown[];
}
