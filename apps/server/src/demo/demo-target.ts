import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** app_settings keys that point the public demo link at the demo kingdom. */
export const DEMO_SETTING_KEYS = { secret: 'demo.secret', kd: 'demo.kd' } as const;

export interface DemoTarget {
  kd: number;
  code: string;
}

/**
 * Resolves the public demo secret to the demo kingdom's kd and access code, or null for a wrong secret, a database
 * without demo data, or a demo kingdom that has since been deleted. The secret is compared in constant time (as
 * SHA-256 digests, so the buffers always have equal length and the stored secret's length does not leak).
 */
export async function findDemoTarget(db: Kysely<Database>, secret: string): Promise<DemoTarget | null> {
  const settings = await db
    .selectFrom('app_settings')
    .select(['key', 'value'])
    .where('key', 'in', [DEMO_SETTING_KEYS.secret, DEMO_SETTING_KEYS.kd])
    .execute();
  const stored = settings.find((s) => s.key === DEMO_SETTING_KEYS.secret)?.value;
  const kd = Number(settings.find((s) => s.key === DEMO_SETTING_KEYS.kd)?.value);
  if (!stored || !Number.isInteger(kd) || !sameSecret(secret, stored)) return null;
  const kingdom = await db
    .selectFrom('kingdoms')
    .select(['kd', 'access_code'])
    .where('kd', '=', kd)
    .executeTakeFirst();
  return kingdom ? { kd: kingdom.kd, code: kingdom.access_code } : null;
}

function sameSecret(given: string, stored: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(stored));
}
