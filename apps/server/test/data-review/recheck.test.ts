import { errorBodySchema, recheckResponseSchema, reviewFlagsResponseSchema } from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importScanFile } from '../../src/features/imports/import-scan.ts';
import { auditActions, bearer } from '../support/auth-world.ts';
import { asAdmin, createReviewWorld, flagValue, KD, type ReviewWorld, reviewUrl } from './review-support.ts';

/**
 * Re-checking the stored scans after a settings change (POST …/review/recheck, docs/data-review.md), on SQLite and
 * PostgreSQL. The flags here are the import's own: a fourth scan whose T4 kills (Ayla) and dead (Bren) lost their
 * last digit, which the import flags as digit misreads.
 */
describe('re-checking stored scans', () => {
  let r: ReviewWorld;
  let latest: number;

  beforeAll(async () => {
    r = await createReviewWorld();
    await importScanFile(r.db, {
      kingdomKd: KD,
      filePath: 'review-4.csv',
      content: Buffer.from(
        'governor_id,name,power,kill points,t4 kills,t5 kills,deads\n' +
          '101,Ayla,41500000,86000000,490000,1690000,1030000\n' +
          '102,Bren,30600000,53000000,3150000,1060000,53000\n' +
          '103,Cato,20300000,11500000,660000,230000,115000\n',
      ),
      at: '2026-05-22T00:00:00Z',
    });
    const scans = await r.db.selectFrom('scans').select('id').where('kingdom_kd', '=', KD).execute();
    latest = Math.max(...scans.map((s) => s.id));
  });
  afterAll(() => r.t.close());

  const flags = async (status: string) =>
    reviewFlagsResponseSchema.parse((await asAdmin(r, 'GET', `/flags?status=${status}`)).json()).flags;
  const cells = (list: { governorId: number; field: string; check: string; scanName: string }[]) =>
    list.map((f) => `${f.scanName} ${f.governorId} ${f.field} ${f.check}`).sort();
  const recheck = async () => {
    const answer = await asAdmin(r, 'POST', '/recheck');
    expect(answer.statusCode).toBe(200);
    return recheckResponseSchema.parse(answer.json());
  };
  const setChecks = async (enabled: Record<string, boolean>) => {
    const answer = await asAdmin(r, 'PUT', '/settings', { enabled });
    expect(answer.statusCode).toBe(200);
    return answer.json() as { message: string };
  };

  it('the import flagged both lost digits', async () => {
    expect(cells(await flags('open'))).toEqual([
      'review-4 101 t4_kills digit_misread',
      'review-4 102 dead digit_misread',
    ]);
  });

  it('a check turned off and a re-check remove its open flags and keep the accepted ones', async () => {
    const bren = (await flags('open')).find((f) => f.governorId === 102)!;
    expect((await asAdmin(r, 'POST', `/flags/${bren.id}/accept`, {})).statusCode).toBe(200);

    const saved = await setChecks({ digit_misread: false, counter_decreased: false });
    expect(saved.message).toMatch(/apply to the next imports/);
    // Saving alone changes no stored flag.
    expect(cells(await flags('open'))).toEqual(['review-4 101 t4_kills digit_misread']);

    const answer = await recheck();
    expect(answer).toMatchObject({ flagged: 0, removed: 1, added: 0 });
    expect(answer.message).toMatch(/^Re-checked 4 scans with the current settings: 0 values to review/);
    expect(await flags('open')).toEqual([]);
    const accepted = await flags('accepted');
    expect(accepted.map((f) => f.id)).toEqual([bren.id]);
    expect(await auditActions(r.db, KD)).toContain('value-flag.recheck');
  });

  it('with only the digit check off, the drop is a decreased counter; an accepted value is trusted as a bound', async () => {
    await setChecks({ counter_decreased: true });
    const answer = await recheck();
    expect(answer).toMatchObject({ flagged: 2, removed: 0, added: 2 });
    // Bren's 53,000 dead in review-4 was accepted as right: it gets no new flag, and as a value the kingdom trusts it
    // is the upper bound of the scan before it (the re-check sees the scans on both sides of each scan).
    const open = await flags('open');
    expect(cells(open)).toEqual([
      'review-3 102 dead counter_decreased',
      'review-4 101 t4_kills counter_decreased',
    ]);
    expect(open.find((f) => f.governorId === 102)?.reason).toMatch(
      /520,000 here but 53,000 in the next scan/,
    );
  });

  it('turned on again, the digit misread comes back as the import found it', async () => {
    await setChecks({ digit_misread: true });
    const answer = await recheck();
    expect(answer).toMatchObject({ flagged: 2, removed: 1, added: 1 });
    const open = await flags('open');
    expect(cells(open)).toEqual([
      'review-3 102 dead counter_decreased',
      'review-4 101 t4_kills digit_misread',
    ]);
    expect(open.find((f) => f.governorId === 101)?.reason).toBe(
      'T4 kills went down from 4,850,000 to 490,000; it looks like a digit lost (the value cannot be told for sure).',
    );
    expect(cells(await flags('accepted'))).toEqual(['review-4 102 dead digit_misread']);
  });

  it('a corrected value stays corrected and is not reopened; an open flag found again keeps its id', async () => {
    const [bren, ayla] = [...(await flags('open'))].sort((a, b) => b.governorId - a.governorId);
    const corrected = await asAdmin(r, 'POST', '/corrections', {
      scanId: ayla!.scanId,
      governorId: 101,
      field: 't4_kills',
      value: 4_900_000,
      flagId: ayla!.id,
    });
    expect(corrected.statusCode).toBe(200);
    expect(await recheck()).toMatchObject({ flagged: 1, removed: 0, added: 0 });
    expect((await flags('corrected')).map((f) => f.id)).toEqual([ayla!.id]);
    expect((await flags('open')).map((f) => f.id)).toEqual([bren!.id]);
  });

  it('keeps an open ranking-order flag (the file order is not stored) until that check is turned off', async () => {
    const id = await flagValue(r.db, {
      scanId: latest,
      governorId: 103,
      field: 'power',
      check: 'power_rank_order',
      reason: 'Power is out of the ranking’s order',
      value: 20_300_000,
    });
    expect(await recheck()).toMatchObject({ flagged: 2, removed: 0, added: 0 });
    expect((await flags('open')).map((f) => f.id)).toContain(id);

    await setChecks({ power_rank_order: false });
    expect(await recheck()).toMatchObject({ flagged: 1, removed: 1, added: 0 });
    expect((await flags('open')).map((f) => f.check)).toEqual(['counter_decreased']);
  });

  it('answers 401 without a session, 403 to an admin of another kingdom, 404 with a wrong code, and changes nothing', async () => {
    const anonymous = await asAdmin(r, 'POST', '/recheck', undefined, null);
    expect(anonymous.statusCode).toBe(401);
    const other = await asAdmin(r, 'POST', '/recheck', undefined, r.world.otherAdmin);
    expect(other.statusCode).toBe(403);
    expect(errorBodySchema.parse(other.json()).code).toBe('FORBIDDEN');
    const wrongCode = await r.t.app.inject({
      method: 'POST',
      url: reviewUrl(r, '/recheck', 'not-the-code'),
      headers: bearer(r.admin),
    });
    expect(wrongCode.statusCode).toBe(404);
    expect(await flags('all')).toHaveLength(3);
  });
});
