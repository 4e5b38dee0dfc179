import { TEST_PASSWORD } from '../../support/auth-world.ts';
import type { RouteRule } from '../route-table.ts';

/** The route table's rows for the site, sign-in and accounts (see route-table.ts). */
export const SITE_ROUTES: RouteRule[] = [
  // Site
  {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    feature: 'health',
    request: () => ({ url: '/api/health' }),
  },
  {
    method: 'GET',
    path: '/api/config',
    access: 'public',
    feature: 'public-config',
    request: () => ({ url: '/api/config' }),
  },
  {
    method: 'GET',
    path: '/api/demo/:secret',
    access: 'public',
    feature: 'demo',
    request: (c) => ({ url: `/api/demo/${c.demoSecret}` }),
    note: 'a wrong secret is 404 and counts towards the wrong-code rate limit',
  },

  // Sign-in and accounts
  {
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    feature: 'auth',
    request: (c) => ({
      url: '/api/auth/login',
      payload: { username: c.world.kingdomAdmin.username, password: TEST_PASSWORD },
    }),
    note: '403 while LOGIN_ENABLED is off; 401 for wrong credentials; rate-limited (429)',
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    access: 'public',
    feature: 'auth',
    request: async (c) => {
      const token = await c.fresh.session();
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      return { url: '/api/auth/logout', headers };
    },
    note: 'revokes the session presented, if any',
  },
  {
    method: 'GET',
    path: '/api/auth/session',
    access: 'signed-in',
    feature: 'auth',
    request: () => ({ url: '/api/auth/session' }),
  },
  {
    method: 'GET',
    path: '/api/auth/users',
    access: 'superadmin',
    feature: 'users',
    request: () => ({ url: '/api/auth/users' }),
  },
  {
    method: 'POST',
    path: '/api/auth/users',
    access: 'superadmin',
    feature: 'users',
    ok: 201,
    request: (c) => ({
      url: '/api/auth/users',
      payload: { username: `u${c.fresh.kd()}`, password: TEST_PASSWORD, role: 'admin', kingdoms: [c.kd] },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/auth/users/:id',
    access: 'superadmin',
    feature: 'users',
    request: async (c) => ({ url: `/api/auth/users/${await c.fresh.user()}` }),
    note: 'never oneself (409), never the last superadmin (409)',
  },
];
