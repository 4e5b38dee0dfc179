import type { Insertable } from 'kysely';
import type { RallyParticipantTable, RallyTable } from '../db/schema.ts';
import type { Rng } from './random.ts';
import { DAY, DEMO_KD, isDuringFight, type Timeline } from './timeline.ts';

/**
 * Rallies of the demo kingdom over the last days up to `now`, as the rally bot records them: who launched and who
 * joined. The window is today plus the 8 days before it, so the whole current ISO week (Monday–Sunday, UTC) —
 * including today, however early it is — and part of last week always have rallies.
 *
 * The launcher is not listed as a participant: rally_participants are the governors who joined. A governor's
 * "total launched" counts rallies table rows and "total joined" participant rows, and their sum is their total.
 */

export interface RallyCandidate {
  id: number;
  name: string;
  power: number;
  aggression: number;
}

export interface GeneratedRallies {
  rallies: Insertable<RallyTable>[];
  participants: Insertable<RallyParticipantTable>[];
}

export const RALLY_DAYS = 9;
const LAUNCHERS = 40;
/** Snowflake-style ids (as a Discord bot would record), counted from 2015-01-01 in milliseconds. */
const SNOWFLAKE_EPOCH_MS = 1_420_070_400_000n;

export function generateRallies(
  rng: Rng,
  timeline: Timeline,
  candidates: readonly RallyCandidate[],
): GeneratedRallies {
  const fighters = candidates.filter((c) => c.aggression > 0.15);
  // Big, active accounts lead rallies; anyone who fights joins them, the stronger more often.
  const launchers = weightedPool(
    [...fighters].sort((a, b) => b.power - a.power || a.id - b.id).slice(0, LAUNCHERS),
    (c) => c.power,
  );
  const joiners = weightedPool(fighters, (c) => c.power * c.aggression);
  if (launchers.items.length === 0 || joiners.items.length < 16) {
    throw new Error('Demo population has too few fighting governors for rallies');
  }

  const rallies: Insertable<RallyTable>[] = [];
  const participants: Insertable<RallyParticipantTable>[] = [];
  let sequence = 0;
  for (let back = RALLY_DAYS - 1; back >= 0; back--) {
    const start = timeline.today - back * DAY;
    const end = back === 0 ? timeline.now : start + DAY - 1;
    const busy = isDuringFight(timeline, start, start + DAY);
    const fullDay = busy ? rng.int(45, 60) : rng.int(20, 35);
    // Today only has the part of the day that has passed, but always a few rallies.
    const count = back === 0 ? Math.max(3, Math.round((fullDay * (end - start)) / DAY)) : fullDay;
    const times = Array.from(
      { length: count },
      () => start + Math.floor(rng.next() * (end - start + 1)),
    ).sort((a, b) => a - b);
    for (const launchedAt of times) {
      const launcher = launchers.pick(rng);
      const ms = BigInt(launchedAt) * 1000n + BigInt(rng.int(0, 999));
      const rallyId = (((ms - SNOWFLAKE_EPOCH_MS) << 22n) | BigInt(sequence++ & 0x3fffff)).toString();
      rallies.push({
        kingdom_kd: DEMO_KD,
        rally_id: rallyId,
        launched_at: launchedAt,
        launcher_id: launcher.id,
        launcher_name: launcher.name,
      });
      const joined = new Set<number>([launcher.id]);
      const size = rng.int(3, 15);
      while (joined.size < size + 1) {
        const joiner = joiners.pick(rng);
        if (joined.has(joiner.id)) continue;
        joined.add(joiner.id);
        participants.push({
          kingdom_kd: DEMO_KD,
          rally_id: rallyId,
          governor_id: joiner.id,
          governor_name: joiner.name,
        });
      }
    }
  }
  return { rallies, participants };
}

interface WeightedPool<T> {
  items: readonly T[];
  pick(rng: Rng): T;
}

/** Weighted picking by binary search over cumulative weights: thousands of picks stay cheap. */
function weightedPool<T>(items: readonly T[], weight: (item: T) => number): WeightedPool<T> {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    total += Math.max(weight(item), 0);
    cumulative.push(total);
  }
  return {
    items,
    pick(rng) {
      const target = rng.next() * total;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (cumulative[mid]! > target) high = mid;
        else low = mid + 1;
      }
      return items[low]!;
    },
  };
}
