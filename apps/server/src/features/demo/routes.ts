import { demoTargetParamsSchema, demoTargetResponseSchema } from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findDemoTarget } from '../../demo/demo-target.ts';
import { AppError } from '../../errors.ts';

/** Resolves /demo/dashboard/{secret} to the demo kingdom's kd and access code. */
export const demoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/demo/:secret',
    { schema: { params: demoTargetParamsSchema, response: { 200: demoTargetResponseSchema } } },
    async (request) => {
      const target = await findDemoTarget(app.db, request.params.secret);
      if (!target) throw new AppError('NOT_FOUND', 'Demo not found');
      return target;
    },
  );
};
