import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../audit/service.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** How many rows of each kind a kingdom deletion removed: what the CLI prints and the audit log keeps. */
export interface DeletedKingdom {
  kd: number;
  name: string | null;
  scans: number;
  governorRows: number;
  camps: number;
  seasons: number;
  rallies: number;
  hohRecords: number;
  prekvkPoints: number;
  adminLinks: number;
  formula: boolean;
  rallyToken: boolean;
}

/**
 * Removes a kingdom and everything of it: scans with their governor rows, totals and presence runs, formula, camps,
 * KvK seasons, rallies and their joins, the rally token, Hall of Heroes and pre-KvK tables, and the links that made
 * users its admins (the users themselves stay). Every table is cleared by name rather than left to ON DELETE CASCADE,
 * so the result does not depend on a connection having SQLite's foreign_keys pragma on. One transaction with its
 * audit line: the kingdom is either all there or all gone. The audit log itself keeps the kingdom's history.
 */
export async function deleteKingdom(
  db: Kysely<Database>,
  input: { kd: number; actorId: number | null; via?: 'cli' | 'web' },
): Promise<DeletedKingdom> {
  return db.transaction().execute(async (trx) => {
    const result = await deleteKingdomRows(trx, input.kd);
    await recordAudit(trx, {
      userId: input.actorId,
      action: 'kingdom.delete',
      kingdomKd: input.kd,
      before: { ...result, ...(input.via ? { via: input.via } : {}) },
    });
    return result;
  });
}

/** The deletion without its own transaction or audit line, for callers that remove several kingdoms at once. */
export async function deleteKingdomRows(trx: Executor, kd: number): Promise<DeletedKingdom> {
  const kingdom = await trx
    .selectFrom('kingdoms')
    .select(['kd', 'name'])
    .where('kd', '=', kd)
    .executeTakeFirst();
  if (!kingdom) throw new AppError('NOT_FOUND', `Kingdom ${kd} does not exist`);
  const scanIds = trx.selectFrom('scans').select('id').where('kingdom_kd', '=', kd);
  const count = (n: { numDeletedRows: bigint }) => Number(n.numDeletedRows);

  const governorRows = count(
    await trx.deleteFrom('governor_stats').where('scan_id', 'in', scanIds).executeTakeFirstOrThrow(),
  );
  await trx.deleteFrom('scan_kd_totals').where('scan_id', 'in', scanIds).execute();
  await trx.deleteFrom('scan_home_moves').where('scan_id', 'in', scanIds).execute();
  const scans = count(await trx.deleteFrom('scans').where('kingdom_kd', '=', kd).executeTakeFirstOrThrow());
  await trx.deleteFrom('governor_presence').where('kingdom_kd', '=', kd).execute();
  await trx.deleteFrom('camp_members').where('kingdom_kd', '=', kd).execute();
  const camps = count(await trx.deleteFrom('camps').where('kingdom_kd', '=', kd).executeTakeFirstOrThrow());
  const seasons = count(
    await trx.deleteFrom('kvk_seasons').where('kingdom_kd', '=', kd).executeTakeFirstOrThrow(),
  );
  const formula = count(
    await trx.deleteFrom('formulas').where('kingdom_kd', '=', kd).executeTakeFirstOrThrow(),
  );
  const hohRecords = count(
    await trx.deleteFrom('hoh_records').where('kingdom_kd', '=', kd).executeTakeFirstOrThrow(),
  );
  const prekvkPoints = count(
    await trx.deleteFrom('prekvk_points').where('kingdom_kd', '=', kd).executeTakeFirstOrThrow(),
  );
  await trx.deleteFrom('rally_participants').where('kingdom_kd', '=', kd).execute();
  const rallies = count(
    await trx.deleteFrom('rallies').where('kingdom_kd', '=', kd).executeTakeFirstOrThrow(),
  );
  const rallyToken = count(
    await trx.deleteFrom('rally_tokens').where('kingdom_kd', '=', kd).executeTakeFirstOrThrow(),
  );
  const adminLinks = count(
    await trx.deleteFrom('user_kingdoms').where('kingdom_kd', '=', kd).executeTakeFirstOrThrow(),
  );
  // Farm links, policy and suggestions (migration 0009, docs/farms.md) ...
  // ... its Discord servers, setup codes and governor claims (migration 0015, docs/discord.md), its upload token ...
  for (const table of [
    'account_links',
    'farm_policies',
    'farm_link_suggestions',
    'discord_guilds',
    'discord_setup_codes',
    'discord_governor_links',
    'upload_tokens',
    'season_rules',
    'migration_list_entries',
    // A kingdom's other sheets (migration 0021): honor, rally-fort tallies, weekly alliance activity.
    'kvk_honor_points',
    'rally_fort_tallies',
    'alliance_activity',
  ] as const) {
    await trx.deleteFrom(table).where('kingdom_kd', '=', kd).execute();
  }
  await trx.deleteFrom('kingdoms').where('kd', '=', kd).execute();
  return {
    kd,
    name: kingdom.name,
    scans,
    governorRows,
    camps,
    seasons,
    rallies,
    hohRecords,
    prekvkPoints,
    adminLinks,
    formula: formula > 0,
    rallyToken: rallyToken > 0,
  };
}
