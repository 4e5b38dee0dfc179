import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthWorld, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The governor page's call is a viewer call: wrong codes count as guesses like the dashboards', an unknown ID does not. */
describe('rate limit on the governor page', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { wrongCodePerAddress: 3, windowMs: 60_000 } });
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  it('answers unknown governors with the right code as often as asked, without counting them', async () => {
    const code = await world.codeOf(world.kd);
    for (let id = 1; id <= 5; id++) {
      const res = await t.app.inject({
        url: `/api/governor/${world.kd}/${id}/${code}`,
        remoteAddress: '10.9.0.1',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().header).toBeNull();
    }
  });

  it('counts wrong codes, then answers 429 even to the right one', async () => {
    const remoteAddress = '10.9.0.2';
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ url: `/api/governor/${world.kd}/1/guess-${i}`, remoteAddress });
      expect(res.statusCode).toBe(404);
    }
    const code = await world.codeOf(world.kd);
    const right = await t.app.inject({ url: `/api/governor/${world.kd}/1/${code}`, remoteAddress });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });
});
