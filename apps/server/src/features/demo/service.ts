import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SeedDemo } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { findDemoTarget } from '../../demo/demo-target.ts';
import { wasDemoRemoved } from '../../demo/remove-demo.ts';
import { seedDemo } from '../../demo/seed-demo.ts';

export const DEMO_SECRET_KEY = 'demo.secret';

export interface DemoAddresses {
  kd: number;
  code: string;
  secret: string;
}

export function newDemoSecret(): string {
  return randomBytes(12).toString('base64url');
}

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const any = await db.selectFrom('kingdoms').select('kd').limit(1).executeTakeFirst();
  return any === undefined;
}

/**
 * Seeds the demo into an empty database (SEED_DEMO=auto) unless `demo remove` was run on it, and makes DEMO_SECRET, when given, the secret that
 * opens it — so an operator can rotate the demo link by restarting with a new value.
 */
export async function prepareDemo(
  db: Kysely<Database>,
  options: { seedDemo: SeedDemo; demoSecret: string | undefined; now: Date },
): Promise<{ seeded: boolean; demo: DemoAddresses | null }> {
  let seeded = false;
  if (options.seedDemo === 'auto' && (await isDatabaseEmpty(db)) && !(await wasDemoRemoved(db))) {
    await seedDemo(db, { now: options.now, secret: options.demoSecret ?? newDemoSecret() });
    seeded = true;
  }
  const stored = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', DEMO_SECRET_KEY)
    .executeTakeFirst();
  if (!stored) return { seeded, demo: null };
  if (options.demoSecret && options.demoSecret !== stored.value) {
    await db
      .updateTable('app_settings')
      .set({ value: options.demoSecret })
      .where('key', '=', DEMO_SECRET_KEY)
      .execute();
  }
  const secret = options.demoSecret ?? stored.value;
  const target = await findDemoTarget(db, secret);
  return { seeded, demo: target ? { ...target, secret } : null };
}
