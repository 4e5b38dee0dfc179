import type {
  MigrationEntry,
  MigrationEntryAdd,
  MigrationEntryUpdate,
  MigrationFillResponse,
  MigrationListResponse,
} from '@kingdom-stats/core/api';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MigrationListEntryTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowSeconds } from '../../time.ts';
import { recordAudit } from '../audit/service.ts';
import { isUniqueViolation, requireKingdom } from '../kingdoms/service.ts';
import { type KvkSeason, seasonState, selectSeasons } from '../kvk/season.ts';
import { proposalsFromMovements } from './fill.ts';

/**
 * Migration lists (docs/migration-list.md): one entry per governor per KvK season of a kingdom. Every change is
 * audited (migration-list.add / update / remove / fill) with the entry before and after.
 */

/** Who changes the list: a signed-in admin (their id and username) or the command line (null, 'cli'). */
export interface MigrationActor {
  userId: number | null;
  name: string;
}

type Row = Selectable<MigrationListEntryTable>;

export function entryOf(row: Row): MigrationEntry {
  return {
    governorId: Number(row.governor_id),
    name: row.name,
    direction: row.direction === 'arrive' ? 'arrive' : 'leave',
    reason: row.reason,
    contacted: Number(row.contacted) === 1,
    excluded: Number(row.excluded) === 1,
    migrated: Number(row.migrated) === 1,
    zeroed: Number(row.zeroed) === 1,
    note: row.note,
    updatedBy: row.updated_by,
    updatedAt: Number(row.updated_at),
  };
}

/** The kingdom's seasons, the season asked for (else the current one) and its entries. */
export async function listMigrationEntries(
  db: Kysely<Database>,
  kd: number,
  season: number | undefined,
): Promise<MigrationListResponse> {
  const seasons = await selectSeasons(db, kd);
  const chosen =
    season ?? seasonState(seasons, nowSeconds()).current?.kvkNumber ?? seasons.at(-1)?.kvkNumber ?? null;
  if (season !== undefined) requireSeason(seasons, season);
  const entries = chosen === null ? [] : await selectEntries(db, kd, chosen);
  return { seasons, season: chosen, entries };
}

export async function selectEntries(
  db: Kysely<Database>,
  kd: number,
  kvk: number,
): Promise<MigrationEntry[]> {
  const rows = await db
    .selectFrom('migration_list_entries')
    .selectAll()
    .where('kingdom_kd', '=', kd)
    .where('kvk_number', '=', kvk)
    .execute();
  return rows.map(entryOf).sort(byDirectionThenName);
}

export async function addMigrationEntry(
  db: Kysely<Database>,
  kd: number,
  kvk: number,
  input: MigrationEntryAdd,
  actor: MigrationActor,
): Promise<MigrationEntry> {
  requireSeason(await selectSeasons(db, kd), kvk);
  const name = input.name || (await knownName(db, kd, input.governorId)) || '';
  const entry: MigrationEntry = { ...input, name, updatedBy: actor.name, updatedAt: nowSeconds() };
  return db.transaction().execute(async (trx) => {
    try {
      await trx
        .insertInto('migration_list_entries')
        .values(rowOf(kd, kvk, entry))
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyListed(input.governorId, kvk);
      throw error;
    }
    await recordAudit(trx, {
      userId: actor.userId,
      action: 'migration-list.add',
      kingdomKd: kd,
      after: { kvkNumber: kvk, ...entry, ...via(actor) },
    });
    return entry;
  });
}

export async function updateMigrationEntry(
  db: Kysely<Database>,
  kd: number,
  kvk: number,
  governorId: number,
  change: MigrationEntryUpdate,
  actor: MigrationActor,
): Promise<MigrationEntry> {
  return db.transaction().execute(async (trx) => {
    const before = await requireEntry(trx, kd, kvk, governorId);
    const after: MigrationEntry = { ...before, ...change, updatedBy: actor.name, updatedAt: nowSeconds() };
    const { kingdom_kd: _kd, kvk_number: _kvk, governor_id: _id, ...values } = rowOf(kd, kvk, after);
    await trx
      .updateTable('migration_list_entries')
      .set(values)
      .where('kingdom_kd', '=', kd)
      .where('kvk_number', '=', kvk)
      .where('governor_id', '=', governorId)
      .execute();
    await recordAudit(trx, {
      userId: actor.userId,
      action: 'migration-list.update',
      kingdomKd: kd,
      before: { kvkNumber: kvk, ...before },
      after: { kvkNumber: kvk, ...after, ...via(actor) },
    });
    return after;
  });
}

export async function removeMigrationEntry(
  db: Kysely<Database>,
  kd: number,
  kvk: number,
  governorId: number,
  actor: MigrationActor,
): Promise<MigrationEntry> {
  return db.transaction().execute(async (trx) => {
    const before = await requireEntry(trx, kd, kvk, governorId);
    await trx
      .deleteFrom('migration_list_entries')
      .where('kingdom_kd', '=', kd)
      .where('kvk_number', '=', kvk)
      .where('governor_id', '=', governorId)
      .execute();
    await recordAudit(trx, {
      userId: actor.userId,
      action: 'migration-list.remove',
      kingdomKd: kd,
      before: { kvkNumber: kvk, ...before },
      ...(actor.userId === null ? { after: via(actor) } : {}),
    });
    return before;
  });
}

/**
 * Proposes entries from the movements of the season's kingdom scans (its first to its last): departures and moves
 * to another kingdom → leave, arrivals → arrive. A governor already on the season's list is left as it is.
 */
export async function fillFromMovements(
  db: Kysely<Database>,
  kd: number,
  kvk: number,
  actor: MigrationActor,
): Promise<MigrationFillResponse> {
  const kingdom = await requireKingdom(db, kd);
  const season = requireSeason(await selectSeasons(db, kd), kvk);
  const proposals = await proposalsFromMovements(db, kingdom, season);
  const at = nowSeconds();
  return db.transaction().execute(async (trx) => {
    const listed = new Set(
      (
        await trx
          .selectFrom('migration_list_entries')
          .select('governor_id')
          .where('kingdom_kd', '=', kd)
          .where('kvk_number', '=', kvk)
          .execute()
      ).map((row) => Number(row.governor_id)),
    );
    const added: MigrationEntry[] = [];
    for (const proposal of proposals) {
      if (listed.has(proposal.governorId)) continue;
      listed.add(proposal.governorId);
      added.push({
        ...proposal,
        contacted: false,
        excluded: false,
        migrated: false,
        zeroed: false,
        note: '',
        updatedBy: actor.name,
        updatedAt: at,
      });
    }
    if (added.length > 0) {
      await trx
        .insertInto('migration_list_entries')
        .values(added.map((entry) => rowOf(kd, kvk, entry)))
        .execute();
      await recordAudit(trx, {
        userId: actor.userId,
        action: 'migration-list.fill',
        kingdomKd: kd,
        after: { kvkNumber: kvk, governorIds: added.map((entry) => entry.governorId), ...via(actor) },
      });
    }
    const alreadyListed = proposals.length - added.length;
    return {
      message: `${added.length} added from the movements of KvK ${kvk}; ${alreadyListed} already on the list`,
      added: added.sort(byDirectionThenName),
      alreadyListed,
    };
  });
}

export function requireSeason(seasons: readonly KvkSeason[], kvk: number): KvkSeason {
  const season = seasons.find((s) => s.kvkNumber === kvk);
  if (!season) throw new AppError('NOT_FOUND', `KvK ${kvk} is not a season of this kingdom`);
  return season;
}

async function requireEntry(
  db: Kysely<Database>,
  kd: number,
  kvk: number,
  governorId: number,
): Promise<MigrationEntry> {
  const row = await db
    .selectFrom('migration_list_entries')
    .selectAll()
    .where('kingdom_kd', '=', kd)
    .where('kvk_number', '=', kvk)
    .where('governor_id', '=', governorId)
    .executeTakeFirst();
  if (!row)
    throw new AppError('NOT_FOUND', `Governor ${governorId} is not on the migration list of KvK ${kvk}`);
  return entryOf(row);
}

/** The governor's name in the kingdom's latest scan that shows them, if any. */
async function knownName(db: Kysely<Database>, kd: number, governorId: number): Promise<string | null> {
  const row = await db
    .selectFrom('governor_stats as g')
    .innerJoin('scans as s', 's.id', 'g.scan_id')
    .select('g.name')
    .where('s.kingdom_kd', '=', kd)
    .where('g.governor_id', '=', governorId)
    .orderBy('s.taken_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.name ?? null;
}

function alreadyListed(governorId: number, kvk: number): AppError {
  return new AppError('CONFLICT', `Governor ${governorId} is already on the migration list of KvK ${kvk}`);
}

function via(actor: MigrationActor): { via?: string } {
  return actor.userId === null ? { via: actor.name } : {};
}

function rowOf(kd: number, kvk: number, entry: MigrationEntry): MigrationListEntryTable {
  const bit = (value: boolean) => (value ? 1 : 0);
  return {
    kingdom_kd: kd,
    kvk_number: kvk,
    governor_id: entry.governorId,
    name: entry.name,
    direction: entry.direction,
    reason: entry.reason,
    contacted: bit(entry.contacted),
    excluded: bit(entry.excluded),
    migrated: bit(entry.migrated),
    zeroed: bit(entry.zeroed),
    note: entry.note,
    updated_by: entry.updatedBy,
    updated_at: entry.updatedAt,
  };
}

function byDirectionThenName(a: MigrationEntry, b: MigrationEntry): number {
  if (a.direction !== b.direction) return a.direction === 'leave' ? -1 : 1;
  return a.name.localeCompare(b.name, 'en') || a.governorId - b.governorId;
}
