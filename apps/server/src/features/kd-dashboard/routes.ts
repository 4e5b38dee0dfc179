import {
  kdDashboardParamsSchema,
  kdDashboardQuerySchema,
  kdDashboardResponseSchema,
  kdDashboardUpdateBodySchema,
  kdDashboardUpdateResponseSchema,
  prekvkParamsSchema,
  prekvkQuerySchema,
  prekvkRankingsResponseSchema,
} from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { KdDashboardService } from './service.ts';

/**
 * The KD DKP dashboard's calls (SPEC §7). All are viewer calls: kd and the kingdom's access code (the pre-KvK call
 * takes it as `?code=`); a wrong pair is 404 'Kingdom not found'. The numbers: docs/dkp.md.
 */
export const kdDashboardRoutes: FastifyPluginAsyncZod<{ service?: KdDashboardService }> = async (
  app,
  options,
) => {
  const service = options.service ?? new KdDashboardService(app.db);

  app.get(
    '/kd-dashboard/:kd/data/:code',
    {
      schema: {
        params: kdDashboardParamsSchema,
        querystring: kdDashboardQuerySchema,
        response: { 200: kdDashboardResponseSchema },
      },
    },
    async (request) => service.data(request.params, request.query),
  );

  app.post(
    '/kd-dashboard/update-data',
    { schema: { body: kdDashboardUpdateBodySchema, response: { 200: kdDashboardUpdateResponseSchema } } },
    async (request) => service.warm(request.body),
  );

  app.get(
    '/kd-dashboard/:kd/prekvk-rankings',
    {
      schema: {
        params: prekvkParamsSchema,
        querystring: prekvkQuerySchema,
        response: { 200: prekvkRankingsResponseSchema },
      },
    },
    async (request) => service.prekvkRankings(request.params, request.query),
  );
};
