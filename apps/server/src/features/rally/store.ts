import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/** One rally as the bot or a CSV file gives it. */
export interface RallyInput {
  rallyId: string;
  /** Unix seconds. */
  launchedAt: number;
  launcher: { id: number; name: string };
  /** Those who joined; the launcher, if listed, is left out. */
  participants: readonly { id: number; name: string }[];
}

export interface StoreRalliesResult {
  accepted: number;
  created: number;
  updated: number;
  /** Participant rows stored (joins), across the rallies. */
  participants: number;
}

// SQLite allows 32,766 bound values per statement, PostgreSQL 65,535: 500 rows of 4–5 columns stay far below.
const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Stores rallies of kingdom kd in one transaction, idempotently by rally ID: a rally sent again replaces the stored
 * one (time, launcher) and its participants, so it is still counted once. All or nothing.
 */
export async function storeRallies(
  db: Kysely<Database>,
  kd: number,
  rallies: readonly RallyInput[],
): Promise<StoreRalliesResult> {
  const ids = new Set<string>();
  for (const rally of rallies) {
    if (ids.has(rally.rallyId)) throw new AppError('BAD_REQUEST', `Rally ${rally.rallyId} is given twice`);
    ids.add(rally.rallyId);
  }
  return db.transaction().execute(async (trx) => {
    const kingdom = await trx.selectFrom('kingdoms').select('kd').where('kd', '=', kd).executeTakeFirst();
    if (!kingdom) {
      throw new AppError('NOT_FOUND', `Kingdom ${kd} does not exist. Add it first in Kingdom Management.`);
    }
    let existing = 0;
    for (const batch of chunks([...ids])) {
      const found = await trx
        .selectFrom('rallies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kingdom_kd', '=', kd)
        .where('rally_id', 'in', batch)
        .executeTakeFirst();
      existing += Number(found?.n ?? 0);
      await trx
        .deleteFrom('rally_participants')
        .where('kingdom_kd', '=', kd)
        .where('rally_id', 'in', batch)
        .execute();
    }
    for (const batch of chunks(rallies)) {
      await trx
        .insertInto('rallies')
        .values(
          batch.map((rally) => ({
            kingdom_kd: kd,
            rally_id: rally.rallyId,
            launched_at: rally.launchedAt,
            launcher_id: rally.launcher.id,
            launcher_name: rally.launcher.name,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['kingdom_kd', 'rally_id']).doUpdateSet((eb) => ({
            launched_at: eb.ref('excluded.launched_at'),
            launcher_id: eb.ref('excluded.launcher_id'),
            launcher_name: eb.ref('excluded.launcher_name'),
          })),
        )
        .execute();
    }
    const joins = rallies.flatMap((rally) => {
      const seen = new Set<number>([rally.launcher.id]);
      return rally.participants.flatMap((p) => {
        if (seen.has(p.id)) return [];
        seen.add(p.id);
        return [{ kingdom_kd: kd, rally_id: rally.rallyId, governor_id: p.id, governor_name: p.name }];
      });
    });
    for (const batch of chunks(joins)) await trx.insertInto('rally_participants').values(batch).execute();
    return {
      accepted: rallies.length,
      created: rallies.length - existing,
      updated: existing,
      participants: joins.length,
    };
  });
}
