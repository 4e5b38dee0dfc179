import {
  dashboardResponseSchema,
  kdDashboardResponseSchema,
  type ReviewMarks,
} from '@kingdom-stats/core/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/auth-world.ts';
import { asAdmin, createReviewWorld, flagValue, KD, type ReviewWorld } from './review-support.ts';

/** Issue 12 item 4: the dashboard's and the KD DKP dashboard's answers mark values under review and corrected gains. */
describe('viewer marks', () => {
  let r: ReviewWorld;

  beforeAll(async () => {
    r = await createReviewWorld();
  });
  afterAll(() => r.t.close());

  const dashboardMarks = async (query = 'pageSize=100'): Promise<ReviewMarks | undefined> => {
    const answer = await r.t.app.inject(`/api/dashboard/${KD}/data/${r.code}?${query}`);
    expect(answer.statusCode).toBe(200);
    return dashboardResponseSchema.parse(answer.json()).reviewMarks;
  };
  const kdDkpMarks = async (): Promise<ReviewMarks | undefined> => {
    const answer = await r.t.app.inject(`/api/kd-dashboard/${KD}/data/${r.code}`);
    expect(answer.statusCode).toBe(200);
    return kdDashboardResponseSchema.parse(answer.json()).reviewMarks;
  };

  it('no flags, no corrections: the answers carry no marks', async () => {
    expect(await dashboardMarks()).toBeUndefined();
    expect(await kdDkpMarks()).toBeUndefined();
  });

  it('a flag on a scan between the period’s ends marks the governor too (issue 36: the series is in doubt)', async () => {
    const middle = await flagValue(r.db, {
      scanId: r.scans[1]!,
      governorId: 102,
      field: 'power',
      check: 'power_jump',
      reason: 'Power jumped',
    });
    const marked = { '102': { underReview: [{ field: 'power', reason: 'Power jumped' }], corrected: [] } };
    expect(await dashboardMarks()).toEqual(marked);
    expect(await kdDkpMarks()).toEqual(marked);
    await asAdmin(r, 'POST', `/flags/${middle}/accept`, {});
    expect(await dashboardMarks()).toBeUndefined();
  });

  it('an open flag on the period’s last scan marks that governor only, with its reason; accepting it removes the mark', async () => {
    const flagId = await flagValue(r.db, {
      scanId: r.scans[2]!,
      governorId: 101,
      field: 't4_kills',
      reason: 'T4 kills look misread',
    });
    const marks = await dashboardMarks();
    expect(marks).toEqual({
      '101': { underReview: [{ field: 't4_kills', reason: 'T4 kills look misread' }], corrected: [] },
    });
    expect(await kdDkpMarks()).toEqual(marks);
    // Only the governors of the answered page: Ayla (the strongest) is on page 1 of one row, not on page 2.
    expect(await dashboardMarks('pageSize=1&page=2')).toBeUndefined();
    expect(Object.keys((await dashboardMarks('pageSize=1&page=1')) ?? {})).toEqual(['101']);

    const accept = await asAdmin(r, 'POST', `/flags/${flagId}/accept`, {});
    expect(accept.statusCode).toBe(200);
    expect(await dashboardMarks()).toBeUndefined();
    expect(await kdDkpMarks()).toBeUndefined();
  });

  it('a correction on the period’s first scan marks the gain as resting on it (old → new); revert puts the flag back', async () => {
    // A ranking-order flag: a correction re-checks the values it touches (issue 36), and the ranking's order is the
    // one check that cannot run again on a stored scan, so this hand-written flag survives the revert's re-check.
    const flagId = await flagValue(r.db, {
      scanId: r.scans[0]!,
      governorId: 103,
      field: 'power',
      check: 'power_rank_order',
      reason: 'Power looks misread',
    });
    expect((await dashboardMarks())?.['103']?.underReview).toEqual([
      { field: 'power', reason: 'Power looks misread' },
    ]);
    const correct = await asAdmin(r, 'POST', '/corrections', {
      scanId: r.scans[0],
      governorId: 103,
      field: 'power',
      value: 19_000_000,
      flagId,
    });
    expect(correct.statusCode).toBe(200);
    const marks = await dashboardMarks();
    expect(marks?.['103']).toEqual({
      underReview: [],
      corrected: [
        { field: 'power', oldValue: 20_000_000, newValue: 19_000_000, takenAt: expect.any(Number) },
      ],
    });
    expect((await kdDkpMarks())?.['103']).toEqual(marks?.['103']);
    const correctionId = (correct.json() as { correction: { id: number } }).correction.id;
    expect((await asAdmin(r, 'POST', `/corrections/${correctionId}/revert`)).statusCode).toBe(200);
    // The misread value is back, and with it its flag: under review again, no correction.
    const reverted = {
      '103': { underReview: [{ field: 'power', reason: 'Power looks misread' }], corrected: [] },
    };
    expect(await dashboardMarks()).toEqual(reverted);
    expect(await kdDkpMarks()).toEqual(reverted);
    expect((await asAdmin(r, 'POST', `/flags/${flagId}/accept`, {})).statusCode).toBe(200);
    expect(await dashboardMarks()).toBeUndefined();
    expect(await kdDkpMarks()).toBeUndefined();
  });

  it('a period that leaves out the flagged scan has no mark', async () => {
    const flagId = await flagValue(r.db, {
      scanId: r.scans[2]!,
      governorId: 102,
      field: 'dead',
      reason: 'Dead looks misread',
    });
    const times = await r.db
      .selectFrom('scans')
      .select('taken_at')
      .where('kingdom_kd', '=', KD)
      .orderBy('taken_at')
      .execute();
    expect((await dashboardMarks())?.['102']).toBeDefined();
    expect((await kdDkpMarks())?.['102']).toBeDefined();
    expect(
      await dashboardMarks(`pageSize=100&start_date=${times[0]?.taken_at}&end_date=${times[1]?.taken_at}`),
    ).toBeUndefined();
    await asAdmin(r, 'POST', `/flags/${flagId}/accept`, {});
  });

  it('marks beside the name only what the row uses; other shown values in their column; the rest nowhere', async () => {
    // Issue 36 item 6: helps under review on a kingdom whose DKP (the default formula) has no helps term.
    const helps = { field: 'helps', reason: 'Helps look misread' };
    const flagId = await flagValue(r.db, { scanId: r.scans[2]!, governorId: 102, ...helps });
    expect(await dashboardMarks()).toEqual({
      '102': { underReview: [helps], corrected: [], aside: ['helps'] },
    });
    expect(await kdDkpMarks()).toBeUndefined();

    // Once the formula scores helps, the same flag is in doubt for the DKP: beside the name on both screens.
    const save = await r.t.app.inject({
      method: 'POST',
      url: '/api/formula/save',
      headers: bearer(r.admin),
      payload: {
        passed_data: {
          kdnumber: KD,
          code: r.code,
          data: {
            goals: [
              {
                from: 0,
                to: 150,
                type: 'percentage',
                score_multiplier: 1,
                dead_multiplier: 1,
                kp_multiplier: 1,
              },
            ],
            stats_formula: { 'T4-Kills': [10, true], 'T5-Kills': [20, true], 'Alliance Helps': [5, true] },
            score_on: true,
            dead_on: false,
            kp_on: false,
          },
        },
      },
    });
    expect(save.statusCode).toBe(200);
    const scored = { '102': { underReview: [helps], corrected: [] } };
    expect(await dashboardMarks()).toEqual(scored);
    expect(await kdDkpMarks()).toEqual(scored);
    await asAdmin(r, 'POST', `/flags/${flagId}/accept`, {});
  });
});
