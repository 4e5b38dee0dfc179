import { publicConfigResponseSchema } from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export interface PublicConfigOptions {
  loginEnabled: boolean;
}

/** What the browser needs to know about this server before anyone signs in. */
export const publicConfigRoutes: FastifyPluginAsyncZod<PublicConfigOptions> = async (app, options) => {
  app.get('/config', { schema: { response: { 200: publicConfigResponseSchema } } }, async () => ({
    loginEnabled: options.loginEnabled,
  }));
};
