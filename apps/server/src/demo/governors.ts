import { allianceTags, farmTag, NameFactory } from './names.ts';
import type { Rng } from './random.ts';
import { campOf, DEMO_KDS, type Timeline } from './timeline.ts';

/**
 * The demo population: 300 governors per kingdom at any time, each with a profile that drives how their numbers
 * move in scans.ts. Power is heavy-tailed (a few whales, a broad middle, a layer of farms), fighting is
 * concentrated in big active accounts, and a fixed handful per kingdom migrate, switch alliance, rename or get
 * zeroed, so that every one of those cases is always present in the demo.
 */

export type Archetype = 'whale' | 'main' | 'mid' | 'farm';

export interface Lifetime {
  /** T1..T5 kills. */
  kills: [number, number, number, number, number];
  dead: number;
  healed: number;
  rss: number;
  assist: number;
  helps: number;
}

export interface Governor {
  id: number;
  homeKd: number;
  camp: number;
  archetype: Archetype;
  name: string;
  /** A rename: from scan `at` on the governor is called `to`. */
  rename: { at: number; to: string } | null;
  alliance: string | null;
  allianceChange: { at: number; to: string | null } | null;
  /** First and last scan index (inclusive) the governor appears in; migrants start late or stop early. */
  firstScan: number;
  lastScan: number;
  /** Scan index at which the governor is zeroed (loses ~90% of power), or null. */
  zeroAt: number | null;
  /** A migration to another kingdom of the map: from scan `at` on, the governor's home kd is `to`. */
  migration?: { at: number; to: number };
  /** From this scan index on the account is abandoned: none of its counters move any more. */
  dormantFrom?: number;
  power: number;
  /** Organic power growth per day (buildings, research, training), as a fraction. */
  growth: number;
  /** 0 (never fights) … ~1.3 (front-liner). */
  aggression: number;
  /** Turn-out per fight window of the timeline. */
  spirit: number[];
  /** Share of kills that are T5, and of T1..T3. */
  t5Share: number;
  lowTierShares: [number, number, number];
  /** Troops dead per troop killed, and healed per troop killed. */
  deadRatio: number;
  healRatio: number;
  /** Per day: resources gathered, resources sent to allies, alliance helps. */
  gatherPerDay: number;
  assistPerDay: number;
  helpsPerDay: number;
  lifetime: Lifetime;
}

export const BASE_GOVERNORS_PER_KINGDOM = 300;
/** ~3% of a kingdom leaves during the season and ~3% arrives. */
const MIGRANTS_PER_KINGDOM = 9;
const ZEROED_PER_KINGDOM = 3;
const ALLIANCE_SWITCHES_PER_KINGDOM = 3;
const RENAMES_PER_KINGDOM = 2;
const MAIN_ALLIANCE_WEIGHTS = [30, 20, 14, 10, 8, 6, 4];

export function createPopulation(rng: Rng, timeline: Timeline): Governor[] {
  const names = new NameFactory(rng.fork('names'));
  const usedTags = new Set<string>();
  const usedIds = new Set<number>();
  const lastIndex = timeline.scans.length - 1;
  // Migration, zeroing and renames happen mid-season, away from the first and last few scans, so they show as
  // changes inside the default period rather than at its edges.
  const midSeason = range(5, lastIndex - 5);
  const warScans = timeline.scans
    .filter((scan) =>
      timeline.fights.some(
        (f) => f.label.startsWith('War') && scan.takenAt > f.start && scan.takenAt <= f.end,
      ),
    )
    .map((scan) => scan.index);

  const population: Governor[] = [];
  DEMO_KDS.forEach((kd, kingdomIndex) => {
    const r = rng.fork(`kingdom-${kd}`);
    // Some kingdoms are simply stronger or more active than others.
    const strength = r.float(0.8, 1.15);
    const activity = r.float(0.75, 1.2);
    const mains = allianceTags(r, MAIN_ALLIANCE_WEIGHTS.length, usedTags, kingdomIndex === 2);
    const farm = farmTag(mains[0]!, usedTags);
    const chooseAlliance = (archetype: Archetype): string | null => {
      if (r.chance(0.03)) return null;
      if (archetype === 'farm' && r.chance(0.7)) return farm;
      return r.weighted(mains.map((tag, i) => [tag, MAIN_ALLIANCE_WEIGHTS[i]!] as const));
    };

    const members: Governor[] = [];
    for (let i = 0; i < BASE_GOVERNORS_PER_KINGDOM + MIGRANTS_PER_KINGDOM; i++) {
      const migrantIn = i >= BASE_GOVERNORS_PER_KINGDOM;
      const archetype = migrantIn ? r.pick<Archetype>(['main', 'mid', 'mid', 'farm']) : pickArchetype(r);
      const profile = createProfile(r, archetype, strength, activity, timeline.fights.length);
      members.push({
        id: uniqueId(r, usedIds),
        homeKd: kd,
        camp: campOf(kd),
        archetype,
        name: names.governorName(kingdomIndex),
        rename: null,
        alliance: chooseAlliance(archetype),
        allianceChange: null,
        firstScan: migrantIn ? r.pick(midSeason) : 0,
        lastScan: lastIndex,
        zeroAt: null,
        ...profile,
      });
    }

    const settled = members.filter((g) => g.firstScan === 0);
    const [leaving, switching, renaming] = partition(r, settled, [
      MIGRANTS_PER_KINGDOM,
      ALLIANCE_SWITCHES_PER_KINGDOM,
      RENAMES_PER_KINGDOM,
    ]);
    for (const g of leaving!) g.lastScan = r.pick(midSeason);
    for (const g of switching!) {
      const options = [...mains, null].filter((tag) => tag !== g.alliance);
      g.allianceChange = { at: r.pick(midSeason), to: r.pick(options) };
    }
    for (const g of renaming!) g.rename = { at: r.pick(midSeason), to: names.governorName(kingdomIndex) };
    // The zeroed are fighting accounts that stay for the whole season, caught in a war.
    const zeroable = settled.filter(
      (g) =>
        g.lastScan === lastIndex && g.archetype !== 'farm' && g.archetype !== 'whale' && g.aggression > 0.3,
    );
    for (const g of r.sample(zeroable, ZEROED_PER_KINGDOM)) g.zeroAt = r.pick(warScans);
    for (const member of members) population.push(member);
  });
  addMovements(rng.fork('movements'), population, lastIndex);
  return population;
}

const MIGRATIONS_PER_KINGDOM = 2;
const DORMANT_PER_KINGDOM = 4;

/**
 * A few governors of each kingdom who stay for the whole season move to another kingdom of the map mid-season, and
 * a few accounts are abandoned in the last weeks (issue 13: arrivals, departures and inactive accounts). Drawn from
 * their own stream, so the rest of the population is the same as without them.
 */
function addMovements(r: Rng, population: readonly Governor[], lastIndex: number): void {
  const midSeason = range(5, lastIndex - 5);
  const lateSeason = range(lastIndex - 12, lastIndex - 3);
  DEMO_KDS.forEach((kd, kingdomIndex) => {
    const staying = population.filter(
      (g) => g.homeKd === kd && g.firstScan === 0 && g.lastScan === lastIndex && g.zeroAt === null,
    );
    const [moving, dormant] = partition(r, staying, [MIGRATIONS_PER_KINGDOM, DORMANT_PER_KINGDOM]);
    // The first goes to the next kingdom of the list (the last to the first), so every kingdom gains someone.
    moving!.forEach((g, i) => {
      const step = i === 0 ? 1 : r.int(2, DEMO_KDS.length - 1);
      g.migration = { at: r.pick(midSeason), to: DEMO_KDS[(kingdomIndex + step) % DEMO_KDS.length]! };
    });
    for (const g of dormant!) g.dormantFrom = r.pick(lateSeason);
  });
}

function pickArchetype(r: Rng): Archetype {
  return r.weighted<Archetype>([
    ['whale', 2],
    ['main', 10],
    ['mid', 58],
    ['farm', 30],
  ]);
}

export type Profile = Omit<
  Governor,
  | 'id'
  | 'homeKd'
  | 'camp'
  | 'archetype'
  | 'name'
  | 'rename'
  | 'alliance'
  | 'allianceChange'
  | 'firstScan'
  | 'lastScan'
  | 'zeroAt'
>;

export function createProfile(
  r: Rng,
  archetype: Archetype,
  strength: number,
  activity: number,
  fights: number,
): Profile {
  const M = 1_000_000;
  const power =
    {
      whale: () => r.logUniform(150 * M, 300 * M),
      main: () => r.logUniform(80 * M, 150 * M),
      mid: () => r.logUniform(20 * M, 80 * M),
      farm: () => r.logUniform(5 * M, 20 * M),
    }[archetype]() * strength;
  const inactive = archetype !== 'farm' && r.chance(0.12);
  const aggression = inactive
    ? r.float(0, 0.05)
    : {
        whale: () => r.float(0.4, 1.3),
        main: () => r.float(0.3, 1.2),
        mid: () => r.float(0.05, 1) ** 1.4 + 0.03,
        farm: () => r.float(0, 0.06),
      }[archetype]() * activity;
  // T5 troops take a long way to unlock: big accounts fight with them, small ones barely have any.
  const t5Share = {
    whale: () => r.float(0.3, 0.45),
    main: () => r.float(0.2, 0.38),
    mid: () => (power > 40 * M ? r.float(0.05, 0.25) : r.float(0, 0.08)),
    farm: () => 0,
  }[archetype]();
  const lowTierShares: [number, number, number] =
    archetype === 'farm'
      ? [r.float(0.05, 0.2), r.float(0.05, 0.15), r.float(0.1, 0.25)]
      : [r.float(0.005, 0.03), r.float(0.003, 0.015), r.float(0.01, 0.05)];
  const deadRatio = r.float(0.08, 0.25);
  const healRatio = r.float(1.2, 3);
  const farm = archetype === 'farm';
  const gatherPerDay = power * (farm ? r.float(1, 2.5) : r.float(0.05, 0.3));
  const assistPerDay = power * (farm ? r.float(0.3, 1) : r.float(0.01, 0.1));
  const helpsPerDay = r.float(20, 250);
  const spirit = Array.from({ length: fights }, () => (r.chance(0.85) ? r.float(0.6, 1.4) : 0.05));

  // What the account did before the demo starts: a career proportional to its size and temperament.
  const career = r.noise(0.4);
  const totalKills = farm
    ? power * r.float(0.01, 0.1)
    : power * career * r.float(0.2, 0.8) * (0.2 + aggression);
  const t5 = totalKills * t5Share;
  const low = lowTierShares.map((share) => totalKills * share);
  const t4 = totalKills - t5 - low[0]! - low[1]! - low[2]!;
  const lifetime: Lifetime = {
    kills: [low[0]!, low[1]!, low[2]!, t4, t5],
    dead: totalKills * deadRatio * r.float(0.8, 1.5) + power * r.float(0.005, 0.02),
    healed: totalKills * healRatio * r.float(0.8, 1.2),
    rss: gatherPerDay * r.float(150, 600),
    assist: assistPerDay * r.float(100, 500),
    helps: helpsPerDay * r.float(100, 600),
  };
  return {
    power,
    growth: r.float(0.0008, 0.004),
    aggression,
    spirit,
    t5Share,
    lowTierShares,
    deadRatio,
    healRatio,
    gatherPerDay,
    assistPerDay,
    helpsPerDay,
    lifetime,
  };
}

/** Governor ids look like the game's: 8–9 digits. */
export function uniqueId(r: Rng, used: Set<number>): number {
  for (;;) {
    const id = r.int(10_000_000, 199_999_999);
    if (!used.has(id)) {
      used.add(id);
      return id;
    }
  }
}

/** Disjoint random groups of the given sizes. */
export function partition<T>(r: Rng, items: readonly T[], sizes: readonly number[]): T[][] {
  const shuffled = r.shuffle(items);
  let offset = 0;
  return sizes.map((size) => {
    const group = shuffled.slice(offset, offset + size);
    offset += size;
    return group;
  });
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
