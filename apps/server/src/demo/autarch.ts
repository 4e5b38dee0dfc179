import type { GovernorStatRow, NewScan } from '../features/scans/scan-store.ts';
import type { Governor } from './governors.ts';
import type { Rng } from './random.ts';
import { DAY, DEMO_KD, HOUR, type Timeline } from './timeline.ts';

/**
 * Autarch data: a separate event with its own counters that start at zero, scanned once a day for the last six
 * days. Only the fighting accounts of the map take part, some joining a few days in. The scans carry what the
 * autarch view needs (T4/T5 kills, dead and healed, plus power); Kill/Death/Heal Points are derived from those
 * with the SPEC's T4×1 + T5×5 weights by whoever reads them, so the other stat columns stay unknown (NULL).
 */

export const AUTARCH_SCANS = 6;

export interface AutarchEntrant {
  governor: Governor;
  /** The governor's row in the latest kingdom scan (name, alliance, power as of now). */
  latest: GovernorStatRow;
}

export function generateAutarchScans(
  rng: Rng,
  timeline: Timeline,
  entrants: readonly AutarchEntrant[],
): NewScan[] {
  const last = Math.floor(timeline.now / HOUR) * HOUR - 2 * HOUR;
  const taking = entrants.filter((e) => e.governor.aggression > 0.25 && (e.latest.power ?? 0) > 30_000_000);
  const joins = new Map(taking.map((e) => [e.governor.id, rng.chance(0.75) ? 0 : rng.int(1, 3)]));
  const totals = new Map(taking.map((e) => [e.governor.id, [0, 0, 0, 0, 0, 0]]));

  const scans: NewScan[] = [];
  for (let day = 0; day < AUTARCH_SCANS; day++) {
    const rows: GovernorStatRow[] = [];
    for (const { governor: g, latest } of taking) {
      if (day < joins.get(g.id)!) continue;
      const t = totals.get(g.id)!;
      const power = latest.power ?? 0;
      const kills = power * g.aggression * rng.float(0.002, 0.012);
      const dead = kills * g.deadRatio * rng.noise(0.3);
      const healed = kills * g.healRatio * rng.noise(0.2);
      const increments = [
        kills * (1 - g.t5Share),
        kills * g.t5Share,
        dead * (1 - g.t5Share),
        dead * g.t5Share,
        healed * (1 - g.t5Share),
        healed * g.t5Share,
      ];
      increments.forEach((value, i) => {
        t[i] = t[i]! + value;
      });
      const [t4k, t5k, t4d, t5d, t4h, t5h] = t.map(Math.floor) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      rows.push({
        governor_id: g.id,
        name: latest.name,
        alliance: latest.alliance ?? null,
        home_kd: g.homeKd,
        power,
        kill_points: null,
        t1_kills: null,
        t2_kills: null,
        t3_kills: null,
        t4_kills: t4k,
        t5_kills: t5k,
        dead: null,
        t4_dead: t4d,
        t5_dead: t5d,
        healed: null,
        t4_healed: t4h,
        t5_healed: t5h,
        rss_gathered: null,
        rss_assistance: null,
        helps: null,
        acclaim: null,
        extra_json: null,
      });
    }
    rows.sort(
      (a, b) =>
        b.t4_kills! + 5 * b.t5_kills! - (a.t4_kills! + 5 * a.t5_kills!) || a.governor_id - b.governor_id,
    );
    scans.push({
      kingdomKd: DEMO_KD,
      kind: 'autarch',
      takenAt: last - (AUTARCH_SCANS - 1 - day) * DAY,
      name: `Autarch day ${day + 1}`,
      sourceFormat: 'demo',
      rows,
    });
  }
  return scans;
}
