import { kingdomCodeParamsSchema, settingsResponseSchema } from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getViewerSettings } from './service.ts';

/** GET /settings/{kd}/{code}: the dashboard's defaults. A viewer call (kd and access code), no sign-in. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/:kd/:code',
    { schema: { params: kingdomCodeParamsSchema, response: { 200: settingsResponseSchema } } },
    async (request) => getViewerSettings(app.db, request.params.kd, request.params.code),
  );
};
