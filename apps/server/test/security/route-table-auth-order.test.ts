import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED, SIGN_IN_REQUIRED } from '../../src/plugins/auth.ts';
import { isStaffRoute } from '../../src/plugins/staff-routes.ts';
import { type AuthWorld, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { ROUTES, type RouteRule } from './route-table.ts';

const STAFF_ACCESS = new Set(['signed-in', 'kingdom-admin', 'superadmin']);
const staffRules = ROUTES.filter((rule) => STAFF_ACCESS.has(rule.access) && !rule.planned);

/** The rule's path with every parameter replaced by something no schema accepts. */
const mangledUrl = (rule: RouteRule) => rule.path.replace(/:[A-Za-z]+\??/g, 'not%20a%20number!');

/** Bodies a stranger might send: wrong types, broken JSON, a type the route does not parse, an empty one. */
const HOSTILE_BODIES: { name: string; payload: string; contentType: string }[] = [
  {
    name: 'wrong types',
    payload: JSON.stringify({ kd: 'x', code: 7, name: ['n'], passed_data: 5, settings: 'no', members: {} }),
    contentType: 'application/json',
  },
  { name: 'broken JSON', payload: '{"kd": 2101, "code', contentType: 'application/json' },
  { name: 'an unknown content type', payload: 'hello', contentType: 'text/x-unknown' },
  { name: 'an empty JSON body', payload: '', contentType: 'application/json' },
];

describe('staff routes authenticate before validating', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp({ loginEnabled: true });
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  it('knows every staff route of the table, and no other', () => {
    const wrong = ROUTES.filter(
      (rule) => !rule.planned && isStaffRoute(rule.method, rule.path) !== STAFF_ACCESS.has(rule.access),
    ).map((rule) => `${rule.method} ${rule.path} (${rule.access})`);
    expect(wrong, 'update apps/server/src/plugins/staff-routes.ts').toEqual([]);
  });

  it.each(staffRules.map((rule) => [`${rule.method} ${rule.path}`, rule] as const))(
    '%s answers an anonymous caller 401 whatever its parameters and body',
    async (_name, rule) => {
      const answers: { probe: string; status: number; body: string }[] = [];
      const probe = async (name: string, options: InjectOptions) => {
        const res = await t.app.inject(options);
        answers.push({ probe: name, status: res.statusCode, body: res.body });
      };
      await probe('bad parameters', { method: rule.method, url: mangledUrl(rule) });
      await probe('bad query', { method: rule.method, url: `${mangledUrl(rule)}?page=-1&kd[]=x&code=` });
      if (rule.method !== 'GET') {
        for (const body of HOSTILE_BODIES) {
          await probe(body.name, {
            method: rule.method,
            url: mangledUrl(rule),
            payload: body.payload,
            headers: { 'content-type': body.contentType },
          });
        }
      }
      await probe('an unknown token', {
        method: rule.method,
        url: mangledUrl(rule),
        headers: { authorization: 'Bearer not-a-session' },
      });
      for (const answer of answers) {
        expect(answer.status, `${answer.probe}: ${answer.body}`).toBe(401);
        const body = JSON.parse(answer.body) as { code: string; error: string; issues?: unknown };
        expect(body.code, answer.probe).toBe('UNAUTHORIZED');
        expect([SIGN_IN_REQUIRED, SESSION_EXPIRED]).toContain(body.error);
        // Nothing about the route's schema reaches a stranger.
        expect(body.issues, answer.probe).toBeUndefined();
      }
    },
  );

  it('still validates for a signed-in caller, and viewer routes validate as before', async () => {
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/admin/kingdoms',
      headers: bearer(world.superadmin),
      payload: { kd: 'not a number' },
    });
    expect(staff.statusCode).toBe(400);
    const viewer = await t.app.inject({ url: '/api/dashboard/2101/data/code-2101?pageSize=abc' });
    expect(viewer.statusCode).toBe(400);
  });
});
