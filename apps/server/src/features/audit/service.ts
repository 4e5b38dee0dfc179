import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowSeconds } from '../../time.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface AuditInput {
  /** Who did it; null for the CLI or the server itself. */
  userId: number | null;
  /** What happened, as `thing.verb`: `scan.import`, `kingdom.code.rotate`, `user.delete`, … */
  action: string;
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
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.at', 'a.action', 'u.username'])
    .where('a.kingdom_kd', '=', kd)
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, at: r.at, action: r.action, username: r.username ?? null }));
}
