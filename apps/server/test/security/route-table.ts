/**
 * THE authorisation table: every /api route, who may call it, and what each kind of caller gets. docs/security.md
 * shows the same table to people; route-table.test.ts walks every route registered in the app through it and fails
 * when a registered route is missing here, when an entry here is not registered (unless marked planned), or when
 * docs/security.md disagrees. A new route is added here first.
 *
 * Callers: no session, an admin of another kingdom, an admin of this kingdom (kd 2101), a superadmin. Routes
 * addressed by an access code (or demo secret) get a fifth probe with a wrong one, which must be a 404.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import type { AuthWorld } from '../support/auth-world.ts';

export const CALLERS = ['anonymous', 'otherAdmin', 'kingdomAdmin', 'superadmin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Probe = Caller | 'wrongCode';

export type Access = 'public' | 'viewer' | 'signed-in' | 'kingdom-admin' | 'superadmin' | 'ingestion-token';

export const ACCESS_LABELS: Record<Access, string> = {
  public: 'anyone',
  viewer: "anyone with the kingdom's access code",
  'signed-in': 'any signed-in user',
  'kingdom-admin': 'an admin of the kingdom, or a superadmin',
  superadmin: 'a superadmin',
  'ingestion-token': "the kingdom's rally ingestion token (no session)",
};

/** What the test hands a rule's request builder. */
export interface RouteContext {
  db: Kysely<Database>;
  world: AuthWorld;
  /** Who is calling; the builder may need it (sign-out uses a throw-away session of this caller). */
  caller: Caller;
  kd: number;
  /** The kingdom's current access code, or a wrong one in the wrong-code probe. */
  code: string;
  /** The demo link's secret, or a wrong one in the wrong-code probe. */
  demoSecret: string;
  fresh: {
    /** The kingdom's rally ingestion token, newly rotated (the table's own rotate call retires older ones). */
    rallyToken(): Promise<string>;
    /** A new user (to delete). */
    user(): Promise<number>;
    scan(): Promise<number>;
    camp(): Promise<number>;
    /** A KvK number with a season, pre-KvK points and HoH records. */
    kvk(): Promise<number>;
    /** A kingdom number not yet used. */
    kd(): number;
    /** A new session of the calling user (null for no session). */
    session(): Promise<string | null>;
  };
  files: { scan: Buffer; prekvk: Buffer; hoh: Buffer };
}

export interface RequestSpec {
  url: string;
  payload?: string | Buffer | Record<string, unknown>;
  /** Replace the caller's Authorization header (sign-out, ingestion token). */
  headers?: Record<string, string>;
}

export interface RouteRule {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As registered in Fastify, with the /api prefix. */
  path: string;
  access: Access;
  /** Where it is implemented. */
  feature: string;
  request: (ctx: RouteContext) => RequestSpec | Promise<RequestSpec>;
  /** Status of an allowed call; default 200. */
  ok?: number;
  /** Statuses that differ from the access level's defaults. */
  expect?: Partial<Record<Probe, number>>;
  /** The access code travels in the body rather than the path. */
  codeInBody?: boolean;
  /** Extra probes beyond the four callers (e.g. the ingestion token itself). */
  extra?: {
    name: string;
    request: (ctx: RouteContext) => RequestSpec | Promise<RequestSpec>;
    status: number;
  }[];
  /** Listed ahead of its implementation: skipped (not failed) while not registered. */
  planned?: boolean;
  note?: string;
}

const octet = { 'content-type': 'application/octet-stream' };
const admin = (ctx: RouteContext) => `/api/admin/kingdoms/${ctx.kd}/${ctx.code}`;
const rallyBody = () => ({
  rallies: [
    {
      rally_id: `r-${Math.random().toString(36).slice(2)}`,
      launched_at: Math.floor(Date.now() / 1000) - 60,
      launcher: { id: 5, name: 'Lead' },
      participants: [{ id: 6, name: 'Join' }],
    },
  ],
});

export const ROUTES: RouteRule[] = [
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
      payload: { username: c.world.kingdomAdmin.username, password: 'correct horse battery staple' },
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
      payload: { username: `u${c.fresh.kd()}`, password: 'long enough password', role: 'admin' },
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

  // Kingdom Management and the per-kingdom admin page
  {
    method: 'GET',
    path: '/api/admin/kingdoms',
    access: 'signed-in',
    feature: 'kingdom-admin',
    request: () => ({ url: '/api/admin/kingdoms' }),
    note: 'an admin sees their own kingdoms, a superadmin all',
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms',
    access: 'superadmin',
    feature: 'kingdom-admin',
    ok: 201,
    request: (c) => ({ url: '/api/admin/kingdoms', payload: { kd: c.fresh.kd() } }),
  },
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/:code',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: admin(c) }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/settings',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `${admin(c)}/settings`, payload: { settings: { showAutarchSwitcher: true } } }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/name',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `${admin(c)}/name`, payload: { name: 'Renamed' } }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/code',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `${admin(c)}/code`, payload: {} }),
    note: 'rotates the access code; old links stop working',
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/camps',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `${admin(c)}/camps`, payload: { name: 'Camp Table', members: [c.kd, 2150] } }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/:code/camps/:campId',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: async (c) => ({ url: `${admin(c)}/camps/${await c.fresh.camp()}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/seasons',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => {
      const n = c.fresh.kd();
      const open = 1_900_000_000 + n * 86_400 * 40;
      return {
        url: `${admin(c)}/seasons`,
        payload: { kvkNumber: n, openTime: open, closeTime: open + 86_400 },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/:code/seasons/:kvk',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: async (c) => ({ url: `${admin(c)}/seasons/${await c.fresh.kvk()}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/scans',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({
      url: `${admin(c)}/scans?fileName=table.csv&at=2026-01-01T00:00Z`,
      headers: octet,
      payload: c.files.scan,
    }),
    note: 'the scanner file as the raw body; 422 with the import’s message for a bad file',
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/:code/scans/:scanId',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: async (c) => ({ url: `${admin(c)}/scans/${await c.fresh.scan()}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/prekvk',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({
      url: `${admin(c)}/prekvk?fileName=p.csv&kvk=3`,
      headers: octet,
      payload: c.files.prekvk,
    }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/:code/prekvk/:kvk',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: async (c) => ({ url: `${admin(c)}/prekvk/${await c.fresh.kvk()}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/hoh',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `${admin(c)}/hoh?fileName=h.csv&kvk=3`, headers: octet, payload: c.files.hoh }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/kingdoms/:kd/:code/hoh/:kvk',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: async (c) => ({ url: `${admin(c)}/hoh/${await c.fresh.kvk()}` }),
  },
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/rally-token',
    access: 'kingdom-admin',
    feature: 'rally',
    request: (c) => ({ url: `/api/admin/kingdoms/${c.kd}/rally-token` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/rally-token',
    access: 'kingdom-admin',
    feature: 'rally',
    request: (c) => ({ url: `/api/admin/kingdoms/${c.kd}/rally-token` }),
    note: 'creates or rotates the ingestion token; the old one stops working',
  },

  // Dashboard settings
  {
    method: 'GET',
    path: '/api/settings/:kd/:code',
    access: 'viewer',
    feature: 'settings',
    request: (c) => ({ url: `/api/settings/${c.kd}/${c.code}` }),
  },
  {
    method: 'POST',
    path: '/api/settings/:kd/:code',
    access: 'kingdom-admin',
    feature: 'kingdom-admin',
    request: (c) => ({ url: `/api/settings/${c.kd}/${c.code}`, payload: { defaultTopFilter: 100 } }),
  },

  // Main dashboard and autarch
  {
    method: 'GET',
    path: '/api/dashboard/:kd/data/:code',
    access: 'viewer',
    feature: 'dashboard',
    request: (c) => ({ url: `/api/dashboard/${c.kd}/data/${c.code}` }),
  },
  {
    method: 'POST',
    path: '/api/dashboard/update-tables',
    access: 'viewer',
    feature: 'dashboard',
    codeInBody: true,
    request: (c) => ({ url: '/api/dashboard/update-tables', payload: { kd: c.kd, code: c.code } }),
  },
  {
    method: 'GET',
    path: '/api/dashboard/:kd/formula/:code',
    access: 'viewer',
    feature: 'dashboard',
    request: (c) => ({ url: `/api/dashboard/${c.kd}/formula/${c.code}` }),
  },
  {
    method: 'GET',
    path: '/api/dashboard/:code/all-kds',
    access: 'viewer',
    feature: 'dashboard',
    request: (c) => ({ url: `/api/dashboard/${c.code}/all-kds` }),
  },
  {
    method: 'GET',
    path: '/api/dashboard/:kd/autarch-data/:code',
    access: 'viewer',
    feature: 'autarch',
    request: (c) => ({ url: `/api/dashboard/${c.kd}/autarch-data/${c.code}` }),
  },
  {
    method: 'POST',
    path: '/api/dashboard/autarch/update-tables',
    access: 'viewer',
    feature: 'autarch',
    codeInBody: true,
    request: (c) => ({ url: '/api/dashboard/autarch/update-tables', payload: { kd: c.kd, code: c.code } }),
  },
  {
    method: 'GET',
    path: '/api/dashboard/autarch/available-kds',
    access: 'public',
    feature: 'autarch',
    request: () => ({ url: '/api/dashboard/autarch/available-kds' }),
    note: 'kingdom numbers only',
  },

  // Rally data
  {
    method: 'GET',
    path: '/api/rally/available-filters',
    access: 'public',
    feature: 'rally',
    request: () => ({ url: '/api/rally/available-filters' }),
  },
  {
    method: 'GET',
    path: '/api/rally/:kd/data/:code',
    access: 'viewer',
    feature: 'rally',
    request: (c) => ({ url: `/api/rally/${c.kd}/data/${c.code}` }),
  },
  {
    method: 'GET',
    path: '/api/rally/:kd/summary/:code',
    access: 'viewer',
    feature: 'rally',
    request: (c) => ({ url: `/api/rally/${c.kd}/summary/${c.code}` }),
  },
  {
    method: 'POST',
    path: '/api/rally/:kd/events',
    access: 'ingestion-token',
    feature: 'rally',
    request: (c) => ({ url: `/api/rally/${c.kd}/events`, payload: rallyBody() }),
    extra: [
      {
        name: 'ingestion token',
        status: 200,
        request: async (c) => ({
          url: `/api/rally/${c.kd}/events`,
          payload: rallyBody(),
          headers: { authorization: `Bearer ${await c.fresh.rallyToken()}` },
        }),
      },
      {
        name: 'wrong ingestion token',
        status: 401,
        request: (c) => ({
          url: `/api/rally/${c.kd}/events`,
          payload: rallyBody(),
          headers: { authorization: 'Bearer ksr_wrong' },
        }),
      },
    ],
  },

  // Kingdom home
  {
    method: 'GET',
    path: '/api/kdhome/:kdno',
    access: 'kingdom-admin',
    feature: 'kingdom-home',
    request: (c) => ({ url: `/api/kdhome/${c.kd}` }),
  },

  // KD DKP dashboard and formula editor (SPEC §7)
  {
    method: 'GET',
    path: '/api/kd-dashboard/:kd/data/:code',
    access: 'viewer',
    feature: 'kd-dashboard',
    request: (c) => ({ url: `/api/kd-dashboard/${c.kd}/data/${c.code}` }),
  },
  {
    method: 'POST',
    path: '/api/kd-dashboard/update-data',
    access: 'viewer',
    feature: 'kd-dashboard',
    codeInBody: true,
    request: (c) => ({ url: '/api/kd-dashboard/update-data', payload: { kd: c.kd, code: c.code } }),
  },
  {
    method: 'GET',
    path: '/api/kd-dashboard/:kd/prekvk-rankings',
    access: 'viewer',
    feature: 'kd-dashboard',
    codeInBody: true,
    request: (c) => ({ url: `/api/kd-dashboard/${c.kd}/prekvk-rankings?code=${c.code}` }),
    note: 'the access code travels as ?code=',
  },
  {
    method: 'GET',
    path: '/api/:kd/formula/:code',
    access: 'viewer',
    feature: 'formula',
    request: (c) => ({ url: `/api/${c.kd}/formula/${c.code}` }),
  },
  {
    method: 'POST',
    path: '/api/formula/save',
    access: 'kingdom-admin',
    feature: 'formula',
    codeInBody: true,
    request: (c) => ({
      url: '/api/formula/save',
      payload: {
        passed_data: {
          kdnumber: c.kd,
          code: c.code,
          data: {
            goals: [
              {
                from: 0,
                to: 150,
                type: 'percentage',
                score_multiplier: 200,
                dead_multiplier: 1,
                kp_multiplier: 400,
              },
            ],
            stats_formula: { 'T4-Kills': [10, true], 'T5-Kills': [20, true], 'Dead Troops': [15, true] },
            score_on: true,
            dead_on: false,
            kp_on: false,
          },
        },
      },
    }),
    note: 'the access code travels in passed_data; audited',
  },
  {
    method: 'POST',
    path: '/api/:kd/formula/reset',
    access: 'kingdom-admin',
    feature: 'formula',
    codeInBody: true,
    request: (c) => ({ url: `/api/${c.kd}/formula/reset`, payload: { code: c.code } }),
    note: 'the access code travels in the body (or ?code=); audited',
  },
];

/** The status each probe should get for a rule, from its access level, its `ok` and its overrides. */
export function expectedStatuses(rule: RouteRule): Partial<Record<Probe, number>> {
  const ok = rule.ok ?? 200;
  const byAccess: Record<Access, Record<Caller, number>> = {
    public: { anonymous: ok, otherAdmin: ok, kingdomAdmin: ok, superadmin: ok },
    viewer: { anonymous: ok, otherAdmin: ok, kingdomAdmin: ok, superadmin: ok },
    'signed-in': { anonymous: 401, otherAdmin: ok, kingdomAdmin: ok, superadmin: ok },
    'kingdom-admin': { anonymous: 401, otherAdmin: 403, kingdomAdmin: ok, superadmin: ok },
    superadmin: { anonymous: 401, otherAdmin: 403, kingdomAdmin: 403, superadmin: ok },
    // A session is not an ingestion token.
    'ingestion-token': { anonymous: 401, otherAdmin: 401, kingdomAdmin: 401, superadmin: 401 },
  };
  const statuses: Partial<Record<Probe, number>> = { ...byAccess[rule.access] };
  if (hasWrongCodeProbe(rule)) statuses.wrongCode = 404;
  return { ...statuses, ...rule.expect };
}

/** Routes addressed by an access code or secret: a wrong one must be a 404 (and is rate-limited). */
export function hasWrongCodeProbe(rule: RouteRule): boolean {
  return rule.codeInBody === true || rule.path.includes('/:code') || rule.path.includes('/:secret');
}

/** The caller of the wrong-code probe: the first caller the rule lets in. */
export function wrongCodeCaller(rule: RouteRule): Caller {
  return rule.access === 'kingdom-admin'
    ? 'kingdomAdmin'
    : rule.access === 'superadmin'
      ? 'superadmin'
      : 'anonymous';
}

/** `/api/admin/kingdoms/:kd/:code` → `/api/admin/kingdoms/{kd}/{code}`, as docs/security.md writes paths. */
export function docPath(path: string): string {
  return path.replace(/:([A-Za-z]+)\??/g, '{$1}');
}

/** The docs/security.md row for a rule. */
export function docRow(rule: RouteRule): string {
  const s = expectedStatuses(rule);
  const wrong = s.wrongCode === undefined ? '–' : String(s.wrongCode);
  const cells = [
    rule.method,
    `\`${docPath(rule.path)}\``,
    ACCESS_LABELS[rule.access] + (rule.planned ? ' (planned)' : ''),
    String(s.anonymous),
    String(s.otherAdmin),
    String(s.kingdomAdmin),
    String(s.superadmin),
    wrong,
    rule.feature,
    rule.note ?? '',
  ];
  return `| ${cells.join(' | ')} |`;
}
