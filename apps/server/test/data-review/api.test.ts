import {
  dataQualitySettingsResponseSchema,
  errorBodySchema,
  reviewChangeResponseSchema,
  reviewCorrectionsResponseSchema,
  reviewFlagsResponseSchema,
} from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, bearer } from '../support/auth-world.ts';
import {
  asAdmin,
  createReviewWorld,
  dashboardValue,
  flagValue,
  KD,
  type ReviewWorld,
  reviewUrl,
} from './review-support.ts';

/** The Data Review API (docs/data-review.md), on SQLite and PostgreSQL. */
describe('data review API', () => {
  let r: ReviewWorld;
  let flagId: number;

  beforeAll(async () => {
    r = await createReviewWorld();
    flagId = await flagValue(r.db, {
      scanId: r.scans[1]!,
      governorId: 101,
      field: 't4_kills',
      reason: 'T4 kills look like 4,777,297 misread',
      value: 4_777_297,
      suggested: 4_777_298,
    });
  });
  afterAll(() => r.t.close());

  const errorOf = (response: { statusCode: number; json(): unknown }) =>
    errorBodySchema.parse(response.json());

  describe('who may call it', () => {
    const routes: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['GET', '/flags'],
      ['GET', '/flags.csv'],
      ['GET', '/corrections'],
      ['GET', '/settings'],
      ['PUT', '/settings', { minPowerChange: 1 }],
      ['POST', '/corrections', { scanId: 1, governorId: 101, field: 'power', value: 1 }],
      ['POST', '/exclusions', { scanId: 1, governorId: 101 }],
      ['POST', '/flags/1/accept', {}],
      ['POST', '/corrections/1/revert'],
    ];

    it.each(routes)(
      '%s %s: 401 without a session, 403 for another kingdom’s admin, 404 with a wrong code',
      async (method, path, payload) => {
        const anonymous = await asAdmin(r, method, path, payload, null);
        expect(anonymous.statusCode).toBe(401);
        expect(errorOf(anonymous).code).toBe('UNAUTHORIZED');
        const other = await asAdmin(r, method, path, payload, r.world.otherAdmin);
        expect(other.statusCode).toBe(403);
        expect(errorOf(other).code).toBe('FORBIDDEN');
        const wrongCode = await r.t.app.inject({
          method,
          url: reviewUrl(r, path, 'not-the-code'),
          headers: bearer(r.admin),
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
        expect(wrongCode.statusCode).toBe(404);
        expect(errorOf(wrongCode).code).toBe('NOT_FOUND');
      },
    );

    it('a stranger gets 401, not a 400 describing the fields, whatever the body', async () => {
      const answer = await asAdmin(r, 'POST', '/corrections', { nonsense: true }, null);
      expect(answer.statusCode).toBe(401);
    });

    it('refuses a bad query or body with 400 naming the field', async () => {
      const status = await asAdmin(r, 'GET', '/flags?status=maybe');
      expect(status.statusCode).toBe(400);
      expect(errorOf(status).issues?.some((i) => i.path.includes('status'))).toBe(true);
      const value = await asAdmin(r, 'POST', '/corrections', {
        scanId: r.scans[1],
        governorId: 101,
        field: 't4_kills',
        value: -5,
      });
      expect(value.statusCode).toBe(400);
      expect(errorOf(value).issues?.some((i) => i.path.includes('value'))).toBe(true);
      const field = await asAdmin(r, 'POST', '/corrections', {
        scanId: r.scans[1],
        governorId: 101,
        field: 'name',
        value: 5,
      });
      expect(field.statusCode).toBe(400);
    });

    it('a superadmin may call it too, and sees the kingdom’s flags', async () => {
      const answer = await asAdmin(r, 'GET', '/flags', undefined, r.world.superadmin);
      expect(answer.statusCode).toBe(200);
      const body = reviewFlagsResponseSchema.parse(answer.json());
      expect(body.total).toBe(1);
      expect(
        body.flags.map(({ id, governorId, field, value }) => ({ id, governorId, field, value })),
      ).toEqual([{ id: flagId, governorId: 101, field: 't4_kills', value: 4_777_297 }]);
    });
  });

  it('lists the open flags with the governor’s values in the scans around them', async () => {
    const answer = await asAdmin(r, 'GET', '/flags');
    expect(answer.statusCode).toBe(200);
    const body = reviewFlagsResponseSchema.parse(answer.json());
    expect(body.total).toBe(1);
    expect(body.counts).toEqual({ open: 1, accepted: 0, corrected: 0, excluded: 0 });
    const [flag] = body.flags;
    expect(flag).toMatchObject({
      id: flagId,
      scanId: r.scans[1],
      governorId: 101,
      governorName: 'Ayla',
      field: 't4_kills',
      check: 'digit_misread',
      reason: 'T4 kills look like 4,777,297 misread',
      value: 4_777_297,
      suggested: 4_777_298,
      status: 'open',
      resolvedBy: null,
    });
    expect(flag?.context.previous).toMatchObject({ scanId: r.scans[0], value: 4_700_000 });
    expect(flag?.context.current).toMatchObject({ scanId: r.scans[1], value: 4_777_297 });
    expect(flag?.context.next).toMatchObject({ scanId: r.scans[2], value: 4_850_000 });
  });

  it('filters by status, scan, check and governor (part of an ID or of a name), and pages', async () => {
    const count = async (query: string) =>
      reviewFlagsResponseSchema.parse((await asAdmin(r, 'GET', `/flags?${query}`)).json()).total;
    expect(await count('status=accepted')).toBe(0);
    expect(await count('status=all')).toBe(1);
    expect(await count(`scan=${r.scans[0]}`)).toBe(0);
    expect(await count(`scan=${r.scans[1]}`)).toBe(1);
    expect(await count('check=power_jump')).toBe(0);
    expect(await count('governor=AYL')).toBe(1);
    expect(await count('governor=101')).toBe(1);
    // Part of an ID, its start or its middle (digits were once taken as a whole ID: issue 41).
    expect(await count('governor=10')).toBe(1);
    expect(await count('governor=01')).toBe(1);
    expect(await count('governor=1019')).toBe(0);
    expect(await count('governor=bren')).toBe(0);
    const page2 = reviewFlagsResponseSchema.parse(
      (await asAdmin(r, 'GET', '/flags?page=2&pageSize=1')).json(),
    );
    expect(page2).toMatchObject({ total: 1, page: 2, pageSize: 1, flags: [] });
  });

  it('corrects a value: the flag is corrected, the correction is a record, the dashboard’s gain follows, revert restores it', async () => {
    const end = r.scans[2]!;
    const endFlag = await flagValue(r.db, {
      scanId: end,
      governorId: 102,
      field: 't4_kills',
      value: 3_100_000,
    });
    expect(await dashboardValue(r, 102, 'T4 Kills')).toBe(100_000);
    const answer = await asAdmin(r, 'POST', '/corrections', {
      scanId: end,
      governorId: 102,
      field: 't4_kills',
      value: 3_180_000,
      reason: 'read from the screenshot',
      flagId: endFlag,
    });
    expect(answer.statusCode).toBe(200);
    const body = reviewChangeResponseSchema.parse(answer.json());
    expect(body.correction).toMatchObject({
      scanId: end,
      governorId: 102,
      governorName: 'Bren',
      field: 't4_kills',
      oldValue: 3_100_000,
      newValue: 3_180_000,
      reason: 'read from the screenshot',
      createdBy: r.admin.username,
      revertedAt: null,
    });
    expect(body.flag).toMatchObject({ id: endFlag, status: 'corrected', resolvedBy: r.admin.username });
    expect(await dashboardValue(r, 102, 'T4 Kills')).toBe(180_000);

    const list = reviewCorrectionsResponseSchema.parse((await asAdmin(r, 'GET', '/corrections')).json());
    expect(list.corrections[0]).toMatchObject({
      id: body.correction?.id,
      oldValue: 3_100_000,
      newValue: 3_180_000,
    });

    const revert = await asAdmin(r, 'POST', `/corrections/${body.correction?.id}/revert`);
    expect(revert.statusCode).toBe(200);
    const reverted = reviewChangeResponseSchema.parse(revert.json());
    expect(reverted.correction).toMatchObject({ revertedBy: r.admin.username });
    expect(reverted.correction?.revertedAt).not.toBeNull();
    expect(await dashboardValue(r, 102, 'T4 Kills')).toBe(100_000);
    const active = reviewCorrectionsResponseSchema.parse(
      (await asAdmin(r, 'GET', '/corrections?state=active')).json(),
    );
    expect(active.corrections.some((c) => c.id === body.correction?.id)).toBe(false);
    expect(await auditActions(r.db, KD)).toEqual(expect.arrayContaining([expect.stringMatching(/correct/)]));
  });

  it('refuses a correction of a governor without a row in the scan, and unknown flags and corrections (404)', async () => {
    const missing = await asAdmin(r, 'POST', '/corrections', {
      scanId: r.scans[0],
      governorId: 999,
      field: 'power',
      value: 5,
    });
    expect([400, 404]).toContain(missing.statusCode);
    expect(errorOf(missing).message).toMatch(/999/);
    const accept = await asAdmin(r, 'POST', '/flags/987654/accept', {});
    expect(accept.statusCode).toBe(404);
    expect(errorOf(accept).code).toBe('NOT_FOUND');
    const revert = await asAdmin(r, 'POST', '/corrections/987654/revert');
    expect(revert.statusCode).toBe(404);
  });

  it('accepts a flag: it leaves the open list and says who accepted it', async () => {
    const answer = await asAdmin(r, 'POST', `/flags/${flagId}/accept`, { reason: 'checked in game' });
    expect(answer.statusCode).toBe(200);
    const body = reviewChangeResponseSchema.parse(answer.json());
    expect(body.flag).toMatchObject({ id: flagId, status: 'accepted', resolvedBy: r.admin.username });
    const open = reviewFlagsResponseSchema.parse((await asAdmin(r, 'GET', '/flags')).json());
    expect(open.flags.some((f) => f.id === flagId)).toBe(false);
    expect(open.counts.accepted).toBe(1);
  });

  it('excludes a governor’s row from a scan and puts it back on revert', async () => {
    const end = r.scans[2]!;
    expect(await dashboardValue(r, 103, 'T4 Kills')).toBe(40_000);
    const answer = await asAdmin(r, 'POST', '/exclusions', {
      scanId: end,
      governorId: 103,
      reason: 'not Cato',
    });
    expect(answer.statusCode).toBe(200);
    const body = reviewChangeResponseSchema.parse(answer.json());
    expect(body.correction).toMatchObject({
      field: 'row',
      governorId: 103,
      governorName: 'Cato',
      oldValue: null,
    });
    expect(await dashboardValue(r, 103, 'T4 Kills')).not.toBe(40_000);
    const revert = await asAdmin(r, 'POST', `/corrections/${body.correction?.id}/revert`);
    expect(revert.statusCode).toBe(200);
    expect(await dashboardValue(r, 103, 'T4 Kills')).toBe(40_000);
  });

  describe('data-quality settings', () => {
    it('answers the defaults, saves a change, and keeps the kingdom’s other settings', async () => {
      const before = dataQualitySettingsResponseSchema.parse((await asAdmin(r, 'GET', '/settings')).json());
      expect(before.settings).toEqual(before.defaults);
      const put = await asAdmin(r, 'PUT', '/settings', {
        enabled: { power_jump: false },
        sensitivity: { helps: 'off', power: 'low' },
        minPowerChange: 5_000_000,
      });
      expect(put.statusCode).toBe(200);
      const saved = dataQualitySettingsResponseSchema.parse(put.json());
      expect(saved.settings.enabled.power_jump).toBe(false);
      expect(saved.settings.sensitivity).toMatchObject({ helps: 'off', power: 'low', dead: 'normal' });
      expect(saved.settings.enabled.digit_misread).toBe(true);
      expect(saved.settings.minPowerChange).toBe(5_000_000);
      const after = dataQualitySettingsResponseSchema.parse((await asAdmin(r, 'GET', '/settings')).json());
      expect(after.settings).toEqual(saved.settings);
      expect(await auditActions(r.db, KD)).toContain('kingdom.data-quality');
    });

    it('refuses bounds out of range and unknown keys (400)', async () => {
      const range = await asAdmin(r, 'PUT', '/settings', { maxPowerChangePerDay: 500 });
      expect(range.statusCode).toBe(400);
      expect(errorOf(range).issues?.some((i) => i.path.includes('maxPowerChangePerDay'))).toBe(true);
      const unknown = await asAdmin(r, 'PUT', '/settings', { enabled: { spelling: true } });
      expect(unknown.statusCode).toBe(400);
      const level = await asAdmin(r, 'PUT', '/settings', { sensitivity: { helps: 'loud' } });
      expect(level.statusCode).toBe(400);
      expect(errorOf(level).issues?.some((i) => i.path.includes('helps'))).toBe(true);
      const field = await asAdmin(r, 'PUT', '/settings', { sensitivity: { honor: 'off' } });
      expect(field.statusCode).toBe(400);
    });
  });
});
