import {
  LOGIN_DISABLED_MESSAGE,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  sessionResponseSchema,
} from '@kingdom-stats/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revokeSession } from '../../auth/sessions.ts';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { refuseTooMany, TOO_MANY_SIGN_INS } from '../../plugins/rate-limit.ts';
import { recordAudit } from '../audit/service.ts';
import { assertCredentialsGiven, describeSession, INVALID_CREDENTIALS, signIn } from './service.ts';

export interface AuthRoutesOptions {
  loginEnabled: boolean;
}

/** POST /auth/login, POST /auth/logout, GET /auth/session. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  app.post(
    '/auth/login',
    { schema: { body: loginBodySchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      // SPEC §2: sign-in is off until the operator turns it on; the server refuses it too, not only the form.
      if (!options.loginEnabled) throw new AppError('FORBIDDEN', LOGIN_DISABLED_MESSAGE);
      const { username, password } = assertCredentialsGiven(request.body.username, request.body.password);
      const limits = app.rateLimits;
      const userKey = username.toLowerCase();
      const address = limits.addressOf(request);
      const wait = Math.max(
        await limits.signInByAddress.blockedFor(address),
        await limits.signInByUsername.blockedFor(userKey),
      );
      if (wait > 0) refuseTooMany(reply, wait, TOO_MANY_SIGN_INS);

      const session = await signIn(app.db, { username, password });
      if (!session) {
        await limits.signInByAddress.fail(address);
        await limits.signInByUsername.fail(userKey);
        request.log.info({ username }, 'sign-in refused');
        throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
      }
      await limits.signInByUsername.reset(userKey);
      return session;
    },
  );

  // Signing out revokes the presented token only; without a (valid) token there is nothing to revoke, which is
  // still a success, so the browser can always clear its storage.
  app.post('/auth/logout', { schema: { response: { 200: messageResponseSchema } } }, async (request) => {
    if (request.bearerToken) {
      await revokeSession(app.db, request.bearerToken);
      if (request.user) await recordAudit(app.db, { userId: request.user.id, action: 'auth.logout' });
    }
    return { message: 'Signed out' };
  });

  app.get('/auth/session', { schema: { response: { 200: sessionResponseSchema } } }, async (request) => {
    const user = requireUser(request);
    return describeSession(app.db, user, request.bearerToken ?? '');
  });
};
