import type { Kysely } from 'kysely';
import type { Database } from '../../../src/db/schema.ts';
import { correctReviewValue } from '../../../src/features/data-review/service.ts';
import type { RouteContext, RouteRule } from '../route-table.ts';

const review = (ctx: RouteContext) => `/api/admin/kingdoms/${ctx.kd}/${ctx.code}/review`;

/** A fresh scan's one governor, for calls that change a value or a row. */
async function freshRow(c: RouteContext): Promise<{ scanId: number; governorId: number }> {
  const scanId = await c.fresh.scan();
  const row = await c.db
    .selectFrom('governor_stats')
    .select('governor_id')
    .where('scan_id', '=', scanId)
    .executeTakeFirstOrThrow();
  return { scanId, governorId: row.governor_id };
}

async function freshFlag(db: Kysely<Database>, c: RouteContext): Promise<number> {
  const { scanId, governorId } = await freshRow(c);
  const row = await db
    .insertInto('value_flags')
    .values({
      scan_id: scanId,
      governor_id: governorId,
      field: 'power',
      check_kind: 'power_jump',
      reason: 'Power looks misread',
      value: 100,
      suggested_value: null,
      status: 'open',
      resolved_by: null,
      resolved_at: null,
      created_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The route table's rows for the Data Review page (features/data-review, docs/data-review.md). */
export const DATA_REVIEW_ROUTES: RouteRule[] = [
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/:code/review/flags',
    access: 'kingdom-admin',
    feature: 'data-review',
    request: (c) => ({ url: `${review(c)}/flags` }),
  },
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/:code/review/flags.csv',
    access: 'kingdom-admin',
    feature: 'data-review',
    request: (c) => ({ url: `${review(c)}/flags.csv` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/review/flags/:flagId/accept',
    access: 'kingdom-admin',
    feature: 'data-review',
    request: async (c) => ({ url: `${review(c)}/flags/${await freshFlag(c.db, c)}/accept`, payload: {} }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/review/flags/:flagId/swap',
    access: 'kingdom-admin',
    feature: 'data-review',
    // A pair of swapped rows takes two scans of two governors; a value's flag is the allowed caller's 400.
    request: async (c) => ({ url: `${review(c)}/flags/${await freshFlag(c.db, c)}/swap`, payload: {} }),
    ok: 400,
    note: "swaps an ID swap's two rows back (one correction); 400 here: the probe's flag is a value's",
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/review/corrections',
    access: 'kingdom-admin',
    feature: 'data-review',
    request: async (c) => ({
      url: `${review(c)}/corrections`,
      payload: { ...(await freshRow(c)), field: 'power', value: 101 },
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/:code/review/corrections',
    access: 'kingdom-admin',
    feature: 'data-review',
    request: (c) => ({ url: `${review(c)}/corrections` }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/review/corrections/:correctionId/revert',
    access: 'kingdom-admin',
    feature: 'data-review',
    request: async (c) => {
      const made = await correctReviewValue(
        c.db,
        { kd: c.kd, actorId: null },
        { ...(await freshRow(c)), field: 'power', value: 102 },
      );
      return { url: `${review(c)}/corrections/${made.correction?.id}/revert` };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/review/exclusions',
    access: 'kingdom-admin',
    feature: 'data-review',
    request: async (c) => ({ url: `${review(c)}/exclusions`, payload: await freshRow(c) }),
    note: "leaves a governor's row out of a scan (revertible)",
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/review/corrections.csv',
    access: 'kingdom-admin',
    feature: 'data-review',
    request: (c) => ({
      url: `${review(c)}/corrections.csv`,
      payload: Buffer.from('scan,governor_id,field,value,reason\n'),
      headers: { 'content-type': 'text/csv' },
    }),
    note: 'a CSV of corrections, all or nothing',
  },
  {
    method: 'GET',
    path: '/api/admin/kingdoms/:kd/:code/review/settings',
    access: 'kingdom-admin',
    feature: 'data-review',
    request: (c) => ({ url: `${review(c)}/settings` }),
  },
  {
    method: 'PUT',
    path: '/api/admin/kingdoms/:kd/:code/review/settings',
    access: 'kingdom-admin',
    feature: 'data-review',
    request: (c) => ({ url: `${review(c)}/settings`, payload: { minPowerChange: 3_000_000 } }),
  },
  {
    method: 'POST',
    path: '/api/admin/kingdoms/:kd/:code/review/recheck',
    access: 'kingdom-admin',
    feature: 'data-review',
    request: (c) => ({ url: `${review(c)}/recheck` }),
    note: "runs the checks again over the kingdom's stored scans with its current settings",
  },
];
