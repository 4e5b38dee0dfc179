import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionUser, type SessionUser } from '../auth/sessions.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, when the request carries a valid bearer token. */
    user: SessionUser | null;
    /** The bearer token as sent, for sign-out. */
    bearerToken: string | null;
  }
}

/** Reads `Authorization: Bearer <token>` on every request; routes then state who may call them with the guards below. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('bearerToken', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice('Bearer '.length).trim();
    if (!token) return;
    request.bearerToken = token;
    request.user = await findSessionUser(app.db, token);
  });
});

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Please sign in');
  return request.user;
}

export function requireSuperadmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'superadmin') {
    throw new AppError('FORBIDDEN', "You don't have sufficient permissions to access this page.");
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
    throw new AppError('FORBIDDEN', "You don't have sufficient permissions to access this page.");
  }
  return user;
}
