import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { recordAudit } from '../features/audit/service.ts';
import { deleteKingdomRows } from '../features/kingdoms/delete-kingdom.ts';
import { DEMO_SETTING_KEYS } from './demo-target.ts';
import { DEMO_KDS } from './timeline.ts';

/**
 * Set by `demo remove`: the server's SEED_DEMO=auto then never seeds the demo again, even into a database that has
 * no kingdoms left (a host who removed it does not want it back at the next restart).
 */
export const DEMO_REMOVED_KEY = 'demo.removed';

export interface DemoRemoval {
  removed: number[];
  /** Demo-numbered kingdoms kept because they hold scans that the demo did not write. */
  kept: number[];
}

/**
 * Removes the demo's kingdoms (and everything of them) and its public link, in one transaction with one audit line
 * per kingdom. A kingdom numbered like a demo kingdom that holds a scan the demo did not write is the host's own
 * data and is kept.
 */
export async function removeDemo(db: Kysely<Database>, now: number): Promise<DemoRemoval> {
  return db.transaction().execute(async (trx) => {
    const present = await trx.selectFrom('kingdoms').select('kd').where('kd', 'in', DEMO_KDS).execute();
    const owned = await trx
      .selectFrom('scans')
      .select('kingdom_kd')
      .distinct()
      .where('kingdom_kd', 'in', DEMO_KDS)
      .where('source_format', '!=', 'demo')
      .execute();
    const kept = owned.map((o) => o.kingdom_kd).sort((a, b) => a - b);
    const removed: number[] = [];
    for (const { kd } of present) {
      if (kept.includes(kd)) continue;
      const deleted = await deleteKingdomRows(trx, kd);
      await recordAudit(
        trx,
        { userId: null, action: 'kingdom.delete', kingdomKd: kd, before: { ...deleted, via: 'demo remove' } },
        now,
      );
      removed.push(kd);
    }
    await trx
      .deleteFrom('app_settings')
      .where('key', 'in', [DEMO_SETTING_KEYS.secret, DEMO_SETTING_KEYS.kd])
      .execute();
    await trx
      .insertInto('app_settings')
      .values({ key: DEMO_REMOVED_KEY, value: String(now) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(now) }))
      .execute();
    return { removed: removed.sort((a, b) => a - b), kept };
  });
}

export async function wasDemoRemoved(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('app_settings')
    .select('key')
    .where('key', '=', DEMO_REMOVED_KEY)
    .executeTakeFirst();
  return row !== undefined;
}
