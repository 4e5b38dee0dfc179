import {
  allKdsResponseSchema,
  dashboardDataQuerySchema,
  dashboardResponseSchema,
  formulaStringResponseSchema,
  kingdomCodeParamsSchema,
  updateTablesBodySchema,
  updateTablesResponseSchema,
} from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LARGE_PAGE_ROWS, pageSchemas, sendLargePage } from './large-page.ts';
import type { DashboardService } from './service.ts';

/**
 * The main dashboard's calls (SPEC §7). All are viewer calls: addressed by kd and access code (or the code alone),
 * no sign-in; a wrong pair is 404 'Kingdom not found'. Definitions of the numbers: docs/dashboard.md.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ service: DashboardService }> = async (app, options) => {
  const { service } = options;
  // A period computed in the background (after a first page from SQL) finishes before the database is closed.
  app.addHook('onClose', () => service.settled());
  const largePage = pageSchemas(dashboardResponseSchema);

  app.get(
    '/dashboard/:kd/data/:code',
    {
      schema: {
        params: kingdomCodeParamsSchema,
        querystring: dashboardDataQuerySchema,
        response: { 200: dashboardResponseSchema },
      },
    },
    async (request, reply) => {
      // With the review and farm marks beside the numbers (answer-marks.ts).
      const response = await service.data(request.params, request.query);
      // An export's page (up to 50,000 rows) is written in slices and compressed, not serialised in one go.
      if (response.playerData.length > LARGE_PAGE_ROWS)
        return sendLargePage(request, reply, largePage, response);
      return response;
    },
  );

  app.post(
    '/dashboard/update-tables',
    { schema: { body: updateTablesBodySchema, response: { 200: updateTablesResponseSchema } } },
    async (request) => service.warm(request.body),
  );

  app.get(
    '/dashboard/:kd/formula/:code',
    { schema: { params: kingdomCodeParamsSchema, response: { 200: formulaStringResponseSchema } } },
    async (request) => service.formulaString(request.params),
  );

  app.get(
    '/dashboard/:code/all-kds',
    {
      schema: {
        params: z.object({ code: kingdomCodeParamsSchema.shape.code }),
        response: { 200: allKdsResponseSchema },
      },
    },
    async (request) => service.allKds(request.params.code),
  );
};
