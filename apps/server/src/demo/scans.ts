import type { GovernorStatRow } from '../features/scans/scan-store.ts';
import type { Governor } from './governors.ts';
import type { Rng } from './random.ts';
import { DAY, exposure, type ScanSlot, type Timeline } from './timeline.ts';

/**
 * The time series: each governor's cumulative numbers advanced from one scan to the next. Kills, dead, healed,
 * resources and helps only ever grow (they are lifetime counters in the game); power grows slowly, drops when
 * troops die and is rebuilt over the following days, and collapses for the few governors zeroed in a war.
 */

export interface GovernorState {
  power: number;
  /** Power lost to deaths and not yet retrained. */
  debt: number;
  kills: [number, number, number, number, number];
  dead: number;
  t4Dead: number;
  t5Dead: number;
  healed: number;
  t4Healed: number;
  t5Healed: number;
  rss: number;
  assist: number;
  helps: number;
  acclaim: number;
  zeroed: boolean;
  at: number;
}

export interface SimulatedScan {
  slot: ScanSlot;
  rows: GovernorStatRow[];
  /** Live state of every governor present so far; copy what you need before the next scan. */
  states: ReadonlyMap<number, GovernorState>;
}

/** Kills per day of full fighting, as a fraction of power, for a governor with aggression 1. */
const KILL_RATE = 0.07;
/** Share of lost troop power retrained per day. */
const RETRAIN_RATE = 0.15;
/** The game's kill points per kill of T1..T5. */
const KP_WEIGHTS = [0.2, 2, 4, 10, 20] as const;
/** Power per troop, used to turn deaths into power loss (T1–T3 averaged). */
const TROOP_POWER = { low: 3, t4: 10, t5: 20 } as const;
/** Scanners read a field wrong now and then; they leave it empty rather than guess. */
const UNREADABLE_FIELD_RATE = 0.002;

export function* simulateScans(
  rng: Rng,
  timeline: Timeline,
  governors: readonly Governor[],
): Generator<SimulatedScan> {
  const states = new Map<number, GovernorState>();
  for (const slot of timeline.scans) {
    const rows: GovernorStatRow[] = [];
    for (const governor of governors) {
      if (slot.index < governor.firstScan || slot.index > governor.lastScan) continue;
      let state = states.get(governor.id);
      if (!state) {
        state = initialState(governor, slot.takenAt);
        states.set(governor.id, state);
      } else if (governor.dormantFrom !== undefined && slot.index >= governor.dormantFrom) {
        // An abandoned account: its numbers stay; the draws are made anyway so that nobody else's numbers change.
        advance(rng, timeline, governor, { ...state, kills: [...state.kills] }, slot.takenAt);
        state.at = slot.takenAt;
      } else {
        advance(rng, timeline, governor, state, slot.takenAt);
      }
      if (governor.zeroAt === slot.index) zero(rng, governor, state);
      rows.push(toRow(rng, timeline, governor, state, slot));
    }
    // Scanners list governors by power, highest first.
    rows.sort((a, b) => (b.power ?? 0) - (a.power ?? 0) || a.governor_id - b.governor_id);
    yield { slot, rows, states };
  }
}

export function initialState(g: Governor, at: number): GovernorState {
  const { lifetime: l, t5Share } = g;
  return {
    power: g.power,
    debt: 0,
    kills: [...l.kills],
    dead: l.dead,
    t5Dead: l.dead * t5Share * 0.9,
    t4Dead: l.dead * (0.92 - t5Share * 0.9),
    healed: l.healed,
    t5Healed: l.healed * t5Share,
    t4Healed: l.healed * (0.9 - t5Share),
    rss: l.rss,
    assist: l.assist,
    helps: l.helps,
    acclaim: 0,
    zeroed: false,
    at,
  };
}

function advance(rng: Rng, timeline: Timeline, g: Governor, s: GovernorState, to: number): void {
  const from = s.at;
  const days = (to - from) / DAY;
  const aggression = s.zeroed ? g.aggression * 0.05 : g.aggression;
  const seen = exposure(timeline, from, to, g.camp, g.spirit);
  const noise = rng.noise(0.35);

  const killed = s.power * KILL_RATE * aggression * seen.fight * noise;
  const t5 = killed * g.t5Share;
  const low = g.lowTierShares.map((share) => killed * share);
  const t4 = Math.max(0, killed - t5 - low[0]! - low[1]! - low[2]!);
  add(s.kills, [low[0]!, low[1]!, low[2]!, t4, t5]);

  // Dying follows the same fights, weighted by how the camp fared; never more than a third of the account.
  const troopPower = TROOP_POWER.t4 * (1 - g.t5Share) + TROOP_POWER.t5 * g.t5Share;
  const died = Math.min(
    s.power * KILL_RATE * aggression * seen.loss * g.deadRatio * noise * rng.noise(0.25),
    (s.power * 0.33) / troopPower,
  );
  const t5Died = died * g.t5Share * 0.9;
  const t4Died = died * (0.92 - g.t5Share * 0.9);
  s.dead += died;
  s.t5Dead += t5Died;
  s.t4Dead += t4Died;

  const healed = killed * g.healRatio * rng.noise(0.2);
  s.healed += healed;
  s.t5Healed += healed * g.t5Share;
  s.t4Healed += healed * (0.9 - g.t5Share);

  const lost = t4Died * TROOP_POWER.t4 + t5Died * TROOP_POWER.t5 + (died - t4Died - t5Died) * TROOP_POWER.low;
  const retrained = s.debt * (1 - Math.exp(-RETRAIN_RATE * days));
  const growth = s.power * (s.zeroed ? 0.0005 : g.growth) * days * rng.noise(0.3);
  s.power = s.power - lost + retrained + growth;
  s.debt = s.zeroed ? 0 : s.debt - retrained + lost;

  // Farms gather more during peace; everyone sends rss and helps at a steady pace.
  const peace = seen.fight < 0.2 ? 1 : 0.6;
  s.rss += g.gatherPerDay * days * peace * rng.noise(0.3);
  s.assist += g.assistPerDay * days * rng.noise(0.4);
  s.helps += g.helpsPerDay * days * rng.noise(0.3);
  if (to > timeline.open) {
    const kvkDays = (to - Math.max(from, timeline.open)) / DAY;
    s.acclaim += (t4 + t5) * 0.004 + kvkDays * g.helpsPerDay * 4 * (0.2 + aggression);
  }
  s.at = to;
}

/** Caught with troops out: ~90% of power gone in one scan, counted as dead troops. */
function zero(rng: Rng, g: Governor, s: GovernorState): void {
  const lost = s.power * rng.float(0.87, 0.92);
  const troopPower = TROOP_POWER.t4 * (1 - g.t5Share) + TROOP_POWER.t5 * g.t5Share;
  const died = lost / troopPower;
  s.dead += died;
  s.t5Dead += died * g.t5Share;
  s.t4Dead += died * (1 - g.t5Share) * 0.97;
  s.power -= lost;
  s.debt = 0;
  s.zeroed = true;
}

function toRow(rng: Rng, timeline: Timeline, g: Governor, s: GovernorState, slot: ScanSlot): GovernorStatRow {
  const kills = s.kills.map(Math.floor) as [number, number, number, number, number];
  const renamed = g.rename && slot.index >= g.rename.at;
  const switched = g.allianceChange && slot.index >= g.allianceChange.at;
  const unreadable = () => rng.chance(UNREADABLE_FIELD_RATE);
  const helpsKnown = !unreadable();
  const healSplitKnown = !unreadable();
  return {
    governor_id: g.id,
    name: renamed ? g.rename!.to : g.name,
    alliance: switched ? g.allianceChange!.to : g.alliance,
    home_kd: g.migration && slot.index >= g.migration.at ? g.migration.to : g.homeKd,
    power: Math.round(s.power),
    kill_points: Math.round(kills.reduce((sum, k, i) => sum + k * KP_WEIGHTS[i]!, 0)),
    t1_kills: kills[0],
    t2_kills: kills[1],
    t3_kills: kills[2],
    t4_kills: kills[3],
    t5_kills: kills[4],
    dead: Math.floor(s.dead),
    t4_dead: Math.floor(s.t4Dead),
    t5_dead: Math.floor(s.t5Dead),
    healed: Math.floor(s.healed),
    t4_healed: healSplitKnown ? Math.floor(s.t4Healed) : null,
    t5_healed: healSplitKnown ? Math.floor(s.t5Healed) : null,
    rss_gathered: Math.floor(s.rss),
    rss_assistance: helpsKnown ? Math.floor(s.assist) : null,
    helps: helpsKnown ? Math.floor(s.helps) : null,
    // Acclaim is a KvK-season counter: before the season opens the scanner has nothing to read.
    acclaim: slot.takenAt < timeline.open ? null : Math.floor(s.acclaim),
    extra_json: null,
  };
}

function add(target: number[], increments: readonly number[]): void {
  increments.forEach((value, i) => {
    target[i] = (target[i] ?? 0) + value;
  });
}
