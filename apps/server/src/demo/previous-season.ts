import type { GovernorStatRow } from '../features/scans/scan-store.ts';
import { createProfile, type Governor, partition, uniqueId } from './governors.ts';
import { NameFactory } from './names.ts';
import type { Rng } from './random.ts';
import { type GovernorState, initialState } from './scans.ts';
import { campOf, DAY, DEMO_KDS, exposure, type ScanSlot, type Timeline } from './timeline.ts';

/**
 * The previous KvK's scans (issue 13: a governor across two seasons). The current season's numbers are fixed
 * (scans.ts starts every governor from their profile at the first scan), so this season is laid *backwards* from
 * that starting point: each counter a governor had then is their count at the current season's first scan minus what
 * they gained since, so every counter only grows from the previous season into this one and the current season's
 * scans stay exactly as they were. Its own random stream: nobody else's numbers move.
 *
 * Who is there: everyone present at the current season's first scan, except a dozen per kingdom who arrived since
 * (half from outside the map, half migrated from another map kingdom, so they show in its scans under that home
 * kingdom), plus a few per kingdom who played that season and have left since. A few had another name or another
 * alliance then, so the governor page's histories span both seasons.
 */

const ARRIVED_SINCE_PER_KINGDOM = 12;
const LEFT_SINCE_PER_KINGDOM = 6;
const RENAMED_SINCE_PER_KINGDOM = 3;
const SWITCHED_SINCE_PER_KINGDOM = 5;
const KP_WEIGHTS = [0.2, 2, 4, 10, 20] as const;

interface Past {
  governor: Governor;
  /** The counters the backcast ends at: the governor's state at the current season's first scan. */
  end: GovernorState;
  name: string;
  alliance: string | null;
  homeKd: number;
  /** Shares of the end counters gained during the previous season (kills, dead, healed) and since it (all three). */
  season: { kills: number; dead: number; healed: number };
  since: number;
  /** Power lost per day back from the end (a smaller account then). */
  powerGrowth: number;
}

export interface PreviousSeasonScan {
  slot: ScanSlot;
  rows: GovernorStatRow[];
}

export function previousSeasonScans(
  rng: Rng,
  timeline: Timeline,
  population: readonly Governor[],
): PreviousSeasonScan[] {
  const endAt = timeline.scans[0]!.takenAt;
  const pasts = pastGovernors(rng, timeline, population, endAt);
  const season = timeline.previousSeason;
  const first = season.scans[0]!.takenAt;
  const last = season.scans.at(-1)!.takenAt;
  return season.scans.map((slot) => {
    const rows = pasts.map((past) => {
      // Fight exposure up to the scan against the whole season's: 0 at its first scan, 1 at its last.
      const cumulative = (to: number) =>
        exposure(season, first, to, past.governor.camp, past.governor.spirit);
      const total = cumulative(last);
      const done = cumulative(slot.takenAt);
      return toRow(
        past,
        slot,
        timeline,
        done.fight / total.fight,
        done.loss / total.loss,
        (endAt - slot.takenAt) / DAY,
      );
    });
    rows.sort((a, b) => (b.power ?? 0) - (a.power ?? 0) || a.governor_id - b.governor_id);
    return { slot, rows };
  });
}

function pastGovernors(rng: Rng, timeline: Timeline, population: readonly Governor[], endAt: number): Past[] {
  const names = new NameFactory(rng.fork('names'));
  names.reserve(population.flatMap((g) => (g.rename ? [g.name, g.rename.to] : [g.name])));
  const usedIds = new Set(population.map((g) => g.id));
  const pasts: Past[] = [];
  DEMO_KDS.forEach((kd, kingdomIndex) => {
    const r = rng.fork(`kingdom-${kd}`);
    const settled = population.filter((g) => g.homeKd === kd && g.firstScan === 0);
    const alliances = [...new Set(settled.map((g) => g.alliance).filter((a) => a !== null))].sort();
    const [arrived, renamed, switched] = partition(r, settled, [
      ARRIVED_SINCE_PER_KINGDOM,
      RENAMED_SINCE_PER_KINGDOM,
      SWITCHED_SINCE_PER_KINGDOM,
    ]);
    const absent = new Set(arrived!.slice(0, ARRIVED_SINCE_PER_KINGDOM / 2));
    const migrated = new Set(arrived!.slice(ARRIVED_SINCE_PER_KINGDOM / 2));
    const oldName = new Map(renamed!.map((g) => [g, names.governorName(kingdomIndex)]));
    const oldAlliance = new Map(
      switched!.map((g) => [g, r.pick([...alliances.filter((a) => a !== g.alliance), null])]),
    );
    for (const g of settled) {
      if (absent.has(g)) continue;
      const homeKd = migrated.has(g)
        ? DEMO_KDS[(kingdomIndex + r.int(1, DEMO_KDS.length - 1)) % DEMO_KDS.length]!
        : kd;
      pasts.push(
        past(r, g, initialState(g, endAt), {
          name: oldName.get(g) ?? g.name,
          alliance: oldAlliance.has(g) ? oldAlliance.get(g)! : g.alliance,
          homeKd,
        }),
      );
    }
    // Governors who played the previous season and have left since: profiles as the population's, new ids.
    for (let i = 0; i < LEFT_SINCE_PER_KINGDOM; i++) {
      const archetype = r.pick(['main', 'mid', 'mid', 'farm'] as const);
      const governor: Governor = {
        id: uniqueId(r, usedIds),
        homeKd: kd,
        camp: campOf(kd),
        archetype,
        name: names.governorName(kingdomIndex),
        rename: null,
        alliance: r.pick(alliances),
        allianceChange: null,
        firstScan: -1,
        lastScan: -1,
        zeroAt: null,
        ...createProfile(r, archetype, 1, 1, timeline.fights.length),
      };
      pasts.push(past(r, governor, initialState(governor, endAt), governor));
    }
  });
  return pasts;
}

function past(
  r: Rng,
  governor: Governor,
  end: GovernorState,
  who: { name: string; alliance: string | null; homeKd: number },
): Past {
  const farm = governor.archetype === 'farm';
  // The previous season's kills as a share of the count at this season's start: fighters made a good part of their
  // career there (a quieter KvK than this one, on smaller accounts).
  const kills = farm
    ? r.float(0.005, 0.03)
    : Math.min(0.65, 0.08 + 0.45 * governor.aggression * r.noise(0.3));
  return {
    governor,
    end,
    ...who,
    season: {
      kills,
      dead: Math.min(0.6, kills * r.float(0.6, 1.2)),
      healed: Math.min(0.6, kills * r.float(0.8, 1.2)),
    },
    since: r.float(0.01, 0.05),
    powerGrowth: r.float(0.0005, 0.002),
  };
}

function toRow(
  p: Past,
  slot: ScanSlot,
  timeline: Timeline,
  fought: number,
  lost: number,
  daysBeforeEnd: number,
): GovernorStatRow {
  const { end, governor: g } = p;
  const share = (seasonShare: number, progress: number) => 1 - p.since - seasonShare * (1 - progress);
  const killShare = share(p.season.kills, fought);
  const deadShare = share(p.season.dead, lost);
  const healShare = share(p.season.healed, fought);
  const kills = end.kills.map((k) => Math.floor(k * killShare)) as number[];
  // Steady counters run back linearly, never below a fifth of today's.
  const steady = (value: number, perDay: number) =>
    Math.floor(value * Math.max(0.2, 1 - (perDay * daysBeforeEnd) / Math.max(value, 1)));
  const season = timeline.previousSeason;
  const inSeason = slot.takenAt >= season.open && slot.takenAt <= season.close;
  // Deaths in the season's fights leave a dent in power that is retrained over the following weeks.
  const dent = season.fights.reduce((sum, fight) => {
    if (slot.takenAt <= fight.start) return sum;
    const since = Math.max(0, slot.takenAt - fight.end) / DAY;
    return sum + fight.loss[g.camp]! * Math.exp(-0.1 * since);
  }, 0);
  const power = end.power * (1 - p.powerGrowth * daysBeforeEnd) * (1 - 0.03 * g.aggression * dent);
  const t45Gained = (end.kills[3] + end.kills[4]) * (killShare - share(p.season.kills, 0));
  const seasonDays = Math.max(0, (slot.takenAt - season.open) / DAY);
  return {
    governor_id: g.id,
    name: p.name,
    alliance: p.alliance,
    home_kd: p.homeKd,
    power: Math.round(power),
    kill_points: Math.round(kills.reduce((sum, k, i) => sum + k * KP_WEIGHTS[i]!, 0)),
    t1_kills: kills[0]!,
    t2_kills: kills[1]!,
    t3_kills: kills[2]!,
    t4_kills: kills[3]!,
    t5_kills: kills[4]!,
    dead: Math.floor(end.dead * deadShare),
    t4_dead: Math.floor(end.t4Dead * deadShare),
    t5_dead: Math.floor(end.t5Dead * deadShare),
    healed: Math.floor(end.healed * healShare),
    t4_healed: Math.floor(end.t4Healed * healShare),
    t5_healed: Math.floor(end.t5Healed * healShare),
    rss_gathered: steady(end.rss, g.gatherPerDay * 0.8),
    rss_assistance: steady(end.assist, g.assistPerDay),
    helps: steady(end.helps, g.helpsPerDay),
    // A KvK-season counter: read only while that season ran.
    acclaim: inSeason
      ? Math.floor(t45Gained * 0.004 + seasonDays * g.helpsPerDay * 4 * (0.2 + g.aggression))
      : null,
    extra_json: null,
  };
}
