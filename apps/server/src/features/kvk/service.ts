import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { requireKingdom } from '../kingdoms/service.ts';

export async function addKvkSeason(
  db: Kysely<Database>,
  input: { kd: number; kvkNumber: number; openTime: number; closeTime: number },
): Promise<void> {
  if (!Number.isInteger(input.kvkNumber) || input.kvkNumber < 1) {
    throw new AppError('BAD_REQUEST', `KvK number must be a positive whole number (got ${input.kvkNumber})`);
  }
  if (input.openTime >= input.closeTime) throw new AppError('BAD_REQUEST', 'KvK must open before it closes');
  await db.transaction().execute(async (trx) => {
    await requireKingdom(trx, input.kd);
    const overlapping = await trx
      .selectFrom('kvk_seasons')
      .select('kvk_number')
      .where('kingdom_kd', '=', input.kd)
      .where('open_time', '<', input.closeTime)
      .where('close_time', '>', input.openTime)
      .executeTakeFirst();
    if (overlapping && overlapping.kvk_number !== input.kvkNumber) {
      throw new AppError(
        'CONFLICT',
        `KvK ${input.kvkNumber} overlaps KvK ${overlapping.kvk_number} of kingdom ${input.kd}`,
      );
    }
    const exists = await trx
      .selectFrom('kvk_seasons')
      .select('id')
      .where('kingdom_kd', '=', input.kd)
      .where('kvk_number', '=', input.kvkNumber)
      .executeTakeFirst();
    if (exists)
      throw new AppError('CONFLICT', `KvK ${input.kvkNumber} of kingdom ${input.kd} already exists`);
    await trx
      .insertInto('kvk_seasons')
      .values({
        kingdom_kd: input.kd,
        kvk_number: input.kvkNumber,
        open_time: input.openTime,
        close_time: input.closeTime,
      })
      .execute();
  });
}
