import { publicConfigResponseSchema } from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DEMO_SETTING_KEYS } from '../../demo/demo-target.ts';

export interface PublicConfigOptions {
  loginEnabled: boolean;
  shopUrl?: string | null | undefined;
  premiumUrl?: string | null | undefined;
}

/** What the browser needs to know about this server before anyone signs in. */
export const publicConfigRoutes: FastifyPluginAsyncZod<PublicConfigOptions> = async (app, options) => {
  app.get('/config', { schema: { response: { 200: publicConfigResponseSchema } } }, async () => ({
    loginEnabled: options.loginEnabled,
    demoPath: await findDemoPath(app.db),
    shopUrl: options.shopUrl ?? null,
    premiumUrl: options.premiumUrl ?? null,
  }));
};

/**
 * The landing page's View Demo link. The secret is public by design (it is on the landing page); it exists so that
 * an operator can retire a link by restarting with another DEMO_SECRET. Null when there is no demo kingdom.
 */
async function findDemoPath(db: Kysely<Database>): Promise<string | null> {
  const settings = await db
    .selectFrom('app_settings')
    .select(['key', 'value'])
    .where('key', 'in', [DEMO_SETTING_KEYS.secret, DEMO_SETTING_KEYS.kd])
    .execute();
  const secret = settings.find((s) => s.key === DEMO_SETTING_KEYS.secret)?.value;
  const kd = Number(settings.find((s) => s.key === DEMO_SETTING_KEYS.kd)?.value);
  if (!secret || !Number.isInteger(kd)) return null;
  const kingdom = await db.selectFrom('kingdoms').select('kd').where('kd', '=', kd).executeTakeFirst();
  return kingdom ? `/demo/dashboard/${encodeURIComponent(secret)}` : null;
}
