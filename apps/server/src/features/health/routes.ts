import { healthResponseSchema } from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { AppError } from '../../errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: healthResponseSchema } } }, async (request) => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (err) {
      request.log.error({ err }, 'health check: database did not answer');
      throw new AppError('UNAVAILABLE', 'The database is not answering');
    }
    return { status: 'ok' as const, database: app.dbDialect };
  });
};
