import {
  kingdomCodeParamsSchema,
  movementsQuerySchema,
  movementsResponseSchema,
} from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MovementsService } from './service.ts';

/**
 * Arrivals, departures and inactive governors (docs/movements.md). A viewer call like the dashboards': kd and access
 * code in the path (a wrong pair is 404 'Kingdom not found'), so the wrong-code limits apply to it as to them.
 */
export const movementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new MovementsService(app.db);
  app.get(
    '/dashboard/:kd/movements/:code',
    {
      schema: {
        params: kingdomCodeParamsSchema,
        querystring: movementsQuerySchema,
        response: { 200: movementsResponseSchema },
      },
    },
    async (request) => service.movements(request.params, request.query),
  );
};
