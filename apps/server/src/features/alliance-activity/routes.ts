import {
  allianceActivityQuerySchema,
  allianceActivityResponseSchema,
  kingdomCodeParamsSchema,
} from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireViewerAccess } from '../kingdoms/access.ts';
import { allianceActivity } from './service.ts';

/**
 * Weekly alliance activity for everyone with the kingdom's access code (issue 37): one imported week's governors
 * (`activity import`, features/imports/import-kingdom-sheets.ts), and the weeks there are.
 */
export const allianceActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/alliance-activity/:kd/:code',
    {
      schema: {
        params: kingdomCodeParamsSchema,
        querystring: allianceActivityQuerySchema,
        response: { 200: allianceActivityResponseSchema },
      },
    },
    async (request) => {
      const kingdom = await requireViewerAccess(app.db, request.params.kd, request.params.code);
      return allianceActivity(app.db, kingdom.kd, request.query.week);
    },
  );
};
