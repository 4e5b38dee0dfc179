import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServerConfig } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { demoRoutes } from './features/demo/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { publicConfigRoutes } from './features/public-config/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { databasePlugin } from './plugins/database.ts';
import { answerRouterError, errorHandlerPlugin } from './plugins/error-handler.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';

export type AppConfig = Pick<ServerConfig, 'loginEnabled' | 'logLevel' | 'webDistDir'>;

/** Builds the whole server without listening, so tests drive it through `app.inject`. */
export async function buildApp(config: AppConfig, database: DatabaseHandle): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Behind a proxy the client's address comes from X-Forwarded-For; rate limits key on it.
    trustProxy: true,
    frameworkErrors: answerRouterError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(databasePlugin, { database });
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(publicConfigRoutes, { loginEnabled: config.loginEnabled });
      await api.register(demoRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
