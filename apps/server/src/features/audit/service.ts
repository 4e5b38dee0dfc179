import type { AuditAction } from '@kingdom-stats/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowSeconds } from '../../time.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface AuditInput {
  /** Who did it; null for the CLI or the server itself. */
  userId: number | null;
  /** What happened, as `thing.verb`: one of core's AUDIT_ACTIONS, which the web app names in every language. */
  action: AuditAction;
  kingdomKd?: number | null;
  before?: unknown;
  after?: unknown;
}

/** One line in the audit log. Call it in the same transaction as the change where there is one. */
export async function recordAudit(db: Executor, input: AuditInput, at = nowSeconds()): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at,
      user_id: input.userId,
      action: input.action,
      kingdom_kd: input.kingdomKd ?? null,
      before_json: input.before === undefined ? null : JSON.stringify(input.before),
      after_json: input.after === undefined ? null : JSON.stringify(input.after),
    })
    .execute();
}

export interface AuditListItem {
  id: number;
  at: number;
  username: string | null;
  action: string;
}

/** The latest changes to one kingdom, newest first, with who made them. */
export async function listKingdomAudit(db: Executor, kd: number, limit = 20): Promise<AuditListItem[]> {
  return (await listKingdomAuditPage(db, kd, { limit })).changes;
}

export interface AuditPage {
  changes: AuditListItem[];
  /** Where the next (older) page starts, or null when this page reaches the first change. */
  next: string | null;
}

/** A page cursor: the last entry's time and id ('1767225600-42'); the order is time, then id, both descending. */
const CURSOR = /^(\d{1,15})-(\d{1,15})$/;

/**
 * One page of a kingdom's changes, newest first, older than the cursor `before` when given. A cursor rather than an
 * offset: changes made while someone pages do not shift the next page onto lines already shown.
 */
export async function listKingdomAuditPage(
  db: Executor,
  kd: number,
  { limit = 20, before = null }: { limit?: number; before?: string | null } = {},
): Promise<AuditPage> {
  const cursor = before ? CURSOR.exec(before) : null;
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.at', 'a.action', 'u.username'])
    .where('a.kingdom_kd', '=', kd);
  if (cursor) {
    const at = Number(cursor[1]);
    const id = Number(cursor[2]);
    query = query.where((eb) =>
      eb.or([eb('a.at', '<', at), eb.and([eb('a.at', '=', at), eb('a.id', '<', id)])]),
    );
  }
  const rows = await query
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit + 1)
    .execute();
  const changes = rows
    .slice(0, limit)
    .map((r) => ({ id: r.id, at: Number(r.at), action: r.action, username: r.username ?? null }));
  const last = changes.at(-1);
  return { changes, next: rows.length > limit && last ? `${last.at}-${last.id}` : null };
}
