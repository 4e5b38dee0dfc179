import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { addKingdom } from '../../src/features/kingdoms/service.ts';
import { type RallyInput, storeRallies } from '../../src/features/rally/store.ts';

/** Unix seconds of an ISO time. */
export const at = (iso: string) => Date.parse(iso) / 1000;

/** "Now" for every rally test: Wednesday 2026-11-18 12:00 UTC (this week: Mon Nov 16 – Sun Nov 22). */
export const NOW = at('2026-11-18T12:00:00Z');

export const KD = 1001;
export const CODE = 'rally-code';
export const OTHER_KD = 1002;

const alpha = { id: 101, name: 'Alpha' };
const bravo = { id: 102, name: 'bravo' };
const charlie = { id: 103, name: 'Charlie' };
const delta = { id: 104, name: 'Delta' };
const echo = { id: 105, name: 'echo' };

function rally(
  rallyId: string,
  iso: string,
  launcher: { id: number; name: string },
  participants: { id: number; name: string }[] = [],
): RallyInput {
  return { rallyId, launchedAt: at(iso), launcher, participants };
}

/**
 * Rallies of kingdom 1001 around NOW, each placed on or next to a period boundary; expectations are worked out in
 * the tests. bravo renamed to 'bravo [NEW]' in r2, their latest rally today.
 */
export const RALLIES: RallyInput[] = [
  rally('r1', '2026-11-18T10:00:00Z', alpha, [bravo, charlie]),
  rally('r2', '2026-11-18T11:00:00Z', { id: 102, name: 'bravo [NEW]' }, [alpha, charlie, delta]),
  rally('r3', '2026-11-17T09:00:00Z', alpha, [bravo]),
  // The first second of this week.
  rally('r4', '2026-11-16T00:00:00Z', charlie, [echo]),
  // The last second of last week.
  rally('r5', '2026-11-15T23:59:59Z', delta, [alpha, bravo]),
  // The first second of last week; nobody joined.
  rally('r6', '2026-11-09T00:00:00Z', echo),
  rally('r7', '2026-11-08T23:59:59Z', alpha),
  // Last 30 days starts 2026-10-20 00:00: r8 is one second before it, r9 at it.
  rally('r8', '2026-10-19T23:59:59Z', bravo, [alpha]),
  rally('r9', '2026-10-20T00:00:00Z', charlie),
];

/** Kingdoms 1001 (with RALLIES) and 1002, whose rally must never count for 1001. */
export async function seedRallies(db: Kysely<Database>): Promise<void> {
  await addKingdom(db, { kd: KD, code: CODE });
  await addKingdom(db, { kd: OTHER_KD, code: 'other-code' });
  await storeRallies(db, KD, RALLIES);
  await storeRallies(db, OTHER_KD, [
    rally('r1', '2026-11-18T10:00:00Z', alpha, [bravo, charlie, delta, echo]),
  ]);
}
