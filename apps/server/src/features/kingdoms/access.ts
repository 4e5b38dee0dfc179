import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, KingdomTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

export const KINGDOM_NOT_FOUND = 'Kingdom not found';

/**
 * The viewer routes' check: kd and access code must name one kingdom. A wrong pair is always the same 404, never a
 * hint which half was wrong, and the code is compared in constant time.
 */
export async function requireViewerAccess(
  db: Kysely<Database>,
  kdText: string | number,
  code: string,
): Promise<KingdomTable> {
  const kd = Number(kdText);
  const kingdom = Number.isInteger(kd)
    ? await db.selectFrom('kingdoms').selectAll().where('kd', '=', kd).executeTakeFirst()
    : undefined;
  // Compare against a stand-in when the kingdom does not exist, so both failures take the same time.
  const expected = kingdom?.access_code ?? '\u0000no-kingdom';
  if (!sameSecret(code.trim().toLowerCase(), expected) || !kingdom) {
    throw new AppError('NOT_FOUND', KINGDOM_NOT_FOUND);
  }
  return kingdom;
}

export function sameSecret(given: string, expected: string): boolean {
  // Digests have equal length whatever the inputs, which timingSafeEqual requires.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
