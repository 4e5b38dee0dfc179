import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Headers every answer carries, so that browsers refuse framing and content sniffing. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
  });
});
