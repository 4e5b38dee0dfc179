import type { adminKingdomParamsSchema } from '@kingdom-stats/core/api';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/sessions.ts';
import type { Database, KingdomTable } from '../../db/schema.ts';
import { requireKingdomAdmin } from '../../plugins/auth.ts';
import { requireViewerAccess } from '../kingdoms/access.ts';

export type KingdomParams = z.infer<typeof adminKingdomParamsSchema>;

/**
 * The per-kingdom admin page's check: the session first, then the access code, so a signed-in admin of another
 * kingdom learns nothing about this kingdom's code (403 whatever the code), and a wrong code is the viewer routes'
 * 404 (rate-limited).
 */
export async function requireAdminKingdom(
  db: Kysely<Database>,
  request: FastifyRequest,
  params: KingdomParams,
): Promise<{ user: SessionUser; kingdom: KingdomTable }> {
  const user = requireKingdomAdmin(request, Number(params.kd));
  const kingdom = await requireViewerAccess(db, params.kd, params.code);
  return { user, kingdom };
}
