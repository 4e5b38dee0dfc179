import { isValidAccessCode, normalisedAccessCode } from '@kingdom-stats/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowSeconds } from '../../time.ts';

// Access codes appear in URLs that players share; the browser lower-cases them (SPEC §7), so they are stored so. The
// rule is core's, which the settings page checks before it asks to confirm a new code.
export function normaliseAccessCode(code: string): string {
  const normalised = normalisedAccessCode(code);
  if (!isValidAccessCode(normalised)) {
    throw new AppError(
      'BAD_REQUEST',
      'Access code must be 4 to 64 characters: letters, digits, "-" or "_" (it appears in shared URLs)',
    );
  }
  return normalised;
}

export function assertKingdomNumber(kd: number): number {
  if (!Number.isInteger(kd) || kd < 1 || kd > 99999) {
    throw new AppError('BAD_REQUEST', `Kingdom number must be a whole number from 1 to 99999 (got ${kd})`);
  }
  return kd;
}

/**
 * The one refusal for a code that cannot be used, whether it is reserved or another kingdom's (codes are unique,
 * migration 0006): a different answer for "taken" would tell an admin that some kingdom uses the code they tried.
 */
export function accessCodeUnavailable(code: string): AppError {
  return new AppError(
    'BAD_REQUEST',
    `"${code}" cannot be an access code; choose another, or leave it empty for a random one`,
  );
}

/** True when another kingdom than `exceptKd` has this (normalised) access code. */
export async function accessCodeTaken(
  db: Kysely<Database>,
  code: string,
  exceptKd?: number,
): Promise<boolean> {
  let query = db.selectFrom('kingdoms').select('kd').where('access_code', '=', code);
  if (exceptKd !== undefined) query = query.where('kd', '!=', exceptKd);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A unique index refused the write (SQLite's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY, PostgreSQL's 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export async function addKingdom(
  db: Kysely<Database>,
  input: { kd: number; code: string; name?: string | undefined },
): Promise<void> {
  const kd = assertKingdomNumber(input.kd);
  const code = normaliseAccessCode(input.code);
  const existing = await db.selectFrom('kingdoms').select('kd').where('kd', '=', kd).executeTakeFirst();
  if (existing) throw new AppError('CONFLICT', `Kingdom ${kd} already exists`);
  if (await accessCodeTaken(db, code)) throw accessCodeUnavailable(code);
  try {
    await db
      .insertInto('kingdoms')
      .values({
        kd,
        access_code: code,
        name: input.name ?? null,
        settings_json: '{}',
        created_at: nowSeconds(),
      })
      .execute();
  } catch (error) {
    // Another request added the kingdom or took the code since the checks above.
    if (!isUniqueViolation(error)) throw error;
    if (await accessCodeTaken(db, code, kd)) throw accessCodeUnavailable(code);
    throw new AppError('CONFLICT', `Kingdom ${kd} already exists`);
  }
}

export interface KingdomListItem {
  kd: number;
  name: string | null;
  code: string;
  scans: number;
}

export async function listKingdoms(db: Kysely<Database>): Promise<KingdomListItem[]> {
  const rows = await db
    .selectFrom('kingdoms as k')
    .leftJoin('scans as s', 's.kingdom_kd', 'k.kd')
    .select(({ fn }) => ['k.kd', 'k.name', 'k.access_code', fn.count<number>('s.id').as('scans')])
    .groupBy(['k.kd', 'k.name', 'k.access_code'])
    .orderBy('k.kd')
    .execute();
  return rows.map((r) => ({ kd: r.kd, name: r.name, code: r.access_code, scans: Number(r.scans) }));
}

export async function requireKingdom(db: Kysely<Database>, kd: number) {
  const kingdom = await db.selectFrom('kingdoms').selectAll().where('kd', '=', kd).executeTakeFirst();
  if (!kingdom) {
    throw new AppError('NOT_FOUND', `Kingdom ${kd} does not exist. Add it first in Kingdom Management.`);
  }
  return kingdom;
}

/** Replaces the members of one camp on kd's KvK map; a member kd moves here from any other camp of that map. */
export async function setCamp(
  db: Kysely<Database>,
  input: { kd: number; campName: string; memberKds: number[] },
): Promise<{ campId: number }> {
  const name = input.campName.trim();
  if (!name) throw new AppError('BAD_REQUEST', 'Camp name cannot be empty');
  if (input.memberKds.length === 0)
    throw new AppError('BAD_REQUEST', 'A camp needs at least one member kingdom');
  const members = [...new Set(input.memberKds.map(assertKingdomNumber))];
  return db.transaction().execute(async (trx) => {
    await requireKingdom(trx, input.kd);
    let camp = await trx
      .selectFrom('camps')
      .select('id')
      .where('kingdom_kd', '=', input.kd)
      .where('name', '=', name)
      .executeTakeFirst();
    if (!camp) {
      camp = await trx
        .insertInto('camps')
        .values({ kingdom_kd: input.kd, name })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    await trx.deleteFrom('camp_members').where('camp_id', '=', camp.id).execute();
    await trx
      .deleteFrom('camp_members')
      .where('kingdom_kd', '=', input.kd)
      .where('member_kd', 'in', members)
      .execute();
    await trx
      .insertInto('camp_members')
      .values(members.map((member) => ({ camp_id: camp.id, kingdom_kd: input.kd, member_kd: member })))
      .execute();
    // A camp left without members would show as an empty card.
    await trx
      .deleteFrom('camps')
      .where('kingdom_kd', '=', input.kd)
      .where(
        'id',
        'not in',
        trx.selectFrom('camp_members').select('camp_id').where('kingdom_kd', '=', input.kd),
      )
      .execute();
    return { campId: camp.id };
  });
}
