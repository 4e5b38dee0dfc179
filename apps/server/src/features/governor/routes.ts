import {
  governorCompareQuerySchema,
  governorCompareResponseSchema,
  governorParamsSchema,
  governorResponseSchema,
  kingdomCodeParamsSchema,
} from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compareGovernors } from './compare.ts';
import { GovernorService } from './service.ts';

/**
 * The governor page's call and compare's: viewer calls (kd + access code in the path), so the rate-limit plugin counts and blocks
 * wrong codes here as on the dashboards. What it answers: docs/governor.md.
 */
export const governorRoutes: FastifyPluginAsyncZod<{ service?: GovernorService }> = async (app, options) => {
  const service = options.service ?? new GovernorService(app.db);

  app.get(
    '/governor/:kd/:governorId/:code',
    { schema: { params: governorParamsSchema, response: { 200: governorResponseSchema } } },
    async (request) => service.data(request.params),
  );

  app.get(
    '/compare/:kd/:code',
    {
      schema: {
        params: kingdomCodeParamsSchema,
        querystring: governorCompareQuerySchema,
        response: { 200: governorCompareResponseSchema },
      },
    },
    async (request) => compareGovernors(app.db, request.params, request.query.ids),
  );
};
