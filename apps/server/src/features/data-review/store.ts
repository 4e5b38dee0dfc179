import type { Kysely, Transaction } from 'kysely';
import type { Database, ValueFlagStatus } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { nowSeconds } from '../../time.ts';
import { recordAudit } from '../audit/service.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The flags the checks stored at import (docs/data-review-storage.md): listing them, accepting one, and the reads
 * the viewer marks need. A flag belongs to a kingdom through its scan.
 */

export interface StoredFlag {
  id: number;
  scanId: number;
  governorId: number;
  field: string;
  check: string;
  reason: string;
  value: number | null;
  suggested: number | null;
  status: ValueFlagStatus;
  resolvedBy: number | null;
  resolvedAt: number | null;
  createdAt: number;
}

export interface FlagFilter {
  status?: ValueFlagStatus;
  scanId?: number;
  governorId?: number;
  limit: number;
  offset: number;
}

function flagOf(row: {
  id: number;
  scan_id: number;
  governor_id: number;
  field: string;
  check_kind: string;
  reason: string;
  value: number | null;
  suggested_value: number | null;
  status: ValueFlagStatus;
  resolved_by: number | null;
  resolved_at: number | null;
  created_at: number;
}): StoredFlag {
  return {
    id: row.id,
    scanId: row.scan_id,
    governorId: Number(row.governor_id),
    field: row.field,
    check: row.check_kind,
    reason: row.reason,
    value: row.value === null ? null : Number(row.value),
    suggested: row.suggested_value === null ? null : Number(row.suggested_value),
    status: row.status,
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
    createdAt: Number(row.created_at),
  };
}

/** A kingdom's flags, newest scan first. */
export async function listFlags(db: Executor, kd: number, filter: FlagFilter): Promise<StoredFlag[]> {
  let query = db
    .selectFrom('value_flags as f')
    .innerJoin('scans as s', 's.id', 'f.scan_id')
    .selectAll('f')
    .where('s.kingdom_kd', '=', kd);
  if (filter.status) query = query.where('f.status', '=', filter.status);
  if (filter.scanId !== undefined) query = query.where('f.scan_id', '=', filter.scanId);
  if (filter.governorId !== undefined) query = query.where('f.governor_id', '=', filter.governorId);
  const rows = await query
    .orderBy('s.taken_at', 'desc')
    .orderBy('f.governor_id')
    .orderBy('f.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return rows.map(flagOf);
}

/** One of the kingdom's flags, or a NOT_FOUND naming it. */
export async function requireFlag(db: Executor, kd: number, flagId: number): Promise<StoredFlag> {
  const row = await db
    .selectFrom('value_flags as f')
    .innerJoin('scans as s', 's.id', 'f.scan_id')
    .selectAll('f')
    .where('f.id', '=', flagId)
    .where('s.kingdom_kd', '=', kd)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', `Kingdom ${kd} has no flag ${flagId}`);
  return flagOf(row);
}

export interface AcceptFlagInput {
  kd: number;
  flagId: number;
  actorId: number | null;
  reason?: string | null;
}

/** The value is right as imported: the flag is closed, the value kept, the audit log says who said so. */
export async function acceptFlag(db: Kysely<Database>, input: AcceptFlagInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const flag = await requireFlag(trx, input.kd, input.flagId);
    if (flag.status !== 'open') {
      throw new AppError('CONFLICT', `Flag ${flag.id} is already ${flag.status}`);
    }
    await setFlagStatus(trx, [flag.id], 'accepted', input.actorId);
    await recordAudit(trx, {
      userId: input.actorId,
      action: 'value-flag.accept',
      kingdomKd: input.kd,
      before: { flagId: flag.id, scanId: flag.scanId, governorId: flag.governorId, field: flag.field },
      after: { status: 'accepted', value: flag.value, reason: input.reason ?? null },
    });
  });
}

export async function setFlagStatus(
  db: Executor,
  ids: readonly number[],
  status: ValueFlagStatus,
  actorId: number | null,
): Promise<void> {
  if (ids.length === 0) return;
  const open = status === 'open';
  await db
    .updateTable('value_flags')
    .set({ status, resolved_by: open ? null : actorId, resolved_at: open ? null : nowSeconds() })
    .where('id', 'in', [...ids])
    .execute();
}

/** The open flags of these governors in these scans (the viewer marks). */
export async function openFlagsFor(
  db: Executor,
  scanIds: readonly number[],
  governorIds: readonly number[],
): Promise<StoredFlag[]> {
  if (scanIds.length === 0 || governorIds.length === 0) return [];
  const rows = await db
    .selectFrom('value_flags')
    .selectAll()
    .where('scan_id', 'in', [...scanIds])
    .where('governor_id', 'in', [...governorIds])
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
  return rows.map(flagOf);
}

/** Open flags in a kingdom, all scans: the count an import's result and the review page's badge show. */
export async function countOpenFlags(db: Executor, kd: number, scanIds?: readonly number[]): Promise<number> {
  let query = db
    .selectFrom('value_flags as f')
    .innerJoin('scans as s', 's.id', 'f.scan_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('s.kingdom_kd', '=', kd)
    .where('f.status', '=', 'open');
  if (scanIds) {
    if (scanIds.length === 0) return 0;
    query = query.where('f.scan_id', 'in', [...scanIds]);
  }
  const { n } = await query.executeTakeFirstOrThrow();
  return Number(n);
}
