import {
  autarchAvailableKdsResponseSchema,
  autarchDataQuerySchema,
  autarchResponseSchema,
  autarchUpdateTablesBodySchema,
  kingdomCodeParamsSchema,
  updateTablesResponseSchema,
} from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LARGE_PAGE_ROWS, pageSchemas, sendLargePage } from '../dashboard/index.ts';
import { AutarchService } from './service.ts';

/**
 * Autarch mode's calls (SPEC §7). Data and update-tables are viewer calls (kd and access code); available-kds
 * lists the kingdoms that have autarch data, which are kingdom numbers only, so anyone may ask.
 */
export const autarchRoutes: FastifyPluginAsyncZod<{ service?: AutarchService }> = async (app, options) => {
  const service = options.service ?? new AutarchService(app.db);
  const largePage = pageSchemas(autarchResponseSchema);

  app.get(
    '/dashboard/:kd/autarch-data/:code',
    {
      schema: {
        params: kingdomCodeParamsSchema,
        querystring: autarchDataQuerySchema,
        response: { 200: autarchResponseSchema },
      },
    },
    async (request, reply) => {
      const response = await service.data(request.params, request.query);
      // An export's page (up to 50,000 rows): as the main dashboard's (dashboard/large-page.ts).
      if (response.playerData.length > LARGE_PAGE_ROWS)
        return sendLargePage(request, reply, largePage, response);
      return response;
    },
  );

  app.post(
    '/dashboard/autarch/update-tables',
    { schema: { body: autarchUpdateTablesBodySchema, response: { 200: updateTablesResponseSchema } } },
    async (request) => service.warm(request.body),
  );

  app.get(
    '/dashboard/autarch/available-kds',
    { schema: { response: { 200: autarchAvailableKdsResponseSchema } } },
    async () => service.availableKds(),
  );
};
