import {
  adminKingdomParamsSchema,
  farmIdParamsSchema,
  farmLinkBodySchema,
  farmPolicySchema,
  farmSuggestionsBodySchema,
  farmsResponseSchema,
  governorLookupParamsSchema,
  governorLookupResponseSchema,
} from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdminKingdom } from '../kingdom-admin/access.ts';
import {
  acceptSuggestions,
  describeFarms,
  dismissSuggestions,
  linkFarm,
  lookupGovernor,
  setFarmPolicy,
  unlinkFarm,
} from './service.ts';

/**
 * Farm and alt accounts on the per-kingdom admin page (/admin/kingdoms/{kd}/{code}/farms…, docs/farms.md): the
 * same check as the rest of that page (access.ts). Every change answers the whole farms state, so the page shows
 * what is stored.
 */
export const farmRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/admin/kingdoms/:kd/:code/farms';
  const answer = { 200: farmsResponseSchema };

  app.get(base, { schema: { params: adminKingdomParamsSchema, response: answer } }, async (request) => {
    const { kingdom } = await requireAdminKingdom(app.db, request, request.params);
    return describeFarms(app.db, kingdom.kd);
  });

  app.get(
    `${base}/governors/:governorId`,
    { schema: { params: governorLookupParamsSchema, response: { 200: governorLookupResponseSchema } } },
    async (request) => {
      const { kingdom } = await requireAdminKingdom(app.db, request, request.params);
      return lookupGovernor(app.db, kingdom.kd, Number(request.params.governorId));
    },
  );

  app.post(
    `${base}/links`,
    { schema: { params: adminKingdomParamsSchema, body: farmLinkBodySchema, response: answer } },
    async (request) => {
      const { user, kingdom } = await requireAdminKingdom(app.db, request, request.params);
      await linkFarm(app.db, kingdom.kd, request.body, { userId: user.id, source: 'admin' });
      return describeFarms(app.db, kingdom.kd);
    },
  );

  app.delete(
    `${base}/links/:farmId`,
    { schema: { params: farmIdParamsSchema, response: answer } },
    async (request) => {
      const { user, kingdom } = await requireAdminKingdom(app.db, request, request.params);
      await unlinkFarm(app.db, kingdom.kd, Number(request.params.farmId), {
        userId: user.id,
        source: 'admin',
      });
      return describeFarms(app.db, kingdom.kd);
    },
  );

  app.post(
    `${base}/policy`,
    { schema: { params: adminKingdomParamsSchema, body: farmPolicySchema, response: answer } },
    async (request) => {
      const { user, kingdom } = await requireAdminKingdom(app.db, request, request.params);
      await setFarmPolicy(app.db, kingdom.kd, request.body, { userId: user.id, source: 'admin' });
      return describeFarms(app.db, kingdom.kd);
    },
  );

  app.post(
    `${base}/suggestions/accept`,
    { schema: { params: adminKingdomParamsSchema, body: farmSuggestionsBodySchema, response: answer } },
    async (request) => {
      const { user, kingdom } = await requireAdminKingdom(app.db, request, request.params);
      await acceptSuggestions(app.db, kingdom.kd, request.body.farmIds, { userId: user.id });
      return describeFarms(app.db, kingdom.kd);
    },
  );

  app.post(
    `${base}/suggestions/dismiss`,
    { schema: { params: adminKingdomParamsSchema, body: farmSuggestionsBodySchema, response: answer } },
    async (request) => {
      const { user, kingdom } = await requireAdminKingdom(app.db, request, request.params);
      await dismissSuggestions(app.db, kingdom.kd, request.body.farmIds, { userId: user.id });
      return describeFarms(app.db, kingdom.kd);
    },
  );
};
