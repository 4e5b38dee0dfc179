import { CHECKED_FIELDS, searchLikePattern } from '@kingdom-stats/core';
import {
  FLAG_STATUSES,
  type FlagStatus,
  type ReviewCorrection,
  type ReviewCorrectionsResponse,
  type ReviewFlag,
  type ReviewFlagsResponse,
  type ReviewScanValue,
  type reviewFlagsQuerySchema,
} from '@kingdom-stats/core/api';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { readSwapRecord, swapPartners } from './swaps.ts';

/** The review page's reads (docs/data-review.md): flags with the governor's values around them, and corrections. */

export type FlagsQuery = z.output<typeof reviewFlagsQuerySchema>;

/** The flags' columns the page shows, with the scan and who resolved it. */
function flagRows(db: Kysely<Database>, kd: number) {
  return db
    .selectFrom('value_flags as f')
    .innerJoin('scans as s', 's.id', 'f.scan_id')
    .leftJoin('governor_stats as g', (join) =>
      join.onRef('g.scan_id', '=', 'f.scan_id').onRef('g.governor_id', '=', 'f.governor_id'),
    )
    .leftJoin('users as u', 'u.id', 'f.resolved_by')
    .where('s.kingdom_kd', '=', kd);
}

type FlagRow = Awaited<ReturnType<typeof selectFlags>>[number];

function selectFlags(query: ReturnType<typeof flagRows>) {
  return query
    .select([
      'f.id',
      'f.scan_id',
      'f.governor_id',
      'f.field',
      'f.check_kind',
      'f.reason',
      'f.value',
      'f.suggested_value',
      'f.status',
      'f.resolved_at',
      's.name as scan_name',
      's.taken_at',
      's.kind',
      'g.name as governor_name',
      'u.username as resolved_by',
    ])
    .execute();
}

export async function listReviewFlags(
  db: Kysely<Database>,
  kd: number,
  query: FlagsQuery,
): Promise<ReviewFlagsResponse> {
  let filtered = flagRows(db, kd);
  if (query.status !== 'all') filtered = filtered.where('f.status', '=', query.status);
  if (query.scan !== undefined) filtered = filtered.where('f.scan_id', '=', query.scan);
  if (query.check !== undefined) filtered = filtered.where('f.check_kind', '=', query.check);
  if (query.governor !== undefined) {
    // As the dashboard's search (SPEC §5): part of the ID or of the name. Digits were once taken as a whole ID, so a
    // partial ID or the digits in a name ("Kurt88") found nothing (issue 41).
    const pattern = searchLikePattern(query.governor);
    if (pattern !== null)
      filtered = filtered.where(
        sql<boolean>`(cast(f.governor_id as text) like ${pattern} escape '\\' or lower(g.name) like ${pattern} escape '\\')`,
      );
  }
  const [total, rows, counts] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    selectFlags(
      filtered
        .orderBy('s.taken_at', 'desc')
        .orderBy('f.governor_id')
        .orderBy('f.id')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    ),
    flagCounts(db, kd),
  ]);
  return {
    flags: await withContext(db, kd, rows),
    total: Number(total.n),
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}

/** Every flag the query matches, unpaged (the CSV). */
export async function allReviewFlags(
  db: Kysely<Database>,
  kd: number,
  query: FlagsQuery,
): Promise<ReviewFlag[]> {
  const flags: ReviewFlag[] = [];
  for (let page = 1; ; page++) {
    const answer = await listReviewFlags(db, kd, { ...query, page, pageSize: 500 });
    flags.push(...answer.flags);
    if (answer.flags.length < 500) return flags;
  }
}

export async function findReviewFlag(
  db: Kysely<Database>,
  kd: number,
  flagId: number,
): Promise<ReviewFlag | null> {
  const rows = await selectFlags(flagRows(db, kd).where('f.id', '=', flagId));
  const [flag] = await withContext(db, kd, rows);
  return flag ?? null;
}

async function flagCounts(db: Kysely<Database>, kd: number): Promise<Record<FlagStatus, number>> {
  const rows = await db
    .selectFrom('value_flags as f')
    .innerJoin('scans as s', 's.id', 'f.scan_id')
    .select(['f.status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('s.kingdom_kd', '=', kd)
    .groupBy('f.status')
    .execute();
  const counts = Object.fromEntries(FLAG_STATUSES.map((s) => [s, 0])) as Record<FlagStatus, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as FlagStatus] = Number(row.n);
  return counts;
}

/** Every value a check looks at: the values shown around a flag. */
const CONTEXT_COLUMNS = CHECKED_FIELDS;

/**
 * Adds each flag's previous / this / next values: the governor's rows in the kingdom's scans of the same kind, read
 * once for all the flags' governors (a page: at most 500 governors). A 'governor' flag (an ID given to another
 * account) shows power, the value that gave it away.
 */
async function withContext(db: Kysely<Database>, kd: number, rows: FlagRow[]): Promise<ReviewFlag[]> {
  if (rows.length === 0) return [];
  const swaps = await swapPartners(
    db,
    kd,
    rows
      .filter((r) => r.check_kind === 'id_reused' && r.status === 'open')
      .map((r) => ({ scanId: r.scan_id, governorId: Number(r.governor_id) })),
  );
  const governorIds = [...new Set([...rows.map((r) => r.governor_id), ...swaps.values()])];
  const history = await db
    .selectFrom('governor_stats as g')
    .innerJoin('scans as s', 's.id', 'g.scan_id')
    .select(['g.governor_id', 'g.name', 's.id as scan_id', 's.name as scan_name', 's.taken_at', 's.kind'])
    .select(CONTEXT_COLUMNS.map((c) => `g.${c}` as const))
    .where('s.kingdom_kd', '=', kd)
    .where('g.governor_id', 'in', governorIds)
    .orderBy('s.taken_at')
    .orderBy('s.id')
    .execute();
  const byGovernor = new Map<number, typeof history>();
  for (const row of history) {
    const list = byGovernor.get(row.governor_id) ?? [];
    list.push(row);
    byGovernor.set(row.governor_id, list);
  }
  return rows.map((row) => {
    const own = (byGovernor.get(row.governor_id) ?? []).filter((h) => h.kind === row.kind);
    const column = (row.field === 'governor' ? 'power' : row.field) as (typeof CONTEXT_COLUMNS)[number];
    const valueIn = (h: (typeof own)[number] | undefined): ReviewScanValue | null =>
      h
        ? { scanId: h.scan_id, scanName: h.scan_name, takenAt: h.taken_at, value: numberOrNull(h[column]) }
        : null;
    const previous = own.filter((h) => h.taken_at < row.taken_at).at(-1);
    const current = own.find((h) => h.scan_id === row.scan_id);
    const next = own.find((h) => h.taken_at > row.taken_at);
    const partner = swaps.get(`${row.scan_id}:${Number(row.governor_id)}`);
    const partnerRow =
      partner === undefined ? undefined : byGovernor.get(partner)?.find((h) => h.scan_id === row.scan_id);
    return {
      id: row.id,
      scanId: row.scan_id,
      scanName: row.scan_name,
      takenAt: row.taken_at,
      governorId: row.governor_id,
      governorName: row.governor_name ?? current?.name ?? own.at(-1)?.name ?? '',
      field: row.field as ReviewFlag['field'],
      check: row.check_kind as ReviewFlag['check'],
      reason: row.reason,
      value: numberOrNull(row.value),
      suggested: numberOrNull(row.suggested_value),
      status: row.status as FlagStatus,
      resolvedBy: row.resolved_by ?? null,
      resolvedAt: row.resolved_at ?? null,
      swapWith: partner === undefined ? null : { governorId: partner, governorName: partnerRow?.name ?? '' },
      context: { previous: valueIn(previous), current: valueIn(current), next: valueIn(next) },
    };
  });
}

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** Corrections, newest first, with who made (and reverted) them. */
export async function listReviewCorrections(
  db: Kysely<Database>,
  kd: number,
  query: { state: 'active' | 'all'; page: number; pageSize: number; id?: number },
): Promise<ReviewCorrectionsResponse> {
  let filtered = db
    .selectFrom('value_corrections as c')
    .innerJoin('scans as s', 's.id', 'c.scan_id')
    .where('s.kingdom_kd', '=', kd);
  if (query.state === 'active') filtered = filtered.where('c.reverted_at', 'is', null);
  if (query.id !== undefined) filtered = filtered.where('c.id', '=', query.id);
  const [total, rows] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    filtered
      .leftJoin('governor_stats as g', (join) =>
        join.onRef('g.scan_id', '=', 'c.scan_id').onRef('g.governor_id', '=', 'c.governor_id'),
      )
      .leftJoin('users as made', 'made.id', 'c.created_by')
      .leftJoin('users as undone', 'undone.id', 'c.reverted_by')
      .select([
        'c.id',
        'c.scan_id',
        'c.governor_id',
        'c.field',
        'c.imported_value',
        'c.corrected_value',
        'c.imported_row_json',
        'c.reason',
        'c.created_at',
        'c.reverted_at',
        's.name as scan_name',
        's.taken_at',
        'g.name as governor_name',
        'made.username as created_by',
        'undone.username as reverted_by',
      ])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  const corrections: ReviewCorrection[] = rows.map((row) => ({
    id: row.id,
    scanId: row.scan_id,
    scanName: row.scan_name,
    takenAt: row.taken_at,
    governorId: row.governor_id,
    governorName: row.governor_name ?? nameInRow(row.imported_row_json),
    swapWith: row.field === 'swap' ? (readSwapRecord(row.imported_row_json)?.partner ?? null) : null,
    field: row.field as ReviewCorrection['field'],
    oldValue: numberOrNull(row.imported_value),
    newValue: numberOrNull(row.corrected_value),
    reason: row.reason ?? null,
    createdBy: row.created_by ?? null,
    createdAt: row.created_at,
    revertedBy: row.reverted_by ?? null,
    revertedAt: row.reverted_at ?? null,
  }));
  return { corrections, total: Number(total.n), page: query.page, pageSize: query.pageSize };
}

export async function findReviewCorrection(
  db: Kysely<Database>,
  kd: number,
  id: number,
): Promise<ReviewCorrection | null> {
  const answer = await listReviewCorrections(db, kd, { state: 'all', page: 1, pageSize: 1, id });
  return answer.corrections[0] ?? null;
}

/** An excluded row's name, from the row kept whole in the correction. */
function nameInRow(json: string | null): string {
  if (!json) return '';
  try {
    const row = JSON.parse(json) as { name?: unknown };
    return typeof row.name === 'string' ? row.name : '';
  } catch {
    return '';
  }
}
