import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewWorld, flagValue, type ReviewWorld } from './review-support.ts';

/**
 * scans.review_revision (migration 0011): the dashboard keeps a period's flags and corrections under its scans' review
 * revisions, so every way those rows change must move the revision of their scan, and of no other, whoever writes them.
 */
describe('a scan’s review revision', () => {
  let r: ReviewWorld;

  beforeAll(async () => {
    r = await createReviewWorld();
  });
  afterAll(() => r.t.close());

  const revisions = async () => {
    const rows = await r.db.selectFrom('scans').select(['id', 'review_revision']).orderBy('id').execute();
    return new Map(rows.map((row) => [row.id, Number(row.review_revision)]));
  };

  /** Runs `change` and answers whether it moved `scanId`'s revision; every other scan's must stay. */
  const moves = async (scanId: number, change: () => Promise<unknown>): Promise<boolean> => {
    const before = await revisions();
    await change();
    const after = await revisions();
    for (const [id, revision] of after)
      if (id !== scanId) expect(revision, `scan ${id}`).toBe(before.get(id));
    return (after.get(scanId) ?? 0) > (before.get(scanId) ?? 0);
  };

  it('moves with a flag written, changed and deleted', async () => {
    let flagId = 0;
    expect(
      await moves(r.scans[1]!, async () => {
        flagId = await flagValue(r.db, { scanId: r.scans[1]!, governorId: 101, field: 'power' });
      }),
    ).toBe(true);
    expect(
      await moves(r.scans[1]!, () =>
        r.db.updateTable('value_flags').set({ status: 'accepted' }).where('id', '=', flagId).execute(),
      ),
    ).toBe(true);
    expect(
      await moves(r.scans[1]!, () => r.db.deleteFrom('value_flags').where('id', '=', flagId).execute()),
    ).toBe(true);
  });

  it('moves with a correction written and reverted', async () => {
    let correctionId = 0;
    expect(
      await moves(r.scans[0]!, async () => {
        const row = await r.db
          .insertInto('value_corrections')
          .values({
            scan_id: r.scans[0]!,
            governor_id: 102,
            field: 'dead',
            imported_value: 500_000,
            corrected_value: 505_000,
            imported_row_json: null,
            reason: 'misread',
            created_by: null,
            created_at: 1_700_000_000,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        correctionId = row.id;
      }),
    ).toBe(true);
    expect(
      await moves(r.scans[0]!, () =>
        r.db
          .updateTable('value_corrections')
          .set({ reverted_at: 1_700_000_100 })
          .where('id', '=', correctionId)
          .execute(),
      ),
    ).toBe(true);
  });

  it('moves once or more for a statement of many rows, and not for a statement that changes none', async () => {
    expect(
      await moves(r.scans[2]!, () =>
        r.db
          .insertInto('value_flags')
          .values(
            [101, 102, 103].map((governorId) => ({
              scan_id: r.scans[2]!,
              governor_id: governorId,
              field: 't4_kills',
              check_kind: 'digit_misread',
              reason: 'T4 kills look misread',
              value: null,
              suggested_value: null,
              status: 'open' as const,
              resolved_by: null,
              resolved_at: null,
              created_at: 1_700_000_000,
            })),
          )
          .execute(),
      ),
    ).toBe(true);
    expect(
      await moves(r.scans[2]!, () =>
        r.db.updateTable('value_flags').set({ status: 'open' }).where('id', '=', -1).execute(),
      ),
    ).toBe(false);
  });
});
