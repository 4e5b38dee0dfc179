import { kingdomHomeParamsSchema, kingdomHomeResponseSchema } from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { canAdminKingdom, requireUser } from '../../plugins/auth.ts';
import { nowSeconds } from '../../time.ts';
import { kingdomHome } from './service.ts';

/** Kingdom home (SPEC §2 /{kdno}/home, §7 GET /kdhome/{kdno}). */
export const kingdomHomeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Who: a signed-in user of the kingdom, or a superadmin.
  app.get(
    '/kdhome/:kdno',
    { schema: { params: kingdomHomeParamsSchema, response: { 200: kingdomHomeResponseSchema } } },
    async (request) => {
      const kd = Number(request.params.kdno);
      const user = requireUser(request);
      if (!canAdminKingdom(user, kd)) {
        throw new AppError('FORBIDDEN', "You don't have sufficient permissions to access this page.");
      }
      return kingdomHome(app.db, kd, nowSeconds());
    },
  );
};
