import type { AllianceActivityResponse } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One imported week's governors (the latest without `asked`) and every week there is, newest first. */
export async function allianceActivity(
  db: Kysely<Database>,
  kd: number,
  asked: string | undefined,
): Promise<AllianceActivityResponse> {
  const weeks = (
    await db
      .selectFrom('alliance_activity')
      .select('week_start')
      .distinct()
      .where('kingdom_kd', '=', kd)
      .orderBy('week_start', 'desc')
      .execute()
  ).map((row) => row.week_start);
  const week = asked === undefined ? (weeks[0] ?? null) : weeks.includes(asked) ? asked : null;
  if (week === null) return { weeks, week, rows: [] };
  const rows = await db
    .selectFrom('alliance_activity')
    .selectAll()
    .where('kingdom_kd', '=', kd)
    .where('week_start', '=', week)
    .execute();
  const num = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    weeks,
    week,
    rows: rows
      .map((r) => ({
        governorId: Number(r.governor_id),
        name: r.name,
        alliance: r.alliance,
        power: num(r.power),
        killPoints: num(r.kill_points),
        helpTimes: num(r.help_times),
        rssTrading: num(r.rss_trading),
        building: num(r.building),
        techDonation: num(r.tech_donation),
      }))
      .sort(
        (a, b) =>
          (a.alliance ?? '\uffff').localeCompare(b.alliance ?? '\uffff') ||
          (b.helpTimes ?? -1) - (a.helpTimes ?? -1) ||
          a.name.localeCompare(b.name),
      ),
  };
}
