import { errorBodySchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 14: schema failures reached users as 'Invalid params.kd: …'. The answer now says, in words, which
// field is wrong and where; the schema's wording stays in `issues` for developers.
describe('what a user reads when a request fails its schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names a bad kingdom number in the address in words', async () => {
    const res = await t.app.inject('/api/settings/abc/x');
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.error).toBe('The kingdom number in the address is not valid. Check it and try again.');
    expect(body.error).not.toMatch(/params|Invalid/);
    expect(body.issues?.[0]?.path).toBe('params.kd');
  });

  it('names a bad option of the dashboard address in words', async () => {
    const res = await t.app.inject('/api/dashboard/1/data/x?pageSize=-5');
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.error).toBe('The page size in the address is not valid. Check it and try again.');
    expect(body.issues?.[0]?.path).toBe('querystring.pageSize');
  });
});
