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
import { KINGDOM_ADMIN_ROUTES } from './routes/kingdom-admin.ts';
import { SITE_ROUTES } from './routes/site.ts';
import { VIEWER_ROUTES } from './routes/viewer.ts';

export const CALLERS = ['anonymous', 'otherAdmin', 'kingdomAdmin', 'superadmin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Probe = Caller | 'wrongCode';

export type Access =
  | 'public'
  | 'viewer'
  | 'signed-in'
  | 'kingdom-admin'
  | 'superadmin'
  | 'ingestion-token'
  | 'upload-token';

export const ACCESS_LABELS: Record<Access, string> = {
  public: 'anyone',
  viewer: "anyone with the kingdom's access code",
  'signed-in': 'any signed-in user',
  'kingdom-admin': 'an admin of the kingdom, or a superadmin',
  superadmin: 'a superadmin',
  'ingestion-token': "the kingdom's rally ingestion token (no session)",
  'upload-token': "the kingdom's upload token (no session)",
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
    /** The kingdom's upload token for machines, newly rotated. */
    uploadToken(): Promise<string>;
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
  files: { scan: Buffer; prekvk: Buffer; hoh: Buffer; honor: Buffer };
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

/** Every API route, who may call it and how to call it: the security test's table and docs/security.md's. */
export const ROUTES: RouteRule[] = [...SITE_ROUTES, ...KINGDOM_ADMIN_ROUTES, ...VIEWER_ROUTES];

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
    'upload-token': { anonymous: 401, otherAdmin: 401, kingdomAdmin: 401, superadmin: 401 },
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
