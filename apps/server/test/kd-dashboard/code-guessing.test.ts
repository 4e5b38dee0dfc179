import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthWorld, bearer, createAuthWorld } from '../support/auth-world.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Wrong access codes sent as `?code=` (pre-KvK rankings, reset) or in passed_data (save) count as guesses too. */
describe('rate limit on codes outside the path', () => {
  let t: TestApp;
  let world: AuthWorld;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { wrongCodePerAddress: 4, windowMs: 60_000 } });
    world = await createAuthWorld(t.database.db);
  });
  afterAll(() => t.close());

  it('counts wrong ?code= and passed_data.code guesses, then answers 429', async () => {
    const remoteAddress = '10.8.0.1';
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        url: `/api/kd-dashboard/${world.kd}/prekvk-rankings?code=guess-${i}`,
        remoteAddress,
      });
      expect(res.statusCode).toBe(404);
    }
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/${world.kd}/formula/reset?code=guess-r`,
      headers: bearer(world.kingdomAdmin),
      remoteAddress,
    });
    expect(reset.statusCode).toBe(404);
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/formula/save',
      headers: bearer(world.kingdomAdmin),
      remoteAddress,
      payload: {
        passed_data: {
          kdnumber: world.kd,
          code: 'guess-s',
          data: { goals: [], stats_formula: {}, score_on: true, dead_on: false, kp_on: false },
        },
      },
    });
    expect(save.statusCode).toBe(404);
    const right = await t.app.inject({
      url: `/api/kd-dashboard/${world.kd}/prekvk-rankings?code=${await world.codeOf(world.kd)}`,
      remoteAddress,
    });
    expect(right.statusCode).toBe(429);
  });
});
