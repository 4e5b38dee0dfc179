import { FORBIDDEN_MESSAGE } from '@kingdom-stats/core/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionUser, type SessionUser } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';
import { isStaffRoute } from './staff-routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when the request carries a valid bearer token. */
    user: SessionUser | null;
    /** The bearer token as sent, for sign-out. */
    bearerToken: string | null;
  }
  interface FastifyInstance {
    /**
     * Every route registered after this plugin (HEAD twins left out), so that the authorisation test can check
     * that each one appears in docs/security.md's table and answers as it says.
     */
    routeList: { method: string; url: string }[];
  }
}

/**
 * Reads `Authorization: Bearer <token>` on every request; routes then state who may call them with the guards below
 * (docs/security.md lists every route and who may call it).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('bearerToken', null);
  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routeList.push({ method, url: route.url });
    // Authenticate before validating: the route's own onRequest hooks run after the session is read (below), and
    // before the body is parsed and the schema checked. Rights on a kingdom are still checked by the handler.
    if (methods.some((method) => isStaffRoute(method, route.url))) {
      const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [requireSignedIn, ...own];
    }
  });
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice('Bearer '.length).trim();
    if (!token) return;
    request.bearerToken = token;
    request.user = await findSessionUser(app.db, token);
  });
});

async function requireSignedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

export const SIGN_IN_REQUIRED = 'Please sign in';
export const SESSION_EXPIRED = 'Your session has expired or was signed out. Please sign in again.';

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) {
    // A token that no longer works (expired, signed out, user deleted) gets its own sentence, so the browser can
    // tell the person why they are sent to the login page.
    throw new AppError('UNAUTHORIZED', request.bearerToken ? SESSION_EXPIRED : SIGN_IN_REQUIRED);
  }
  return request.user;
}

export function requireSuperadmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'superadmin') {
    throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
  }
  return user;
}

export function canAdminKingdom(user: SessionUser, kd: number): boolean {
  return user.role === 'superadmin' || user.kingdoms.includes(kd);
}

/** An admin of kingdom kd, or a superadmin. */
export function requireKingdomAdmin(request: FastifyRequest, kd: number): SessionUser {
  const user = requireUser(request);
  if (!canAdminKingdom(user, kd)) {
    throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
  }
  return user;
}
