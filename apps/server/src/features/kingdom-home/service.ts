import type { KingdomHomeResponse } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { KINGDOM_NOT_FOUND } from '../kingdoms/access.ts';

/**
 * A kingdom's home at `now` (unix seconds): KvK is active while a season is open (open_time <= now < close_time).
 * The season shown is the open one; in the offseason the next scheduled one, else the last that closed.
 */
export async function kingdomHome(
  db: Kysely<Database>,
  kd: number,
  now: number,
): Promise<KingdomHomeResponse> {
  const kingdom = await db
    .selectFrom('kingdoms')
    .select(['kd', 'name', 'access_code'])
    .where('kd', '=', kd)
    .executeTakeFirst();
  if (!kingdom) throw new AppError('NOT_FOUND', KINGDOM_NOT_FOUND);
  const seasons = (
    await db
      .selectFrom('kvk_seasons')
      .select(['kvk_number', 'open_time', 'close_time'])
      .where('kingdom_kd', '=', kd)
      .orderBy('open_time')
      .execute()
  ).map((s) => ({
    kvk_number: s.kvk_number,
    open_time: Number(s.open_time),
    close_time: Number(s.close_time),
  }));
  const open = seasons.find((s) => s.open_time <= now && now < s.close_time);
  const next = seasons.find((s) => s.open_time > now);
  const last = seasons.filter((s) => s.close_time <= now).at(-1);
  return {
    kd: kingdom.kd,
    name: kingdom.name,
    code: kingdom.access_code,
    kvk_info: { status: open ? 'active' : 'offseason', current_kvk: open ?? next ?? last ?? null },
  };
}
